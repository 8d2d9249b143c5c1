/**
 * The shipped deploy/nginx.conf in front of two real replicas (`ginko serve --trust-proxy`),
 * with a real nginx: the client address is the one nginx saw, whatever X-Forwarded-For the
 * client writes, for IP restrictions, abuse protection and the log; /healthz answers a direct
 * probe; download URLs are built from --public-url; an operator signs in to the console on a
 * port other than 443; a replica stopped while requests flow
 * leaves every GET answered by the other. Needs nginx (Debian: nginx-light, which
 * .ci/run installs): skipped with a message without it, failing under CI=true.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { OperatorStore } from '../src/console/operators.js';
import { KeyStore } from '../src/store/key-store.js';
import { PlanStore } from '../src/store/plan-store.js';
import { seedTestStore } from './support/seed.js';
import { GENERATED_KEY, loadOrCreateCertificate } from '../src/http/edge/tls.js';
import { openStore } from '../src/store/open.js';
import { type RunningGinko, startGinko } from './support/process.js';
import { closedPort } from './support/services.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-nginx-');
const SAMPLE = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));
/** The client's own address: on the loopback, but not the proxy's (the replicas trust 127.0.0.1 only). */
const CLIENT_ADDRESS = '127.0.0.3';
const PUBLIC_URL = 'https://bank-directory.example.jp';
const IN_CI = process.env.CI === 'true';
const OPERATOR_PASSWORD = 'a long enough password';

function findNginx(): string | undefined {
  const known = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (known) return known;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The sample with this machine's addresses, ports and certificate; fails if the sample no longer has the lines it replaces. */
function localSample(ports: { https: number; http: number; replicas: readonly number[] }, cert: { cert: string; key: string }): string {
  let text = readFileSync(SAMPLE, 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    assert.notEqual(next, text, `deploy/nginx.conf no longer contains ${String(from)}`);
    text = next;
  };
  replace('server 10.0.0.11:8080', `server 127.0.0.1:${ports.replicas[0]}`);
  replace('server 10.0.0.12:8080', `server 127.0.0.1:${ports.replicas[1]}`);
  replace(/listen 443 ssl/, `listen 127.0.0.1:${ports.https} ssl`);
  replace(/listen 80;/, `listen 127.0.0.1:${ports.http};`);
  replace('/etc/ssl/ginko/fullchain.pem', cert.cert);
  replace('/etc/ssl/ginko/privkey.pem', cert.key);
  return text;
}

interface Answer {
  readonly status: number;
  readonly body: string;
}

describe('behind the sample nginx configuration, with a real nginx and two replicas', () => {
  const nginx = findNginx();
  let skip: string | undefined;
  let proxy: ChildProcess | undefined;
  let replicas: RunningGinko[] = [];
  let httpsPort = 0;
  let ca = '';
  const keys: Record<'restricted' | 'allowed' | 'exporter' | 'roomy', string> = { restricted: '', allowed: '', exporter: '', roomy: '' };

  before(async () => {
    if (!nginx) {
      const message = 'nginx is not installed (Debian: apt-get install nginx-light; .ci/run installs it)';
      if (IN_CI) throw new Error(message);
      skip = message;
      return;
    }
    const dataDir = tempDir();
    const store = await openStore({ dataDir });
    try {
      await seedTestStore(store);
      await new PlanStore(store.db).ensureDefaults();
      const keyStore = new KeyStore(store.db);
      keys.restricted = (await keyStore.create({ plan: 'standard', name: 'office', ips: ['203.0.113.0/24'] })).key;
      keys.allowed = (await keyStore.create({ plan: 'standard', name: 'this client', ips: [CLIENT_ADDRESS] })).key;
      keys.exporter = (await keyStore.create({ plan: 'standard', name: 'exporter' })).key;
      keys.roomy = (await keyStore.create({ plan: 'unlimited', name: 'rolling restart' })).key;
      await new OperatorStore(store.db).add('alice', OPERATOR_PASSWORD);
    } finally {
      await store.close();
    }
    const common = ['--data-dir', dataDir, '--trust-proxy', '127.0.0.1', '--public-url', PUBLIC_URL, '--log-level', 'info', '--abuse-threshold', '3', '--poll-interval', '0'];
    // One after the other: the first creates the development key, the second finds it.
    replicas.push(await startGinko(common));
    replicas.push(await startGinko(common));

    const dir = tempDir();
    const certDir = join(dir, 'tls');
    const cert = await loadOrCreateCertificate(certDir);
    ca = cert.cert;
    httpsPort = await closedPort();
    const conf = localSample({ https: httpsPort, http: await closedPort(), replicas: replicas.map((r) => Number(new URL(r.url).port)) }, { cert: cert.certPath, key: join(certDir, GENERATED_KEY) });
    writeFileSync(join(dir, 'sample.conf'), conf);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${join(dir, 'nginx.pid')};`,
        `error_log ${join(dir, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  access_log off;',
        ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${join(dir, t)};`),
        `  include ${join(dir, 'sample.conf')};`,
        '}',
      ].join('\n'),
    );
    proxy = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proxy.stderr!.on('data', (c) => (stderr += c));
    await waitForPort(httpsPort, () => `nginx did not start: ${stderr}${existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''}`);
  });

  after(async () => {
    proxy?.kill('SIGTERM');
    await Promise.all(replicas.map((r) => r.stop()));
    replicas = [];
  });

  /** A request through nginx from CLIENT_ADDRESS. */
  const viaProxy = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: httpsPort, localAddress: CLIENT_ADDRESS, servername: 'localhost', ca, method, path, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('refuses a key restricted to other addresses whatever X-Forwarded-For the client writes', async (t) => {
    if (skip) return t.skip(skip);
    for (let i = 0; i < 4; i++) {
      const res = await viaProxy('GET', '/v3/banks/0001', { 'x-api-key': keys.restricted, 'x-forwarded-for': '203.0.113.5' });
      assert.equal(res.status, 403, res.body);
      assert.equal(JSON.parse(res.body).message, 'the API key is not allowed from this IP address');
    }
  });

  it("serves a key restricted to the client's real address, whatever address it claims", async (t) => {
    if (skip) return t.skip(skip);
    for (let i = 0; i < 4; i++) {
      const res = await viaProxy('GET', '/v3/banks/0001', { 'x-api-key': keys.allowed, 'x-forwarded-for': `198.51.100.${i + 1}` });
      assert.equal(res.status, 200, res.body);
    }
  });

  it('blocks a client without a valid key that claims a new address with every request', async (t) => {
    if (skip) return t.skip(skip);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await viaProxy('GET', '/v3/banks/0001', { 'x-forwarded-for': `192.0.2.${i + 1}` })).status);
    // Threshold 3 per replica (no Redis): each replica blocks the client at its 4th request.
    assert.deepEqual(statuses.slice(0, 2), [401, 401]);
    assert.deepEqual(statuses.slice(-4), [403, 403, 403, 403]);
  });

  it('logs the address nginx saw, never the claimed ones', async (t) => {
    if (skip) return t.skip(skip);
    const responseIps = () =>
      replicas.flatMap((r) =>
        r
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"msg":"response"'))
          .map((line) => (JSON.parse(line) as { ip: string }).ip),
      );
    // The replicas' output arrives through pipes: give the last lines a moment.
    for (let waited = 0; responseIps().length < 20 && waited < 3_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const ips = responseIps();
    assert.equal(ips.length, 20, 'one line per request so far (4 + 4 + 12)');
    assert.deepEqual([...new Set(ips)], [CLIENT_ADDRESS]);
    assert.ok(replicas.every((r) => r.stdout().includes(`"ip":"${CLIENT_ADDRESS}"`)), 'both replicas served');
  });

  it('builds download URLs from --public-url, not from the Host the client sent', async (t) => {
    if (skip) return t.skip(skip);
    const res = await viaProxy('POST', '/master/v1/download-url', { 'x-api-key': keys.exporter, host: 'evil.example', 'content-type': 'application/json' }, '{"dataset_id":"upd-20260824"}');
    assert.equal(res.status, 200, res.body);
    assert.match(JSON.parse(res.body).download_url, /^https:\/\/bank-directory\.example\.jp\/master\/v1\/downloads\/upd-20260824\.zip\?key=key_/);
  });

  // A browser on a port other than 443 sends Host and Origin with the port; the sample must pass
  // the Host on as sent, or the console's same-origin check refuses the sign-in.
  it('lets an operator sign in to the console through nginx on a port other than 443', async (t) => {
    if (skip) return t.skip(skip);
    const origin = `https://127.0.0.1:${httpsPort}`;
    const res = await viaProxy('POST', '/admin/sign-in', { origin, 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams({ name: 'alice', password: OPERATOR_PASSWORD }).toString());
    assert.equal(res.status, 303, res.body);
    const elsewhere = await viaProxy('POST', '/admin/sign-in', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams({ name: 'alice', password: OPERATOR_PASSWORD }).toString());
    assert.equal(elsewhere.status, 403, 'another origin is still refused');
  });

  it('answers a direct /healthz probe without X-Forwarded-Proto, and refuses other plain requests', async (t) => {
    if (skip) return t.skip(skip);
    for (const replica of replicas) {
      assert.equal((await fetch(`${replica.url}/healthz`)).status, 200);
      const plain = await fetch(`${replica.url}/v3/banks/0001`, { headers: { 'x-api-key': keys.allowed } });
      assert.equal(plain.status, 403);
    }
  });

  // Last: it stops a replica. From SIGTERM on, the replica refuses new connections and answers
  // 503 on nginx's kept ones; the sample's proxy_next_upstream sends a GET to the other replica
  // either way (docs/deployment.md#health-checks).
  it('answers every GET while a replica is stopped, from the other replica', async (t) => {
    if (skip) return t.skip(skip);
    const [stopped] = replicas;
    const statuses = new Map<number, number>();
    let exited: Promise<number | null> | undefined;
    for (let round = 0; round < 40; round++) {
      if (round === 5) exited = stopped!.stop();
      const answers = await Promise.all(Array.from({ length: 8 }, () => viaProxy('GET', '/v3/banks/0001', { 'x-api-key': keys.roomy })));
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
    assert.equal(await exited, 0);
    assert.deepEqual([...statuses], [[200, 320]]);
    const served = (r: RunningGinko) => r.stdout().split('\n').filter((l) => l.includes('"msg":"response"') && l.includes('"status":200') && l.includes('"url":"/v3/banks/0001"')).length;
    // Both served some of them, the stopped one before its SIGTERM; none was refused to the client.
    assert.ok(served(stopped!) > 0 && served(replicas[1]!) > 0, `served: ${served(stopped!)} and ${served(replicas[1]!)}`);
  });
});

async function waitForPort(port: number, failure: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(failure());
}

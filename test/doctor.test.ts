/**
 * `ginko doctor` as an operator runs it: a real child process with serve's flags, its plain
 * words on stdout and its exit code, against a healthy data directory and broken setups.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { migrationProvider } from '../src/store/migrations.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { generate } from 'selfsigned';
import { checkCertificatePem, formatResults } from '../src/cli/doctor.js';
import { runGinko, startGinko } from './support/process.js';
import { closedPort, createPostgresDatabase, REDIS_URL } from './support/services.js';

const root = mkdtempSync(join(tmpdir(), 'ginko-doctor-'));
const dataDir = join(root, 'data');
after(() => rmSync(root, { recursive: true, force: true }));

/** Lines of doctor's report by check name (several lines may share one). */
/** Days since the bundled data's effective date: past 45, doctor warns on every seeded store. */
const BUNDLED_DAYS = Math.floor((Date.now() - Date.parse('2026-08-24T00:00:00+09:00')) / 86_400_000);
const STALE_WARNINGS = BUNDLED_DAYS > 45 ? 1 : 0;

function lines(stdout: string, check: string): string[] {
  return stdout.split('\n').filter((l) => new RegExp(`^(ok  |WARN|FAIL)  ${check} +`).test(l));
}

async function certificate(daysFromNow: number, validDays: number): Promise<{ cert: string; key: string }> {
  const now = Date.now();
  const pems = await generate([{ name: 'commonName', value: 'ginko.example.jp' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now + (daysFromNow - validDays) * 86_400_000),
    notAfterDate: new Date(now + daysFromNow * 86_400_000),
  });
  return { cert: pems.cert, key: pems.private };
}

function writePems(name: string, pems: { cert: string; key: string }): { certPath: string; keyPath: string } {
  const certPath = join(root, `${name}-cert.pem`);
  const keyPath = join(root, `${name}-key.pem`);
  writeFileSync(certPath, pems.cert);
  writeFileSync(keyPath, pems.key, { mode: 0o600 });
  return { certPath, keyPath };
}

let port: number;
let servedMetrics = '';

before(async () => {
  // A data directory as a first start leaves it: store, seeded history, certificate, dev key.
  const server = await startGinko(['--data-dir', dataDir]);
  const res = await fetchOverHttps(`${server.url}/metrics`, readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8'));
  servedMetrics = res;
  assert.equal(await server.stop(), 0);
  port = await closedPort();
});

function fetchOverHttps(url: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { ca }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(`${res.statusCode}\n${body}`));
    })
      .on('error', reject)
      .end();
  });
}

describe('ginko serve metrics', () => {
  it('serves /metrics without a key by default, with process metrics and the dataset', () => {
    assert.match(servedMetrics, /^200\n/);
    assert.match(servedMetrics, /^ginko_dataset_info\{version="2026-08-24T00:00:00\+0900"\} 1$/m);
    assert.match(servedMetrics, /^process_resident_memory_bytes \d+/m);
    assert.match(servedMetrics, /^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    assert.match(servedMetrics, /^ginko_rate_limit_store_up\{store="memory"\} 1$/m);
  });
});

describe('ginko doctor on a healthy setup', () => {
  it('passes every check, names the dataset, and exits 0', async () => {
    unlinkSync(join(dataDir, 'development-key.txt'));
    const run = await runGinko(['doctor', '--data-dir', dataDir, '--port', String(port)]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(run.stderr, '');
    assert.deepEqual(lines(run.stdout, 'dataset'), [
      'ok    dataset         version 2026-08-24T00:00:00+0900 (update upd-20260824): 1,146 institutions, 28,944 branches; 5 update(s) in the change history',
    ]);
    assert.deepEqual(lines(run.stdout, 'store'), [`ok    store           ${join(dataDir, 'ginko.sqlite')} is reachable; schema up to date (${Object.keys(await migrationProvider.getMigrations()).length} migrations)`]);
    assert.deepEqual(lines(run.stdout, 'keys'), ['ok    keys            1 active API key(s), 0 revoked; plans: free, pro, standard, unlimited']);
    assert.deepEqual(lines(run.stdout, 'redis'), ['ok    redis           not configured: rate limits and abuse blocks are counted in this process, so each server counts on its own']);
    assert.match(lines(run.stdout, 'certificate')[0]!, /^ok {4}certificate {5}the self-signed certificate .*tls-cert\.pem \(CN=localhost\) is valid until \d{4}-\d{2}-\d{2} \(82[45] days\)$/);
    assert.deepEqual(lines(run.stdout, 'port'), [`ok    port            127.0.0.1:${port} is free`]);
    // The bundled data is dated 2026-08-24: older than 45 days is the one warning.
    const age = BUNDLED_DAYS > 45 ? [`WARN  freshness       the current snapshot's effective date 2026-08-24 is ${BUNDLED_DAYS} days old (more than 45): run \`ginko update\`, or serve with --update-interval 24h (docs/history.md#update)`] : [];
    assert.deepEqual(lines(run.stdout, 'freshness'), age);
    assert.equal(run.stdout.trim().split('\n').at(-1), age.length ? 'No problems; 1 warning worth a look.' : 'All checks passed.');
    assert.equal(run.stdout.split('\n').filter((l) => l.startsWith('WARN') || l.startsWith('FAIL')).length, age.length);
  });

  it('prints JSON with --json, warns about loose permissions and reachable Redis state', async () => {
    chmodSync(join(dataDir, 'tls-key.pem'), 0o644);
    try {
      const run = await runGinko(['doctor', '--json', '--data-dir', dataDir, '--port', String(port), '--redis-url', REDIS_URL]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const report = JSON.parse(run.stdout) as { ok: boolean; checks: { check: string; status: string; message: string }[] };
      assert.equal(report.ok, true);
      assert.deepEqual(
        report.checks.filter((c) => c.check === 'data directory'),
        [{ check: 'data directory', status: 'warn', message: `${join(dataDir, 'tls-key.pem')} (the TLS private key) is readable or writable by other users (mode 644): chmod 600 it` }],
      );
      const redis = report.checks.find((c) => c.check === 'redis')!;
      // CI has Redis; elsewhere the check must say plainly that it is not there.
      if (redis.status === 'ok') assert.match(redis.message, /^reachable at redis:\/\/127\.0\.0\.1:6379 \(Redis \d+\.\d+\.\d+\), ping [\d.]+ ms$/);
      else assert.equal(process.env.CI === 'true', false, redis.message);
    } finally {
      chmodSync(join(dataDir, 'tls-key.pem'), 0o600);
    }
  });
});

describe('ginko doctor on broken setups', () => {
  it('fails an expired certificate and one whose key does not match, warns about one expiring soon', async () => {
    const expired = writePems('expired', await certificate(-1, 90));
    const soon = writePems('soon', await certificate(10.5, 90));
    const other = await certificate(400, 800);
    const mismatched = writePems('mismatched', { cert: (await certificate(400, 800)).cert, key: other.key });
    const [a, b, c] = await Promise.all(
      [expired, soon, mismatched].map((p) => runGinko(['doctor', '--data-dir', dataDir, '--port', String(port), '--tls-cert', p.certPath, '--tls-key', p.keyPath])),
    );
    assert.equal(a!.code, 1);
    assert.match(lines(a!.stdout, 'certificate')[0]!, new RegExp(`^FAIL  certificate     the certificate ${expired.certPath} \\(CN=ginko\\.example\\.jp\\) expired on \\d{4}-\\d{2}-\\d{2}: clients refuse the connection; renew it$`));
    assert.equal(a!.stdout.trim().split('\n').at(-1), `1 problem${STALE_WARNINGS ? ' and 1 warning' : ''}: Ginko would not run correctly until the FAIL lines are fixed.`);
    assert.equal(b!.code, 0);
    assert.match(lines(b!.stdout, 'certificate')[0]!, new RegExp(`^WARN  certificate     the certificate ${soon.certPath} \\(CN=ginko\\.example\\.jp\\) expires in 10 day\\(s\\), on \\d{4}-\\d{2}-\\d{2}: renew it soon$`));
    assert.equal(b!.stdout.trim().split('\n').at(-1), `No problems; ${1 + STALE_WARNINGS} warning${STALE_WARNINGS ? 's' : ''} worth a look.`);
    assert.equal(c!.code, 1);
    assert.deepEqual(lines(c!.stdout, 'certificate'), [`FAIL  certificate     the private key does not belong to the certificate ${mismatched.certPath}`]);
  });

  it('fails a garbage or unreadable certificate in plain words', async () => {
    const garbage = join(root, 'garbage.pem');
    writeFileSync(garbage, '-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n');
    const missing = join(root, 'missing.pem');
    const [g, m] = await Promise.all([
      runGinko(['doctor', '--data-dir', dataDir, '--port', String(port), '--tls-cert', garbage, '--tls-key', garbage]),
      runGinko(['doctor', '--data-dir', dataDir, '--port', String(port), '--tls-cert', missing, '--tls-key', missing]),
    ]);
    assert.equal(g.code, 1);
    assert.deepEqual(lines(g.stdout, 'certificate'), [`FAIL  certificate     the certificate ${garbage} is not a PEM certificate`]);
    assert.equal(m.code, 1);
    assert.deepEqual(lines(m.stdout, 'certificate'), [`FAIL  certificate     cannot read the certificate ${missing}: ENOENT: no such file or directory, open '${missing}'`]);
  });

  it('fails an unreachable database URL and an unreachable Redis URL, with the password hidden', async () => {
    const dead = await closedPort();
    const run = await runGinko([
      'doctor',
      '--data-dir',
      dataDir,
      '--port',
      String(port),
      '--database-url',
      `postgres://ginko:s3cret@127.0.0.1:${dead}/ginko`,
      '--redis-url',
      `redis://:hunter2@127.0.0.1:${dead}`,
    ]);
    assert.equal(run.code, 1);
    assert.deepEqual(lines(run.stdout, 'store'), [`FAIL  store           cannot open PostgreSQL at postgres://ginko:***@127.0.0.1:${dead}/ginko: connect ECONNREFUSED 127.0.0.1:${dead}`]);
    assert.deepEqual(lines(run.stdout, 'keys'), ['WARN  keys            not checked: the store cannot be read']);
    assert.deepEqual(lines(run.stdout, 'redis'), [
      `FAIL  redis           cannot reach Redis at redis://:***@127.0.0.1:${dead}: connect ECONNREFUSED 127.0.0.1:${dead}. serve would still start, but each server would enforce rate limits on its own until Redis is back`,
    ]);
    assert.equal(run.stdout.includes('s3cret') || run.stdout.includes('hunter2'), false);
    assert.equal(run.stdout.trim().split('\n').at(-1), '2 problems and 2 warnings: Ginko would not run correctly until the FAIL lines are fixed.');
  });

  it('reports every bad GINKO_* variable instead of stopping at the first; serve refuses them', async () => {
    const env = { GINKO_PORT: 'eighty', GINKO_ABUSE_WINDOW: '0', GINKO_METRICS: 'public', GINKO_UPDATE_INTERVAL: 'daily', GINKO_REGISTRY: 'ftp://mirror.example/' };
    const run = await runGinko(['doctor', '--data-dir', dataDir], env);
    assert.equal(run.code, 1);
    assert.deepEqual(lines(run.stdout, 'configuration'), [
      'FAIL  configuration   GINKO_PORT must be an integer of at least 0, not "eighty"; serve refuses to start until it is fixed',
      'FAIL  configuration   GINKO_METRICS must be one of open, key, off, not "public"; serve refuses to start until it is fixed',
      'FAIL  configuration   GINKO_ABUSE_WINDOW must be an integer of at least 1, not "0"; serve refuses to start until it is fixed',
      'FAIL  configuration   GINKO_UPDATE_INTERVAL must be a duration such as 24h, 6h, 30m or 0 (off), not "daily"; serve refuses to start until it is fixed',
      'FAIL  configuration   GINKO_REGISTRY must be an http:// or https:// URL, not "ftp://mirror.example/"; serve refuses to start until it is fixed',
    ]);
    const serve = await runGinko(['serve', '--data-dir', dataDir], env);
    assert.equal(serve.code, 1);
    assert.equal(serve.stderr, 'ginko: GINKO_PORT must be an integer of at least 0, not "eighty"; GINKO_METRICS must be one of open, key, off, not "public"; GINKO_ABUSE_WINDOW must be an integer of at least 1, not "0"; GINKO_UPDATE_INTERVAL must be a duration such as 24h, 6h, 30m or 0 (off), not "daily"; GINKO_REGISTRY must be an http:// or https:// URL, not "ftp://mirror.example/"\n');
  });

  it('reads --trust-proxy as a list of proxies, the loopback alone by default, and refuses entries that are not addresses', async () => {
    const config = (stdout: string) => lines(stdout, 'configuration')[0]!.split(' on ')[0];
    const [alone, list, env, bad, badFlag] = await Promise.all([
      runGinko(['doctor', '--data-dir', dataDir, '--trust-proxy']),
      runGinko(['doctor', '--data-dir', dataDir, '--trust-proxy', '10.0.0.0/8, 2001:db8::/32']),
      runGinko(['doctor', '--data-dir', dataDir], { GINKO_TRUST_PROXY: '1' }),
      runGinko(['doctor', '--data-dir', dataDir], { GINKO_TRUST_PROXY: '10.0.0.0/8,nginx' }),
      runGinko(['serve', '--data-dir', dataDir, '--trust-proxy', '10.0.0.0/40']),
    ]);
    assert.equal(config(alone.stdout), 'ok    configuration   plain HTTP behind a TLS-terminating proxy (trusted proxies: 127.0.0.0/8, ::1)');
    assert.equal(config(list.stdout), 'ok    configuration   plain HTTP behind a TLS-terminating proxy (trusted proxies: 10.0.0.0/8, 2001:db8::/32)');
    assert.equal(config(env.stdout), 'ok    configuration   plain HTTP behind a TLS-terminating proxy (trusted proxies: 127.0.0.0/8, ::1)');
    assert.equal(bad.code, 1);
    assert.deepEqual(lines(bad.stdout, 'configuration'), ['FAIL  configuration   GINKO_TRUST_PROXY: "nginx" is not an IPv4 or IPv6 address or CIDR block, e.g. 10.0.0.0/8 or 127.0.0.1; serve refuses to start until it is fixed']);
    assert.equal(badFlag.code, 1);
    assert.equal(badFlag.stderr, `error: option '--trust-proxy [list]' argument '10.0.0.0/40' is invalid. "10.0.0.0/40" is not an IPv4 or IPv6 address or CIDR block, e.g. 10.0.0.0/8 or 127.0.0.1\n`);
  });

  it('checks an empty PostgreSQL database as reachable and not yet set up', async (t) => {
    const pg = await createPostgresDatabase();
    if ('skip' in pg) return t.skip(pg.skip);
    try {
      const run = await runGinko(['doctor', '--data-dir', join(root, 'pg-data'), '--port', String(port), '--database-url', pg.url]);
      assert.equal(run.code, 0, run.stdout);
      assert.deepEqual(lines(run.stdout, 'store'), [`ok    store           ${pg.url} is reachable and empty; serve creates its tables at first start`]);
      assert.deepEqual(lines(run.stdout, 'dataset'), ['ok    dataset         not loaded yet: the first start records the bundled zengin-code versions (5 snapshots) and serves the latest']);
    } finally {
      await pg.drop();
    }
  });
});

describe('doctor certificate rules', () => {
  it('warns below 30 days and fails once expired, at the day boundary', async () => {
    const pems = await certificate(31, 90);
    const now = new Date();
    const at = (days: number) => checkCertificatePem('c', pems.cert, pems.key, new Date(now.getTime() + days * 86_400_000));
    assert.equal(at(0).status, 'ok');
    assert.equal(at(0).message, `c (CN=ginko.example.jp) is valid until ${new Date(now.getTime() + 31 * 86_400_000).toISOString().slice(0, 10)} (30 days)`);
    assert.equal(at(2).status, 'warn');
    assert.equal(at(32).status, 'fail');
    assert.equal(at(-60).message.endsWith('check the clock or the certificate'), true);
    assert.equal(checkCertificatePem('c', pems.cert, 'not a key').message, 'the private key for c is not a readable PEM private key (or it is encrypted)');
  });

  it('summarizes problems and warnings in one sentence', () => {
    assert.equal(formatResults([{ check: 'a', status: 'ok', message: 'fine' }]), 'ok    a  fine\n\nAll checks passed.');
    assert.equal(
      formatResults([
        { check: 'a', status: 'fail', message: 'x' },
        { check: 'bb', status: 'warn', message: 'y' },
      ]),
      'FAIL  a   x\nWARN  bb  y\n\n1 problem and 1 warning: Ginko would not run correctly until the FAIL lines are fixed.',
    );
  });
});

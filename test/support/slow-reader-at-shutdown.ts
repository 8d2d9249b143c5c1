/**
 * Run by test/shutdown-drain.test.ts inside a network namespace whose TCP buffers are small (as
 * on a slow link to a remote client): starts `ginko serve`, begins the Master Export ZIP
 * download without reading it, sends SIGTERM, tries a new connection and two requests on
 * connections already open, reads the answer only READ_AFTER_MS later, and prints what it got
 * as one JSON line.
 *   node --import tsx test/support/slow-reader-at-shutdown.ts DATA_DIR READ_AFTER_MS
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveGinko } from './ginko-server.js';

const [dataDir, readAfter] = process.argv.slice(2) as [string, string];
// Log level info, as `npm start` runs it: the test reads the response lines.
const server = await serveGinko(['--data-dir', dataDir, '--log-level', 'info']);
const base = new URL(server.url);
const ca = readFileSync(join(dataDir, 'tls-cert.pem'));
const key = readFileSync(join(dataDir, 'development-key.txt'), 'utf8').trim();

/** Opens a request and hands over its response unread; `agent` false for a connection of its own. */
function open(method: string, path: string, body?: string, agent?: Agent | false): Promise<import('node:http').IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    request({ host: base.hostname, port: base.port, path, method, ca, servername: 'localhost', headers, agent }, resolve).on('error', reject).end(body);
  });
}

/** A whole answer, for requests sent while the server closes. */
async function answer(method: string, path: string, body?: string, agent?: Agent | false): Promise<{ status?: number; headers: Record<string, unknown>; body: string }> {
  const res = await open(method, path, body, agent);
  return { status: res.statusCode, headers: res.headers, body: (await read(res)).body.toString() };
}

async function read(res: import('node:http').IncomingMessage): Promise<{ body: Buffer; error?: string }> {
  const chunks: Buffer[] = [];
  try {
    for await (const c of res) chunks.push(c as Buffer);
    return { body: Buffer.concat(chunks) };
  } catch (err) {
    return { body: Buffer.concat(chunks), error: String(err) };
  }
}

const latest = JSON.parse((await read(await open('GET', '/master/v1/latest'))).body.toString()) as { dataset_id: string; zip_size_bytes: number; zip_sha256: string };
const issued = JSON.parse((await read(await open('POST', '/master/v1/download-url', JSON.stringify({ dataset_id: latest.dataset_id })))).body.toString()) as { download_url: string };
const url = new URL(issued.download_url);
// Two keep-alive connections, open before SIGTERM, for the requests sent while the server
// closes: it takes no new connection then, and each refusal closes its connection.
const kept = new Agent({ keepAlive: true, maxSockets: 2 });
await Promise.all([answer('GET', '/healthz', undefined, kept), answer('GET', '/healthz', undefined, kept)]);
const download = await open('GET', url.pathname + url.search);
download.pause();
// Long enough for the server to fill the connection's buffers and stop writing.
await sleep(300);
const sigtermAt = performance.now();
const exited = server.stop().then((code) => ({ code, at: performance.now() }));
await sleep(100);
// The server is waiting for the download: new connections are refused, and requests on the
// connections already open are answered 503.
const newConnection = await open('GET', '/v3/banks/0001', undefined, false).then(
  (res) => `answered ${res.statusCode}`,
  (err: NodeJS.ErrnoException) => err.code,
);
const whileClosing = [await answer('GET', '/v3/banks/0001', undefined, kept), await answer('POST', '/resolve/v1/bank-branch', JSON.stringify({ bank_name: 'みずほ', branch_name: '東京営業部' }), kept)];
await sleep(Number(readAfter) - (performance.now() - sigtermAt));
const got = await read(download);
const exit = await exited;
console.log(
  JSON.stringify({
    status: download.statusCode,
    bytes: got.body.length,
    sha256: createHash('sha256').update(got.body).digest('hex'),
    error: got.error,
    expected: { bytes: latest.zip_size_bytes, sha256: latest.zip_sha256 },
    path: url.pathname,
    newConnection,
    whileClosing,
    exitCode: exit.code,
    exitedAfterMs: Math.round(exit.at - sigtermAt),
    log: server.stdout().split('\n').filter((l) => l.startsWith('{')),
    stderr: server.stderr(),
  }),
);

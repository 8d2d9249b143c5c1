/**
 * HTTP conformance of the edge (docs/errors.md, docs/limits.md): every method a path does not
 * take is a 405 with Allow, a body that is not JSON is a 415, a URL too long for the head is a
 * 414 with the error body, a second Host header is a 400, and clients that trickle their head
 * or body are cut off at the documented timeouts. The raw-socket cases use a listening server.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EDGE_TIMEOUTS, HANDSHAKE_TIMEOUT_MS, HEADERS_TIMEOUT_MS, MAX_HEADER_BYTES, MAX_URL_LENGTH, REQUEST_TIMEOUT_MS } from '../src/http/edge/limits.js';
import { loadOrCreateCertificate } from '../src/http/edge/tls.js';
import { startTestApp, type TestApp } from './support/app.js';

const searchError = (httpStatusCode: number, code: string, message: string) => ({ httpStatusCode, code, message, validationErrors: [] });

/** Sends `chunks` over a raw socket, `gapMs` apart, and returns everything the server wrote before closing. */
function rawExchange(port: number, chunks: readonly string[], gapMs = 0): Promise<{ text: string; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const out: Buffer[] = [];
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      if (i >= chunks.length || socket.destroyed) return;
      socket.write(chunks[i++]!);
      timer = setTimeout(next, gapMs);
    };
    socket.on('connect', next);
    socket.on('data', (c: Buffer) => out.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(out).toString('utf8'), elapsedMs: performance.now() - started });
    });
  });
}

const bodyOf = (raw: string): unknown => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('methods', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE']) {
    it(`${method} on a known path is a 405 with Allow, in the shape of the path's API`, async () => {
      const search = await t.app.inject({ method: method as 'GET', url: '/v3/banks/0001', headers: { 'x-api-key': t.key } });
      assert.equal(search.statusCode, 405);
      assert.equal(search.headers.allow, 'GET, HEAD, OPTIONS');
      assert.deepEqual(JSON.parse(search.body), searchError(405, 'METHOD_NOT_ALLOWED', 'method not allowed; this resource allows GET, HEAD, OPTIONS'));

      const resolve = await t.app.inject({ method: method as 'GET', url: '/resolve/v1/bank-branch', headers: { 'x-api-key': t.key } });
      assert.equal(resolve.statusCode, 405);
      assert.equal(resolve.headers.allow, 'POST, OPTIONS');
      const body = JSON.parse(resolve.body) as { message: string; request_id: string };
      assert.equal(body.message, 'method not allowed; this resource allows POST, OPTIONS');
      assert.equal(body.request_id, resolve.headers['x-request-id']);
    });
  }

  it('an unknown path stays a 404 whatever the method', async () => {
    for (const method of ['GET', 'TRACE', 'PROPFIND']) {
      const res = await t.app.inject({ method: method as 'GET', url: '/v3/nothing-here', headers: { 'x-api-key': t.key } });
      assert.equal(res.statusCode, 404, method);
      assert.deepEqual(JSON.parse(res.body), searchError(404, 'NOT_FOUND', `no resource at ${method} /v3/nothing-here`));
    }
  });

  it('a known path with a trailing slash is not that path: 404, never a 405 that allows the method', async () => {
    for (const url of ['/v3/banks/0001/', '/healthz/', '/docs/', '/history/v1/updates/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.key } });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers.allow, undefined, url);
    }
    const search = await t.app.inject({ method: 'GET', url: '/v3/banks/0001/', headers: { 'x-api-key': t.key } });
    assert.deepEqual(JSON.parse(search.body), searchError(404, 'NOT_FOUND', 'no resource at GET /v3/banks/0001/'));
  });

  it('path parameters match any value: TRACE /v2/banks/9999/branches/xyz is a 405 too', async () => {
    const res = await t.app.inject({ method: 'TRACE' as 'GET', url: '/v2/banks/9999/branches/xyz' });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
  });
});

describe('media types', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'application/xml']) {
    it(`a ${type} body to a JSON endpoint is a 415`, async () => {
      for (const url of ['/master/v1/download-url', '/resolve/v1/bank-branch']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'x-api-key': t.key, 'content-type': type }, payload: '{"dataset_id":"upd-20260824"}' });
        assert.equal(res.statusCode, 415, `${url}: ${res.body}`);
        const body = JSON.parse(res.body) as { message: string };
        assert.equal(body.message, 'unsupported media type: send the body as JSON with Content-Type: application/json');
      }
    });
  }
});

describe('on the wire', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp({ timeouts: { requestTimeoutMs: 600, headersTimeoutMs: 400, connectionsCheckIntervalMs: 50, handshakeTimeoutMs: 300 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(() => t.close());

  const head = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`;

  for (const length of [MAX_URL_LENGTH + 1, MAX_HEADER_BYTES - 200, MAX_HEADER_BYTES + 1, 40_000, 100_000]) {
    it(`a URL of ${length} characters is a 414 with the error body`, async () => {
      const target = '/v3/banks?_=' + 'x'.repeat(length - '/v3/banks?_='.length);
      const { text } = await rawExchange(port, [head(target)]);
      assert.match(text, /^HTTP\/1\.1 414 /);
      assert.deepEqual(bodyOf(text), searchError(414, 'URI_TOO_LONG', `the URL is longer than ${MAX_URL_LENGTH} characters`));
    });
  }

  it('a short URL with headers over the limit stays a 431', async () => {
    const { text } = await rawExchange(port, [head('/v3/banks', `X-Pad: ${'p'.repeat(MAX_HEADER_BYTES)}\r\n`)]);
    assert.match(text, /^HTTP\/1\.1 431 /);
    assert.deepEqual(bodyOf(text), searchError(431, 'HEADERS_TOO_LARGE', 'the request headers are too large'));
  });

  it('two Host headers are a 400, for an answer kept from an earlier request too', async () => {
    const url = '/v3/banks/0001';
    const one = await rawExchange(port, [`GET ${url} HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: ${t.key}\r\nConnection: close\r\n\r\n`]);
    assert.match(one.text, /^HTTP\/1\.1 200 /);
    // The answer is now kept: the request checks still run before it is sent.
    const two = await rawExchange(port, [`GET ${url} HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nX-Api-Key: ${t.key}\r\nConnection: close\r\n\r\n`]);
    assert.match(two.text, /^HTTP\/1\.1 400 /);
    const message = 'the request has more than one Host header; send exactly one (RFC 9112 §3.2)';
    assert.deepEqual(bodyOf(two.text), { httpStatusCode: 400, code: 'INVALID_PARAMETER', message, validationErrors: [{ message, paramName: 'host', invalidValue: 'localhost' }] });
    const detailed = await t.app.inject({ url: '/history/v1/updates/latest', headers: { host: ['a', 'b'] as unknown as string, 'x-api-key': t.key } });
    assert.equal(detailed.statusCode, 400);
  });

  it('a client trickling its body is cut off at the request timeout with a 408', async () => {
    const start = `POST /resolve/v1/bank-branch HTTP/1.1\r\nHost: localhost\r\nX-Api-Key: ${t.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const { text, elapsedMs } = await rawExchange(port, [start, ...Array.from({ length: 100 }, () => ' ')], 50);
    assert.match(text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    // In Resolve's own error shape, with a request id like any of its answers.
    const body = bodyOf(text) as { message: string; request_id: string };
    assert.deepEqual(body, { message: 'the request was not sent in time; the connection is closed', request_id: body.request_id });
    assert.match(body.request_id, /^req-[0-9a-f]{8}-[0-9a-z]+$/);
    assert.ok(elapsedMs >= 600 && elapsedMs < 600 + 400, `cut off after ${elapsedMs} ms`);
  });

  it('a client trickling its head is cut off at the headers timeout with a 408', async () => {
    const lines = ['GET /v3/banks HTTP/1.1\r\n', 'Host: localhost\r\n', ...Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: 1\r\n`)];
    const { text, elapsedMs } = await rawExchange(port, lines, 50);
    assert.match(text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.ok(elapsedMs >= 400 && elapsedMs < 400 + 400, `cut off after ${elapsedMs} ms`);
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    assert.match(metrics, /^ginko_http_client_errors_total\{reason="timeout"\} 2$/m);
  });
});

describe('the real server', () => {
  it('uses the documented timeouts unless told otherwise', async () => {
    assert.deepEqual(EDGE_TIMEOUTS, { requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS, connectionsCheckIntervalMs: 1_000, handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS });
    const t = await startTestApp();
    try {
      assert.equal(t.app.server.requestTimeout, REQUEST_TIMEOUT_MS);
      assert.equal(t.app.server.headersTimeout, HEADERS_TIMEOUT_MS);
      assert.equal((t.app.server as { maxHeaderSize?: number }).maxHeaderSize, MAX_HEADER_BYTES);
    } finally {
      await t.close();
    }
  });
});

describe('over TLS', () => {
  it('closes a connection that never starts its TLS handshake at the handshake timeout, not after 120 s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ginko-handshake-'));
    const { cert, key } = await loadOrCreateCertificate(dir);
    const t = await startTestApp({ https: { cert, key }, timeouts: { ...EDGE_TIMEOUTS, handshakeTimeoutMs: 300 } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      const started = performance.now();
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const elapsedMs = performance.now() - started;
      assert.ok(elapsedMs >= 300 && elapsedMs < 2_000, `closed after ${elapsedMs} ms`);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

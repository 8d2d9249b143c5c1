/**
 * The JSON log: one line per response with its request id, and never a key. The log stream is
 * captured while keys (valid and not) are sent in every place a key is accepted, and in places
 * where a careless client might put one, on every route of the route table.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './support/app.js';
import { LogCapture } from './support/log-capture.js';

/** Every way of spelling `value` that could end up in a log line: raw, percent-encoded, each byte encoded. */
function spellings(value: string): string[] {
  const everyByte = [...Buffer.from(value)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  return [value, value.slice(3), encodeURIComponent(value), everyByte, everyByte.toLowerCase()];
}

const pathFor = (url: string) =>
  url
    .replace('/branches/:code', '/branches/001')
    .replace(/:(bankCode|code)\b/g, '0001')
    .replace(':change_id', 'chg-20260331-000001')
    .replace(/:[A-Za-z_]+/g, 'x');

describe('the log never holds a key', () => {
  const log = new LogCapture();
  let t: TestApp;
  let invalid: string;
  const sent: { id: string; status: number }[] = [];
  /** Download-URL signatures issued during the test: credentials until they expire. */
  const signatures: string[] = [];

  before(async () => {
    t = await startTestApp({ logger: { level: 'info', stream: log } });
    invalid = 'gk_' + 'Q7x'.repeat(10) + 'zz';
  });
  after(() => t.close());

  async function send(method: 'GET' | 'POST' | 'HEAD', url: string, headers: Record<string, string> = {}, payload?: string): Promise<{ statusCode: number; body: string }> {
    const res = await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    sent.push({ id: String(res.headers['x-request-id']), status: res.statusCode });
    return res;
  }

  it('sends keys in every accepted place and more, on every route', async () => {
    const routes = t.app.routeTable.filter((r) => !r.hidden);
    assert.ok(routes.length >= 25, `${routes.length} routes`);
    for (const key of [t.key, invalid]) {
      const everyByte = spellings(key)[3]!;
      for (const route of routes) {
        const path = pathFor(route.url);
        const join = path.includes('?') ? '&' : '?';
        const method = route.method as 'GET' | 'POST';
        const json = { 'content-type': 'application/json' };
        const body = method === 'POST' ? JSON.stringify({ apikey: key, bank_name: key, branch_name: 'x' }) : undefined;
        const headers = method === 'POST' ? json : {};
        // The accepted places (docs/access.md#api-keys).
        await send(method, `${path}${join}apikey=${key}`, headers, body);
        await send(method, `${path}${join}apiKey=${key}`, headers, body);
        await send(method, path, { ...headers, 'x-api-key': key }, body);
        await send(method, path, { ...headers, apikey: key }, body);
        await send(method, path, { ...headers, 'X-API-KEY': key }, body);
        await send(method, path, { ...headers, authorization: `Bearer ${key}` }, body);
        // Spellings and mistakes: other cases, encoded names, PHP arrays, repeats, other parameters, the path.
        await send(method, `${path}${join}APIKEY=${key}&api%4Bey=${key}&apikey%5B%5D=${key}&apikey=${key}&apikey=${key}`, headers, body);
        await send(method, `${path}${join}fields=${key}&filter=name%3D%3D${key}&callback=${key}&cursor=${key}&freeword=${key}`, headers, body);
        await send(method, `${path}${join}token=${everyByte}&apikey=${everyByte}`, headers, body);
        await send(method, `${path}/${key}`, headers, body);
      }
      await send('GET', `/v3/banks/${key}`);
      await send('GET', `/${everyByte}`);
      await send('POST', '/v3/banks/0001', { 'content-type': 'application/json', 'x-api-key': key }, JSON.stringify({ apikey: key }));
      await send('HEAD', `/v3/banks/0001?apikey=${key}`);
    }
    assert.ok(sent.length > 500, `${sent.length} requests`);
  });

  it('uses Master Export download URLs, whose signature is a credential', async () => {
    const issue = () => send('POST', '/master/v1/download-url', { 'x-api-key': t.key, 'content-type': 'application/json' }, JSON.stringify({ dataset_id: 'upd-20260824' }));
    const issued = await issue();
    assert.equal(issued.statusCode, 200, issued.body);
    const url = new URL(JSON.parse(issued.body).download_url as string);
    const signature = url.searchParams.get('signature')!;
    signatures.push(signature);
    assert.equal((await send('GET', url.pathname + url.search)).statusCode, 200);
    assert.equal((await send('HEAD', url.pathname + url.search)).statusCode, 200);
    assert.equal((await send('GET', `${url.pathname}?SIGNATURE=${signature}&expires=${url.searchParams.get('expires')}`)).statusCode, 403);
    const tampered = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    signatures.push(tampered);
    assert.equal((await send('GET', `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${tampered}`)).statusCode, 403);
  });

  it('writes one JSON line per response, with its request id, status and the key id only', () => {
    const responses = log.responses();
    assert.equal(responses.length, sent.length);
    const byId = new Map(responses.map((l) => [l.reqId, l]));
    assert.equal(byId.size, sent.length, 'request ids are unique');
    for (const { id, status } of sent) {
      const line = byId.get(id);
      assert.ok(line, `a log line for ${id}`);
      assert.equal(line.status, status);
      assert.equal(line.ip, '127.0.0.1');
      assert.equal(typeof line.ms, 'number');
      assert.equal(line.level, 30);
    }
    const keyRecordId = responses.find((l) => l.status === 200 && l.keyId !== undefined)?.keyId;
    assert.match(String(keyRecordId), /^key_[0-9a-f]+$/);
  });

  it('contains no spelling of either key anywhere', () => {
    const text = log.text();
    for (const key of [t.key, invalid]) {
      for (const spelling of spellings(key)) assert.equal(text.includes(spelling), false, `log contains ${spelling.slice(0, 12)}…`);
      // Decoding every percent-escape in the log must not reveal the key either.
      assert.equal(decodeURIComponent(text.replace(/%(?![0-9a-fA-F]{2})/g, '%25')).includes(key), false);
    }
    for (const signature of signatures) {
      for (const spelling of spellings(signature)) assert.equal(text.includes(spelling.slice(0, 20)), false, `log contains the signature ${spelling.slice(0, 8)}…`);
    }
    assert.match(text, /signature=\[redacted\]/);
    assert.match(text, /\[redacted\]/);
  });
});

describe('request ids', () => {
  let t: TestApp;
  let proxied: TestApp;
  before(async () => {
    [t, proxied] = await Promise.all([startTestApp(), startTestApp({ trustProxy: true })]);
  });
  after(() => Promise.all([t.close(), proxied.close()]));

  it('are generated per server (req-, random part, counter), echoed, and in History error bodies', async () => {
    const a = await t.app.inject({ url: '/v3/banks/0001', headers: { 'x-api-key': t.key, 'x-request-id': 'from-a-client' } });
    const b = await t.app.inject({ url: '/history/v1/changes/nope', headers: { 'x-api-key': t.key } });
    const idA = String(a.headers['x-request-id']);
    const idB = String(b.headers['x-request-id']);
    assert.match(idA, /^req-[0-9a-f]{8}-[0-9a-z]+$/);
    assert.notEqual(idA, idB);
    assert.equal(idA.slice(0, 13), idB.slice(0, 13), 'one random part per server');
    assert.equal(b.statusCode, 404);
    assert.deepEqual(JSON.parse(b.body), { message: 'change nope does not exist', request_id: idB });
  });

  it('come from a trusted proxy when well-formed; anything else is replaced', async () => {
    const send = (id: string) => proxied.app.inject({ url: '/v3/version', headers: { 'x-api-key': proxied.key, 'x-forwarded-proto': 'https', 'x-request-id': id } });
    assert.equal((await send('4bf92f3577b34da6a3ce929d0e0e4736')).headers['x-request-id'], '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.equal((await send('Root=1-67891233-abcdef012345678912345678')).headers['x-request-id'], 'Root=1-67891233-abcdef012345678912345678');
    for (const bad of ['has space', 'x'.repeat(129), `gk_${'A'.repeat(32)}`, 'line\u2028break', '']) {
      assert.match(String((await send(bad)).headers['x-request-id']), /^req-[0-9a-f]{8}-[0-9a-z]+$/, JSON.stringify(bad.slice(0, 20)));
    }
  });
});

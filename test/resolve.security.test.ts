/**
 * POST /resolve/v1/bank-branch and keys (docs/resolve.md#request, docs/resolve.md#errors): 401
 * `{message, request_id}` before the body is read, restrictions, and rate limits counted apart
 * from Search.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CACHE_TTL_MS } from '../src/access/authenticator.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const PATH = '/resolve/v1/bank-branch';
const BODY = JSON.stringify({ bank_name: 'みずほ', branch_name: '渋谷' });

async function post(headers: Record<string, string>, payload: string = BODY) {
  const res = await t.app.inject({ method: 'POST', url: PATH, headers: { 'content-type': 'application/json', ...headers }, payload });
  const body = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : undefined;
  return { status: res.statusCode, body, headers: res.headers };
}

const unauthorized = (message: string, requestId: unknown) => ({ message, request_id: requestId });

describe('Resolve keys', () => {
  it('401 {message, request_id} without a key or with a bad one', async () => {
    for (const [headers, message] of [
      [{}, 'an API key is required: send it in the x-api-key header or the apikey query parameter'],
      [{ 'x-api-key': 'not-a-key' }, 'the API key is not valid'],
      [{ 'x-api-key': 'gk_' + 'A'.repeat(32) }, 'the API key is not valid'],
    ] as const) {
      const res = await post(headers);
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, unauthorized(message, res.headers['x-request-id']));
    }
  });

  it('checks the key before the body: no key and a broken body is still a 401', async () => {
    assert.equal((await post({}, '{broken')).status, 401);
    assert.equal((await post({}, 'x'.repeat(20_000))).status, 401);
  });

  it('accepts X-API-KEY (any case), as docs/resolve.md#request documents', async () => {
    assert.equal((await post({ 'X-API-KEY': t.key })).status, 200);
  });

  it('refuses a revoked key', async () => {
    const { key, record } = await t.keys.create({ plan: 'free', name: 'to revoke' });
    assert.equal((await post({ 'x-api-key': key })).status, 200);
    await t.keys.revoke(record.id);
    await new Promise((r) => setTimeout(r, CACHE_TTL_MS + 50));
    const res = await post({ 'x-api-key': key });
    assert.deepEqual([res.status, res.body], [401, unauthorized('the API key has been revoked', res.headers['x-request-id'])]);
  });

  it('applies the key IP restriction', async () => {
    const { key } = await t.keys.create({ plan: 'free', ips: ['10.0.0.0/8'] });
    const res = await post({ 'x-api-key': key });
    assert.deepEqual([res.status, res.body], [403, { message: 'the API key is not allowed from this IP address', request_id: res.headers['x-request-id'] }]);
  });
});

describe('Resolve rate limits', () => {
  it('is available on the Free plan and counted apart from Search (429 with the JSON error of docs/errors.md)', async () => {
    const { key } = await t.keys.create({ plan: 'free', name: 'free resolve' });
    const first = await post({ 'x-api-key': key });
    assert.equal(first.status, 200);
    assert.equal(first.headers['x-ratelimit-limit-second'], '1');
    assert.equal(first.headers['x-ratelimit-limit-day'], '350');
    const second = await post({ 'x-api-key': key });
    assert.equal(second.status, 429);
    assert.equal((second.body as { message?: string } | undefined)?.message, 'rate limit exceeded');
    // The Search bucket of the same key is untouched.
    const search = await t.app.inject({ url: '/v3/banks/0001', headers: { 'x-api-key': key } });
    assert.equal(search.statusCode, 200);
    assert.equal(search.headers['x-ratelimit-remaining-day'], '349');
  });
});

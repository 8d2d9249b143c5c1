import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CACHE_TTL_MS } from '../src/access/authenticator.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const unauthorized = (message: string) => ({ httpStatusCode: 401, code: 'INVALID_API_KEY', message, validationErrors: [] });
const MISSING = 'an API key is required: send it in the x-api-key header or the apikey query parameter';

async function status(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

const KEYED_ROUTES = ['/v3/banks', '/v3/banks/0001', '/v3/banks/0001/branches', '/v3/banks/0001/branches/001', '/v3/businessTypes', '/v3/version'];

describe('API key locations (docs/access.md#api-keys)', () => {
  it('accepts the key in every documented place', async () => {
    const k = t.key;
    for (const [url, headers] of [
      [`/v3/banks/0001?apikey=${k}`, {}],
      [`/v3/banks/0001?apiKey=${k}`, {}],
      ['/v3/banks/0001', { apikey: k }],
      ['/v3/banks/0001', { 'x-api-key': k }],
      ['/v3/banks/0001', { authorization: `Bearer ${k}` }],
    ] as const) {
      assert.equal((await status(url, headers)).status, 200, JSON.stringify([url, headers]));
    }
  });
});

describe('every keyed route', () => {
  for (const route of KEYED_ROUTES) {
    it(`${route}: 401 without a key, with a malformed key and with an unknown key`, async () => {
      assert.deepEqual(await status(route), { status: 401, body: unauthorized(MISSING) });
      assert.deepEqual(await status(route, { 'x-api-key': 'not-a-key' }), { status: 401, body: unauthorized('the API key is not valid') });
      assert.deepEqual(await status(route, { 'x-api-key': 'gk_' + 'A'.repeat(32) }), { status: 401, body: unauthorized('the API key is not valid') });
    });
  }

  it('refuses a revoked key once the cache entry expires', async () => {
    const { key, record } = await t.keys.create({ plan: 'free', name: 'to revoke' });
    assert.equal((await status('/v3/banks/0001', { 'x-api-key': key })).status, 200);
    assert.equal(await t.keys.revoke(record.id), true);
    await new Promise((r) => setTimeout(r, CACHE_TTL_MS + 50));
    for (const route of KEYED_ROUTES) {
      assert.deepEqual(await status(route, { 'x-api-key': key }), { status: 401, body: unauthorized('the API key has been revoked') });
    }
  });

  it('checks the key before anything else', async () => {
    assert.equal((await status('/v3/banks?limit=0')).status, 401);
  });
});

describe('keys at rest', () => {
  it('stores only a hash of each key', async () => {
    const { key } = await t.keys.create({ plan: 'free' });
    const rows = await t.store.db.selectFrom('api_keys').selectAll().execute();
    const dump = JSON.stringify(rows);
    assert.equal(dump.includes(key), false);
    assert.equal(dump.includes(key.slice(3)), false);
    assert.ok(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash)));
  });

  it('makes URL-safe keys of 192 random bits', async () => {
    const { key } = await t.keys.create({ plan: 'free' });
    assert.match(key, /^gk_[A-Za-z0-9_-]{32}$/);
    assert.equal(encodeURIComponent(key), key);
  });
});

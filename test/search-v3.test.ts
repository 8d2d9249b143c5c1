import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { getJson, startTestApp, type TestApp } from './support/app.js';

const VERSION = '2026-08-24T00:00:00+0900';
const MIZUHO = { code: '0001', name: 'みずほ銀行', halfWidthKana: 'ﾐｽﾞﾎｷﾞﾝｺｳ', fullWidthKana: 'ミズホギンコウ', hiragana: 'みずほぎんこう', businessTypeCode: '00200', businessType: '都市銀行' };
const MIZUHO_TOKYO = { code: '001', name: '東京営業部', halfWidthKana: 'ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ', fullWidthKana: 'トウキヨウエイギヨウブ', hiragana: 'とうきようえいぎようぶ' };

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

describe('v3 get bank', () => {
  it('answers the bank resource', async () => {
    const res = await getJson(t, '/v3/banks/0001');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(res.body, MIZUHO);
  });

  it('keeps only the requested fields, in resource order', async () => {
    const res = await getJson(t, '/v3/banks/0001?fields=name,code');
    assert.deepEqual(res.body, { code: '0001', name: 'みずほ銀行' });
  });
});

describe('v3 list banks', () => {
  it('answers the first 20 banks with the envelope', async () => {
    const res = await getJson(t, '/v3/banks');
    const body = res.body as Record<string, unknown> & { banks: { code: string }[] };
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(body), ['banks', 'size', 'limit', 'hasNext', 'nextCursor', 'hasPrev', 'version']);
    assert.equal(body.size, 20);
    assert.equal(body.limit, 20);
    assert.equal(body.hasNext, true);
    assert.equal(body.hasPrev, false);
    assert.equal(body.version, VERSION);
    assert.deepEqual(body.banks[0], MIZUHO);
    assert.deepEqual(body.banks.slice(0, 5).map((b) => b.code), ['0001', '0005', '0009', '0010', '0017']);
    assert.match(body.nextCursor as string, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it('sorts by several keys with + and -', async () => {
    const res = await getJson(t, '/v3/banks?sort=-businessTypeCode,code&limit=3&fields=code,businessTypeCode');
    assert.deepEqual((res.body as { banks: unknown }).banks, [
      { code: '2213', businessTypeCode: '09900' },
      { code: '0200', businessTypeCode: '02200' },
      { code: '9481', businessTypeCode: '02100' },
    ]);
    const plus = await getJson(t, '/v3/banks?sort=%2Bname&limit=2&fields=name');
    const names = t.directory.banks.map((b) => b.name).sort();
    assert.deepEqual((plus.body as { banks: unknown }).banks, names.slice(0, 2).map((name) => ({ name })));
  });

  it('serves the last page without nextCursor', async () => {
    const res = await getJson(t, '/v3/banks?limit=2000&fields=code');
    const body = res.body as Record<string, unknown> & { banks: unknown[] };
    assert.equal(body.size, 1146);
    assert.equal(body.hasNext, false);
    assert.equal('nextCursor' in body, false);
    assert.equal('prevCursor' in body, false);
  });
});

describe('v3 branches', () => {
  it('lists the branches of a bank with the bank', async () => {
    const res = await getJson(t, '/v3/banks/0001/branches?limit=2');
    const body = res.body as Record<string, unknown>;
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(body), ['branches', 'bank', 'size', 'limit', 'hasNext', 'nextCursor', 'hasPrev', 'version']);
    assert.deepEqual(body.bank, MIZUHO);
    assert.deepEqual(body.branches, [MIZUHO_TOKYO, { code: '004', name: '丸の内中央', halfWidthKana: 'ﾏﾙﾉｳﾁﾁﾕｳｵｳ', fullWidthKana: 'マルノウチチユウオウ', hiragana: 'まるのうちちゆうおう' }]);
  });

  it('applies fields to the branches but not to the bank', async () => {
    const res = await getJson(t, '/v3/banks/0489/branches?fields=code,name&filter=name==東京'.replace('東京', encodeURIComponent('東京')));
    assert.equal(res.status, 200);
    assert.deepEqual((res.body as { branches: unknown }).branches, [{ code: '001', name: '東京' }, { code: '718', name: '東京' }]);
    const plain = await getJson(t, '/v3/banks/0489/branches?fields=name&limit=1');
    assert.deepEqual((plain.body as { bank: { code: string }; branches: unknown }).branches, [{ name: '東京' }]);
    assert.equal((plain.body as { bank: { code: string } }).bank.code, '0489');
  });

  it('gets one branch with its bank', async () => {
    const res = await getJson(t, '/v3/banks/0001/branches/001');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { bank: MIZUHO, branch: MIZUHO_TOKYO });
    const narrowed = await getJson(t, '/v3/banks/0001/branches/001?fields=hiragana');
    assert.deepEqual(narrowed.body, { bank: MIZUHO, branch: { hiragana: 'とうきようえいぎようぶ' } });
  });
});

describe('v3 institution types and version', () => {
  it('lists every institution type, 2,000 by default, without version', async () => {
    const res = await getJson(t, '/v3/businessTypes');
    const body = res.body as Record<string, unknown> & { businessTypes: { code: string; name: string }[] };
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(body), ['businessTypes', 'size', 'limit', 'hasNext', 'hasPrev']);
    assert.equal(body.limit, 2000);
    assert.equal(body.size, t.directory.businessTypes.length);
    assert.deepEqual(body.businessTypes.slice(0, 2), [{ code: '00200', name: '都市銀行' }, { code: '00300', name: '地方銀行' }]);
    assert.ok(body.businessTypes.some((b) => b.code === '01100' && b.name === '信用金庫'));
  });

  it('reports the database version', async () => {
    const res = await getJson(t, '/v3/version');
    assert.deepEqual(res.body, { version: VERSION });
  });
});

describe('JSONP and CORS', () => {
  it('wraps the resource in the callback with a JavaScript content type', async () => {
    const res = await t.app.inject({ url: `/v3/banks/0001?callback=jQuery123_456.cb&apikey=${t.key}&_=1700000000` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.body, `/**/ jQuery123_456.cb(${JSON.stringify(MIZUHO)});`);
  });

  it('answers a preflight that allows the key headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v3/banks',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key,apikey' },
    });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-allow-headers'], 'apikey, x-api-key, authorization, content-type, x-debug-resolve');
  });

  it('lets browsers read a simple response, errors included', async () => {
    const expose = 'x-ratelimit-limit-second, x-ratelimit-limit-day, x-ratelimit-remaining-day, ratelimit-reset, retry-after, x-request-id';
    for (const [url, status] of [['/v3/banks/0001', 200], ['/v3/banks/9999', 404], ['/v3/banks?limit=0', 400], ['/nowhere', 404]] as const) {
      const res = await t.app.inject({ url, headers: { origin: 'https://shop.example', 'x-api-key': t.key } });
      assert.deepEqual([res.statusCode, res.headers['access-control-allow-origin'], res.headers['access-control-expose-headers']], [status, '*', expose], url);
    }
    const keyless = await t.app.inject({ url: '/v3/banks/0001', headers: { origin: 'https://shop.example' } });
    assert.deepEqual([keyless.statusCode, keyless.headers['access-control-allow-origin']], [401, '*']);
  });

  it('spares server-to-server answers (no Origin) the CORS headers', async () => {
    const res = await t.app.inject({ url: '/v3/banks/0001', headers: { 'x-api-key': t.key } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(Object.keys(res.headers).filter((h) => h.startsWith('access-control-')), []);
  });
});

describe('health', () => {
  it('is ready without a key', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(JSON.parse(res.body), { status: 'ok', version: VERSION, banks: 1146, branches: 28944, maintenance: false });
  });
});

/**
 * The zengin-code JSON shape (docs/search-api.md#the-zengin-code-json-shape): every record of
 * the bundled package as the package itself has it, over Search's key rules, with ETag and
 * Cache-Control; and `--open-zengin-json`, without a key, limited per client address.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { zenginHira, zenginRoma } from '../src/domain/zengin-fields.js';
import { OPEN_LIMITS } from '../src/http/apis/zengin/zengin-api.js';
import { bundledDirectory, startTestApp, type TestApp } from './support/app.js';

interface PackageRecord {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}
type PackageBank = PackageRecord & { branches: Record<string, PackageRecord> };

const pkg = createRequire(import.meta.url)('zengin-code') as Record<string, PackageBank>;
const fields = ({ code, name, kana, hira, roma }: PackageRecord) => ({ code, name, kana, hira, roma });

describe('the zengin-code fields made from Zengin kana', () => {
  it("are the package's own hira and roma for every one of its 30,090 records", () => {
    let records = 0;
    const differ: string[] = [];
    for (const bank of Object.values(pkg)) {
      for (const r of [bank, ...Object.values(bank.branches)]) {
        records++;
        if (zenginHira(r.kana) !== r.hira || zenginRoma(r.kana) !== r.roma) differ.push(`${r.code} ${r.kana}`);
      }
    }
    assert.deepEqual([records, differ], [30_090, []]);
    assert.deepEqual([zenginRoma('オシヤマンベ'), zenginRoma('ＤＡＮＤＡＮパ－ル'), zenginRoma('アイヅ'), zenginHira('ドコモＳＭＴＢネツト')], ['oshiyamambe', 'dandanpa-ru', 'aidu', 'どこもＳＭＴＢねつと']);
  });
});

describe('GET /api/banks.json and /api/branches/{bankCode}.json', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.key, ...headers } });

  it('answers every bank as the package has it, keyed by code in code order', async () => {
    const res = await get('/api/banks.json');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    // In the text's order (an object puts keys such as "1000" first).
    assert.deepEqual([...res.body.matchAll(/"(\d{4})":\{"code"/g)].map((m) => m[1]), Object.keys(pkg).sort());
    const banks = JSON.parse(res.body) as Record<string, PackageRecord>;
    for (const [code, bank] of Object.entries(pkg)) assert.deepEqual(banks[code], fields(bank), code);
    assert.ok(res.body.startsWith('{"0001":{"code":"0001","name":"みずほ","kana":"ミズホ","hira":"みずほ","roma":"mizuho"},"0005":'));
  });

  it('answers the branches of a bank as the package has them, in code order, "001" before "100"', async () => {
    const res = await get('/api/branches/0001.json');
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.startsWith('{"001":{"code":"001","name":"東京営業部","kana":"トウキヨウ","hira":"とうきよう","roma":"toukiyou"},"004":'));
    const text = res.body;
    const keys = [...text.matchAll(/"(\d{3})":\{"code"/g)].map((m) => m[1]);
    assert.deepEqual(keys, Object.keys(pkg['0001']!.branches).sort());
    const branches = JSON.parse(text) as Record<string, PackageRecord>;
    for (const [code, branch] of Object.entries(pkg['0001']!.branches)) assert.deepEqual(branches[code], fields(branch));
    assert.equal(Object.keys(branches).length, bundledDirectory().branches('0001').length);
  });

  it('sends an ETag and answers 304 for it; a key means a private cache', async () => {
    const res = await get('/api/branches/0005.json');
    const etag = String(res.headers.etag);
    assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/);
    assert.equal(res.headers['cache-control'], 'private, max-age=86400');
    const again = await get('/api/branches/0005.json', { 'if-none-match': etag });
    assert.deepEqual([again.statusCode, again.body], [304, '']);
  });

  it('is a 404 for an unknown or empty bank code, a 400 naming a malformed one, a 401 without a key', async () => {
    assert.deepEqual(JSON.parse((await get('/api/branches/0002.json')).body), { httpStatusCode: 404, code: 'NOT_FOUND', message: 'bank 0002 does not exist', validationErrors: [] });
    assert.equal((await get('/api/branches/.json')).statusCode, 404);
    assert.deepEqual(JSON.parse((await get('/api/branches/12a4.json')).body), {
      httpStatusCode: 400,
      code: 'INVALID_PARAMETER',
      message: 'bankCode must be 4 half-width digits',
      validationErrors: [{ message: 'bankCode must be 4 half-width digits', paramName: 'bankCode', invalidValue: '12a4' }],
    });
    assert.equal((await get('/api/branches/0001')).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/banks.json' })).statusCode, 401);
  });
});

describe('--open-zengin-json', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ openZenginJson: true });
  });
  after(() => t.close());

  it('serves the files without a key for a public cache, and with a key as before', async () => {
    const open = await t.app.inject({ method: 'GET', url: '/api/branches/0009.json' });
    assert.deepEqual([open.statusCode, open.headers['cache-control']], [200, 'public, max-age=86400']);
    const keyed = await t.app.inject({ method: 'GET', url: '/api/branches/0009.json', headers: { 'x-api-key': t.key } });
    assert.deepEqual([keyed.statusCode, keyed.body], [200, open.body]);
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/banks.json', headers: { 'x-api-key': 'gk_' + 'A'.repeat(32) } })).statusCode, 401, 'a wrong key is still refused');
  });

  it('limits each client address without a key to its per-second limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < OPEN_LIMITS.perSecond + 3; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/banks.json', remoteAddress: '203.0.113.9' })).statusCode);
    assert.ok(statuses.slice(0, OPEN_LIMITS.perSecond - 1).every((s) => s === 200), statuses.join(' '));
    assert.ok(statuses.includes(429), statuses.join(' '));
    // Another address is counted apart.
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/banks.json', remoteAddress: '203.0.113.10' })).statusCode, 200);
  });
});

/**
 * The console's pages and actions in-process: key creation and its errors, usage counted on both
 * request paths and per outcome, the Data page's filter and its update check against a local
 * registry (test/support/registry.ts), plans, language choice.
 */
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { jstDay } from '../src/access/jst.js';
import { PlanStore } from '../src/store/plan-store.js';
import { tryLease } from '../src/store/lease.js';
import { latestUpdateId, loadHistory } from '../src/history/history-store.js';
import { UPDATE_LEASE } from '../src/history/update-schedule.js';
import { chooseLanguage } from '../src/http/apis/admin/i18n.js';
import { startTestApp, type TestApp } from './support/app.js';
import { type ConsoleSession, FORM, form, signIn } from './support/console.js';
import { raw } from './support/raw-diff.js';
import { npmPack, packBundled, TestRegistry, writePackageDir } from './support/registry.js';
import { closedPort } from './support/services.js';
import { useTempDirs } from './support/temp-dirs.js';

const PASSWORD = 'a long enough password';

describe('console pages', () => {
  let t: TestApp;
  let s: ConsoleSession;
  before(async () => {
    t = await startTestApp({ console: {} });
    await t.console!.operators.add('alice', PASSWORD);
    s = await signIn(t.app, 'alice', PASSWORD, { 'accept-language': 'en' });
  });
  after(() => t.close());

  const post = (url: string, fields: Record<string, string>) => t.app.inject({ method: 'POST', url, headers: { ...FORM, cookie: s.cookie, 'accept-language': 'en' }, payload: form({ ...fields, _csrf: s.csrf }) });
  const get = (url: string, headers: Record<string, string> = { 'accept-language': 'en' }) => t.app.inject({ method: 'GET', url, headers: { cookie: s.cookie, ...headers } });

  it('creates a key with restrictions, shows it once, and the key works', async () => {
    const res = await post('/admin/keys', { name: 'team <b>', plan: 'standard', referrers: 'https://a.example/*\r\n\r\n  https://b.example/*  ', ips: '203.0.113.0/24' });
    assert.equal(res.statusCode, 201);
    assert.equal(res.headers['cache-control'], 'no-store');
    const key = /id="new-key" class="key" readonly value="(gk_[A-Za-z0-9_-]{32})"/.exec(res.body)![1]!;
    const record = (await t.keys.list()).find((k) => k.name === 'team <b>')!;
    assert.deepEqual({ plan: record.plan, referrers: record.referrers, ips: record.ips }, { plan: 'standard', referrers: ['https://a.example/*', 'https://b.example/*'], ips: ['203.0.113.0/24'] });
    const list = await get('/admin/keys');
    assert.ok(list.body.includes('team &lt;b&gt;') && !list.body.includes('team <b>'), 'labels are escaped');
    assert.equal(list.body.includes(key), false, 'the key is shown once only');
    const api = await t.app.inject({ method: 'GET', url: '/v3/banks/0001', headers: { 'x-api-key': key, referer: 'https://b.example/x' }, remoteAddress: '203.0.113.9' });
    assert.equal(api.statusCode, 200);
  });

  it('refuses an invalid referrer pattern, IP or plan with the reason, and creates nothing', async () => {
    const before = (await t.keys.list()).length;
    for (const [fields, message] of [
      [{ plan: 'standard', referrers: 'not a url' }, 'invalid referrer pattern &quot;not a url&quot;'],
      [{ plan: 'standard', ips: '999.1.1.1' }, '999.1.1.1'],
      [{ plan: 'gold' }, 'unknown plan &quot;gold&quot;'],
    ] as const) {
      const res = await post('/admin/keys', fields);
      assert.equal(res.statusCode, 400);
      assert.ok(res.body.includes('role="alert">That was not accepted: ') && res.body.includes(message), res.body.slice(res.body.indexOf('role="alert"'), res.body.indexOf('role="alert"') + 200));
    }
    assert.equal((await t.keys.list()).length, before);
    assert.equal((await get('/admin/keys/key_000000000000')).statusCode, 404);
    assert.equal((await get('/admin/keys/..%2F..')).statusCode, 404);
  });

  it('counts API requests per key, API and outcome, refused ones of a valid key under that key', async () => {
    const { key, record } = await t.keys.create({ plan: 'free', name: 'counted', referrers: ['https://ok.example/*'] });
    const call = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    assert.equal((await call('/v3/banks/0001', { 'x-api-key': key, referer: 'https://ok.example/' })).statusCode, 200);
    assert.equal((await call('/v3/banks/0001', { 'x-api-key': key })).statusCode, 403);
    assert.equal((await call('/v3/banks/0005', { 'x-api-key': key, referer: 'https://ok.example/' })).statusCode, 429, 'free: 1 request per second');
    assert.equal((await call('/history/v1/updates', { 'x-api-key': t.key })).statusCode, 200);
    assert.equal((await call('/v2/banks', {})).statusCode, 401);
    assert.equal((await call('/healthz', {})).statusCode, 200);
    const res = await get(`/admin/api/usage?key=${record.id}`);
    assert.equal(res.statusCode, 200);
    const body = res.json() as { key: string; daily: { slots: string[]; byApi: Record<string, number[]>; byOutcome: Record<string, number[]>; total: number[] } };
    assert.equal(body.key, record.id);
    assert.equal(body.daily.slots.length, 30);
    assert.equal(body.daily.slots.at(-1), jstDay(Date.now()));
    assert.deepEqual(
      { search: body.daily.byApi.search!.at(-1), history: body.daily.byApi.history!.at(-1), ok: body.daily.byOutcome['2xx']!.at(-1), client: body.daily.byOutcome['4xx']!.at(-1), limited: body.daily.byOutcome['429']!.at(-1), total: body.daily.total.at(-1) },
      { search: 3, history: 0, ok: 1, client: 1, limited: 1, total: 3 },
    );
    const today = await t.console!.usage.daily(jstDay(Date.now()));
    assert.deepEqual(
      today.filter((r) => r.keyId === '-' || r.api === 'history').map((r) => [r.keyId, r.api, r.outcome, r.count]),
      [['-', 'search', '4xx', 1], [(await t.keys.list()).find((k) => k.name === 'test')!.id, 'history', '2xx', 1]],
    );
    const page = await get(`/admin/usage?key=${record.id}`);
    assert.match(page.body, /<option value="key_[0-9a-f]{12}" selected>key_[0-9a-f]{12} — counted<\/option>/);
    assert.match(page.body, new RegExp(`<tr><th scope="row">${jstDay(Date.now())}</th>\\n<td class="num">3</td><td class="num">0</td><td class="num">0</td><td class="num">0</td><td class="num">0</td><td class="num">1</td><td class="num">1</td><td class="num">1</td><td class="num">0</td><td class="num"><strong>3</strong></td></tr>`));
  });

  it('counts a request before its answer is written, repeated and refused ones too', async () => {
    // Counted once written (on 'finish'), a request could be missing from a Keys or Usage page
    // asked for right after its answer arrived (src/http/app.ts).
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const { key } = await t.keys.create({ plan: 'unlimited', name: 'order' });
    // The requests go one at a time: the answer being made is the last one the server was given.
    let answer: ServerResponse | undefined;
    const onRequest = (_request: IncomingMessage, response: ServerResponse) => (answer = response);
    const counted: string[] = [];
    const recorder = t.console!.recorder;
    const count = recorder.count.bind(recorder);
    recorder.count = (url, status, keyId) => {
      counted.push(`${status} ${answer?.headersSent ? 'after' : 'before'} the answer was written`);
      count(url, status, keyId);
    };
    // Before the server's own listener, which may answer (and count) before later listeners run.
    t.app.server.prependListener('request', onRequest);
    try {
      const url = `http://127.0.0.1:${address.port}/v3/banks/0005`;
      const statuses = [];
      // The first answer is made, the next two come from the kept answer, the fourth is refused (no key).
      const keyed: Record<string, string> = { 'x-api-key': key };
      for (const headers of [keyed, keyed, keyed, {}]) statuses.push((await fetch(url, { headers })).status);
      assert.deepEqual(statuses, [200, 200, 200, 401]);
      assert.deepEqual(counted, ['200 before the answer was written', '200 before the answer was written', '200 before the answer was written', '401 before the answer was written']);
    } finally {
      t.app.server.off('request', onRequest);
      recorder.count = count;
    }
  });

  it('edits plans, refusing bad numbers', async () => {
    const ok = await post('/admin/plans', { name: 'team', perSecond: '4', perDay: '4000', exportAllowed: '1', webhooks: '2', webhookCodes: '50' });
    assert.equal(ok.statusCode, 303);
    assert.equal(ok.headers.location, '/admin/plans?saved=team');
    assert.deepEqual(await new PlanStore(t.store.db).get('team'), { name: 'team', perSecond: 4, perDay: 4000, exportAllowed: true, webhooks: 2, webhookCodes: 50 });
    const page = await get('/admin/plans?saved=team');
    assert.match(page.body, /role="status">Saved plan team\.<\/p>/);
    const refused: Record<string, string>[] = [{ name: 'team', perSecond: '0', perDay: '1' }, { name: 'team', perSecond: '1.5', perDay: '1' }, { name: 'Bad Name', perSecond: '1', perDay: '1' }, { name: 'team', perSecond: '1', perDay: '1', webhooks: '-1' }];
    for (const fields of refused) {
      assert.equal((await post('/admin/plans', fields)).statusCode, 400);
    }
    assert.deepEqual(await new PlanStore(t.store.db).get('team'), { name: 'team', perSecond: 4, perDay: 4000, exportAllowed: true, webhooks: 2, webhookCodes: 50 });
  });

  it('shows the snapshot, the updates with change counts, and the changes of one bank', async () => {
    const page = await get('/admin/data?bank=0009');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<dd><code>2026-08-24T00:00:00\+0900<\/code><\/dd>/);
    assert.match(page.body, /<dd class="num">1,146<\/dd>/);
    assert.match(page.body, /<dd class="num">28,944<\/dd>/);
    const rows = [...page.body.matchAll(/<tr><th scope="row"><code>(chg-[0-9-]+)<\/code>/g)].map((m) => m[1]);
    assert.ok(rows.length > 0);
    const bad = await get('/admin/data?bank=12');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /bank_code must be 4 half-width digits/);
  });

  it('speaks the browser\'s language unless switched', async () => {
    assert.equal(chooseLanguage(undefined, 'en-GB,en;q=0.9,ja;q=0.8'), 'en');
    assert.equal(chooseLanguage(undefined, 'fr-FR, ja;q=0.5, en;q=0.4'), 'ja');
    assert.equal(chooseLanguage(undefined, 'fr-FR'), 'ja');
    assert.equal(chooseLanguage(undefined, 'en;q=0, ja;q=0'), 'ja');
    assert.equal(chooseLanguage('en', 'ja'), 'en');
    assert.equal(chooseLanguage('de', 'en'), 'en');
    assert.match((await get('/admin/keys', { 'accept-language': 'ja' })).body, /<h1>APIキー<\/h1>/);
    const switched = await get('/admin/lang?to=en&back=%2Fadmin%2Fdata', { 'accept-language': 'ja' });
    assert.equal(switched.statusCode, 303);
    assert.equal(switched.headers.location, '/admin/data');
    assert.match(String(switched.headers['set-cookie']), /^ginko_lang=en; Max-Age=31536000; Path=\/admin; HttpOnly; Secure; SameSite=Strict$/);
    const offsite = await get('/admin/lang?to=en&back=https%3A%2F%2Fevil.example%2F');
    assert.equal(offsite.headers.location, '/admin/keys', 'never sends the browser elsewhere');
  });
});

describe('the Data page\'s update check', () => {
  const tempDir = useTempDirs('ginko-console-update-');
  let t: TestApp;
  let s: ConsoleSession;
  let registry: TestRegistry;
  // Which registry the console asks; tests point it elsewhere.
  const asked = { registry: '', retries: 0 };
  before(async () => {
    registry = await new TestRegistry().start();
    for (const p of await packBundled(tempDir(), ['zengin-code'])) registry.publish(p);
    asked.registry = registry.url;
    t = await startTestApp({ console: {}, updateRegistry: asked });
    await t.console!.operators.add('alice', PASSWORD);
    s = await signIn(t.app, 'alice', PASSWORD, { 'accept-language': 'en' });
  });
  after(async () => {
    await t.close();
    await registry.close();
  });

  const check = (lang = 'en') => t.app.inject({ method: 'POST', url: '/admin/data/check', headers: { ...FORM, cookie: s.cookie, 'accept-language': lang }, payload: form({ _csrf: s.csrf }) });
  const storeState = async () => ({ latest: await latestUpdateId(t.store.db), updates: (await loadHistory(t.store.db)).updates.length });

  it('offers the check as a form with the CSRF token', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin/data', headers: { cookie: s.cookie, 'accept-language': 'en' } });
    assert.match(page.body, new RegExp(`<form method="post" action="/admin/data/check" class="inline-form">\\n  <input type="hidden" name="_csrf" value="${s.csrf}">\\n  <button type="submit">Check for updates now</button>`));
  });

  it('says the bundled data is already current, and records the check in the audit log', async () => {
    const before = await storeState();
    const res = await check();
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<p class="notice" role="status">already current \(2026-08-24\)<\/p>/);
    assert.match(res.body, /<dd><code>2026-08-24T00:00:00\+0900<\/code><\/dd>/);
    assert.deepEqual(registry.requests, ['GET /zengin-code']);
    assert.deepEqual(await storeState(), before);
    const [entry] = await t.console!.audit.list({ operator: 'alice', limit: 1 });
    assert.deepEqual({ ...entry!, at: undefined }, { at: undefined, operator: 'alice', action: 'data.check', target: '', detail: { outcome: 'current', effectiveDate: '2026-08-24', newest: '1.0.0-p20260824' }, ip: '127.0.0.1' });
    assert.ok(Date.now() - Date.parse(entry!.at) < 60_000);
    const ja = await check('ja');
    assert.match(ja.body, /role="status">すでに最新です\(2026-08-24\)<\/p>/);
  });

  it('shows an unreachable registry\'s failure line, changes nothing, and records it', async () => {
    asked.registry = `http://127.0.0.1:${await closedPort()}/`;
    try {
      const before = await storeState();
      const res = await check();
      assert.equal(res.statusCode, 502);
      assert.match(res.body, /<p class="error" role="alert">update failed \(unreachable\): [^<]+; nothing changed<\/p>/);
      assert.deepEqual(await storeState(), before);
      const [entry] = await t.console!.audit.list({ operator: 'alice', limit: 1 });
      assert.deepEqual([entry!.action, entry!.detail.outcome, entry!.detail.reason], ['data.check', 'failed', 'unreachable']);
    } finally {
      asked.registry = registry.url;
    }
  });

  it('does not check while another replica holds the update lease', async () => {
    const lease = (await tryLease(t.store.db, UPDATE_LEASE, 'another-replica', 60_000))!;
    try {
      const requests = registry.requests.length;
      const res = await check();
      assert.equal(res.statusCode, 409);
      assert.match(res.body, /role="alert">Another server is checking for updates right now; nothing changed\. Try again in a minute\.<\/p>/);
      assert.equal(registry.requests.length, requests, 'the registry was not asked');
      const [entry] = await t.console!.audit.list({ operator: 'alice', limit: 1 });
      assert.deepEqual(entry!.detail, { outcome: 'busy' });
    } finally {
      await lease.release();
    }
  });

  // Last: it changes the store.
  it('imports a newer version and serves it at once', async () => {
    const data = structuredClone(raw('zengin-code'));
    data['0010']!.branches['725']!.name = '市ヶ谷駅前';
    const out = tempDir();
    registry.publish(await npmPack(writePackageDir(out, '2026-10-31', data), out));
    const res = await check();
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<p class="notice" role="status">imported upd-20261031: 1 changes \(branch\.renamed 1\)<\/p>/);
    assert.match(res.body, /<dd><code>2026-10-31T00:00:00\+0900<\/code><\/dd>/);
    assert.equal(t.snapshots.current.directory.effectiveDate, '2026-10-31');
    assert.equal(await latestUpdateId(t.store.db), 'upd-20261031');
    const [entry] = await t.console!.audit.list({ operator: 'alice', limit: 1 });
    assert.deepEqual([entry!.target, entry!.detail], ['upd-20261031', { outcome: 'updated', updateId: 'upd-20261031', version: '1.0.0-p20261031', changes: 1, counts: { 'branch.renamed': 1 } }]);
    assert.match((await check()).body, /role="status">already current \(2026-10-31\)<\/p>/);
  });
});

/**
 * The console's access rules: no session → sign-in redirect or 401 (API keys do not count), CSRF
 * token on every state-changing request, cookie flags, the sign-in limit, the console's own
 * request limit, and one session accepted by two replicas on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readMaintenance } from '../src/store/maintenance-setting.js';
import { PlanStore } from '../src/store/plan-store.js';
import { openStore } from '../src/store/open.js';
import { startTestApp, type TestApp } from './support/app.js';
import { FORM, form, signIn } from './support/console.js';
import { LogCapture } from './support/log-capture.js';
import { TestRegistry } from './support/registry.js';
import { createPostgresDatabase } from './support/services.js';

const PASSWORD = 'a long enough password';

describe('console without a session', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ console: {} });
    await t.console!.operators.add('alice', PASSWORD);
  });
  after(() => t.close());

  const pages = ['/admin/', '/admin/keys', '/admin/usage', '/admin/plans', '/admin/data', '/admin/service', '/admin/audit', '/admin/keys/key_000000000000', '/admin/service/maintenance?to=on'];
  for (const url of pages) {
    it(`GET ${url} redirects to the sign-in page, also with a valid API key`, async () => {
      for (const headers of [{}, { 'x-api-key': t.key }]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        assert.equal(res.statusCode, 303);
        assert.equal(res.headers.location, url === '/admin/' ? '/admin/keys' : `/admin/sign-in?next=${encodeURIComponent(url)}`);
      }
    });
  }

  const endpoints = ['/admin/keys', '/admin/keys/key_000000000000', '/admin/keys/key_000000000000/revoke', '/admin/plans', '/admin/service/maintenance', '/admin/data/check', '/admin/sign-out'];
  for (const url of endpoints) {
    it(`POST ${url} answers 401, also with a valid API key`, async () => {
      for (const headers of [{}, { 'x-api-key': t.key }]) {
        const res = await t.app.inject({ method: 'POST', url, headers: { ...FORM, ...headers }, payload: form({ plan: 'free' }) });
        assert.equal(res.statusCode, 401);
        assert.deepEqual(res.json(), { message: 'sign in to the console first' });
      }
    });
  }

  it('GET /admin/api/usage answers 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/usage', headers: { 'x-api-key': t.key } });
    assert.equal(res.statusCode, 401);
  });

  it('serves the sign-in page and its assets without a session, with a strict CSP and no CORS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/sign-in', headers: { origin: 'https://elsewhere.example', 'accept-language': 'en-US,en;q=0.9' } });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<h1>Sign in<\/h1>/);
    assert.equal(res.headers['access-control-allow-origin'], undefined);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'; style-src 'self'/);
    assert.equal((await t.app.inject({ method: 'GET', url: '/admin/assets/uPlot.iife.min.js' })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/admin/assets/nothing.js' })).statusCode, 404);
  });

  it('answers another method on a page with 405 and what it allows, not 404', async () => {
    const answers = [];
    for (const [method, url] of [['PUT', '/admin'], ['DELETE', '/admin/'], ['PUT', '/admin/keys'], ['PATCH', '/admin/sign-in'], ['DELETE', '/admin/nothing']] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
      answers.push([method, url, res.statusCode, res.headers.allow ?? null]);
    }
    assert.deepEqual(answers, [
      ['PUT', '/admin', 405, 'GET, HEAD'],
      ['DELETE', '/admin/', 405, 'GET, HEAD'],
      ['PUT', '/admin/keys', 405, 'GET, POST, HEAD'],
      ['PATCH', '/admin/sign-in', 405, 'GET, POST, HEAD'],
      ['DELETE', '/admin/nothing', 404, null],
    ]);
  });
});

describe('console sessions and CSRF', () => {
  let t: TestApp;
  let registry: TestRegistry;
  const log = new LogCapture();
  before(async () => {
    registry = await new TestRegistry().start();
    t = await startTestApp({ console: { signinLimit: { maxFailures: 3, windowMs: 60_000, maxEntries: 100 } }, logger: { level: 'info', stream: log }, updateRegistry: { registry: registry.url, retries: 0 } });
    await t.console!.operators.add('alice', PASSWORD);
    await t.console!.operators.add('bob', PASSWORD);
  });
  after(async () => {
    await t.close();
    await registry.close();
  });

  it('sets the session cookie HttpOnly, Secure, SameSite=Strict on path /admin, and keeps only its hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'alice', password: PASSWORD }) });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/admin/keys');
    const header = String(res.headers['set-cookie']);
    assert.match(header, /^ginko_session=[A-Za-z0-9_-]{43}; Path=\/admin; HttpOnly; Secure; SameSite=Strict$/);
    const token = /^ginko_session=([^;]+)/.exec(header)![1]!;
    const rows = await t.store.db.selectFrom('operator_sessions').selectAll().execute();
    assert.equal(rows.some((r) => r.id_hash === token), false);
    assert.equal(rows.length, 1);
    const hash = (await t.store.db.selectFrom('operators').select('password_hash').where('name', '=', 'alice').executeTakeFirstOrThrow()).password_hash;
    assert.match(hash, /^scrypt\$32768\$8\$1\$/);
    assert.equal(log.text().includes(PASSWORD), false, 'the password is never logged');
  });

  it('refuses state-changing requests without the CSRF token (403) and changes nothing', async () => {
    const s = await signIn(t.app, 'alice', PASSWORD);
    const keysBefore = await t.keys.list();
    const planBefore = await new PlanStore(t.store.db).get('free');
    const attempts: { url: string; payload: Record<string, string> }[] = [
      { url: '/admin/keys', payload: { plan: 'free', name: 'sneaky' } },
      { url: '/admin/plans', payload: { name: 'free', perSecond: '99', perDay: '99999' } },
      { url: '/admin/service/maintenance', payload: { to: 'on' } },
      { url: '/admin/data/check', payload: {} },
      { url: `/admin/keys/${keysBefore[0]!.id}/revoke`, payload: {} },
      { url: '/admin/sign-out', payload: {} },
    ];
    for (const a of attempts) {
      for (const csrf of [undefined, 'x'.repeat(43), (await signIn(t.app, 'bob', PASSWORD)).csrf]) {
        const res = await t.app.inject({ method: 'POST', url: a.url, headers: { ...FORM, cookie: s.cookie }, payload: form({ ...a.payload, ...(csrf ? { _csrf: csrf } : {}) }) });
        assert.equal(res.statusCode, 403, `${a.url} with ${csrf ?? 'no token'}: ${res.body}`);
        assert.match(res.body, /Nothing was changed|何も変更していません/);
      }
    }
    assert.deepEqual(await t.keys.list(), keysBefore);
    assert.deepEqual(await new PlanStore(t.store.db).get('free'), planBefore);
    assert.equal(await readMaintenance(t.store.db), false);
    assert.deepEqual(registry.requests, [], 'no update check was made');
    // The same requests with the token go through.
    const ok = await t.app.inject({ method: 'POST', url: '/admin/plans', headers: { ...FORM, cookie: s.cookie }, payload: form({ name: 'free', perSecond: '2', perDay: '400', _csrf: s.csrf }) });
    assert.equal(ok.statusCode, 303);
    assert.deepEqual(await new PlanStore(t.store.db).get('free'), { name: 'free', perSecond: 2, perDay: 400, exportAllowed: false, webhooks: 1, webhookCodes: 20 });
    const header = await t.app.inject({ method: 'POST', url: '/admin/service/maintenance', headers: { ...FORM, cookie: s.cookie, 'x-csrf-token': s.csrf }, payload: form({ to: 'off' }) });
    assert.equal(header.statusCode, 303);
    const audit = await t.console!.audit.list({ operator: 'alice', limit: 2 });
    assert.deepEqual(audit.map((e) => [e.action, e.target, e.ip]), [['maintenance.off', '', '127.0.0.1'], ['plan.set', 'free', '127.0.0.1']]);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, origin: 'https://evil.example', host: 'ginko.example' }, payload: form({ name: 'alice', password: PASSWORD }) });
    assert.equal(res.statusCode, 403);
    assert.equal(res.headers['set-cookie'], undefined);
  });

  it('ends the session at sign-out', async () => {
    const s = await signIn(t.app, 'alice', PASSWORD);
    const out = await t.app.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...FORM, cookie: s.cookie }, payload: form({ _csrf: s.csrf }) });
    assert.equal(out.statusCode, 303);
    assert.equal(out.headers.location, '/admin/sign-in?out=1');
    assert.match(String(out.headers['set-cookie']), /^ginko_session=; Max-Age=0; Path=\/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict$/);
    assert.equal((await t.app.inject({ method: 'GET', url: '/admin/keys', headers: { cookie: s.cookie } })).statusCode, 303);
  });

  it('limits failed sign-ins per name: 429 with Retry-After and a log line, even with the right password', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, remoteAddress: `10.0.0.${i}`, payload: form({ name: 'bob', password: 'wrong password' }) });
      assert.equal(res.statusCode, 401);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'bob', password: PASSWORD }) });
    assert.equal(limited.statusCode, 429);
    const retryAfter = Number(limited.headers['retry-after']);
    assert.ok(retryAfter > 55 && retryAfter <= 60, String(retryAfter));
    assert.equal(limited.headers['set-cookie'], undefined);
    const line = log.lines().find((l) => l.msg === 'console sign-in refused: too many failed attempts');
    assert.deepEqual({ operator: line?.operator, ip: line?.ip, retryAfter: line?.retryAfter }, { operator: 'bob', ip: '127.0.0.1', retryAfter });
    // Another operator from the same address is not locked out by bob's name (the failures came from other addresses).
    assert.equal((await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'alice', password: PASSWORD }) })).statusCode, 303);
  });

  it('limits failed sign-ins per address across names', async () => {
    for (const name of ['carol', 'dave', 'erin']) {
      assert.equal((await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, remoteAddress: '192.0.2.7', payload: form({ name, password: 'wrong password' }) })).statusCode, 401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, remoteAddress: '192.0.2.7', payload: form({ name: 'alice', password: PASSWORD }) });
    assert.equal(res.statusCode, 429);
  });
});

describe('keys changed in the console', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ console: {} });
    await t.console!.operators.add('alice', PASSWORD);
  });
  after(() => t.close());

  it('refuses a key revoked in the console on this server from the next request on, not 2 s later', async () => {
    const { key, record } = await t.keys.create({ plan: 'standard', name: 'revoked at once' });
    const lookup = () => t.app.inject({ method: 'GET', url: '/v3/banks/0001', headers: { 'x-api-key': key } });
    // Admitted, and kept in this server's key cache.
    assert.equal((await lookup()).statusCode, 200);
    const session = await signIn(t.app, 'alice', PASSWORD);
    const revoked = await t.app.inject({ method: 'POST', url: `/admin/keys/${record.id}/revoke`, headers: { ...FORM, cookie: session.cookie }, payload: form({ _csrf: session.csrf }) });
    assert.equal(revoked.statusCode, 303);
    const refused = await lookup();
    assert.deepEqual([refused.statusCode, refused.json().message], [401, 'the API key has been revoked']);
  });

  it('applies restrictions changed in the console from the next request on', async () => {
    const { key, record } = await t.keys.create({ plan: 'standard', name: 'restricted at once' });
    const lookup = () => t.app.inject({ method: 'GET', url: '/v3/banks/0001', headers: { 'x-api-key': key } });
    assert.equal((await lookup()).statusCode, 200);
    const session = await signIn(t.app, 'alice', PASSWORD);
    const saved = await t.app.inject({ method: 'POST', url: `/admin/keys/${record.id}`, headers: { ...FORM, cookie: session.cookie }, payload: form({ _csrf: session.csrf, name: 'restricted at once', referrers: '', ips: '10.0.0.0/8' }) });
    assert.equal(saved.statusCode, 303);
    assert.deepEqual([(await lookup()).statusCode], [403]);
  });
});

describe('sign-in attempts sent at once', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ console: {} });
    await t.console!.operators.add('alice', PASSWORD);
  });
  after(() => t.close());

  const statusesOf = async (attempts: { name: string; remoteAddress: string; password?: string }[]) => {
    const answers = await Promise.all(attempts.map(({ name, remoteAddress, password }) => t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, remoteAddress, payload: form({ name, password: password ?? 'wrong password' }) })));
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
    return counts;
  };

  it('counts 50 wrong passwords for one name sent in parallel: 5 × 401, 45 × 429, and the name stays locked', async () => {
    const counts = await statusesOf(Array.from({ length: 50 }, (_, i) => ({ name: 'alice', remoteAddress: `10.1.0.${i}` })));
    assert.deepEqual(counts, { 401: 5, 429: 45 });
    assert.deepEqual(await statusesOf([{ name: 'alice', remoteAddress: '10.1.1.1', password: PASSWORD }]), { 429: 1 });
  });

  it('counts 50 wrong passwords from one address sent in parallel, each for another name: 5 × 401, 45 × 429', async () => {
    const counts = await statusesOf(Array.from({ length: 50 }, (_, i) => ({ name: `guess${i}`, remoteAddress: '203.0.113.9' })));
    assert.deepEqual(counts, { 401: 5, 429: 45 });
  });

  it('gives the slot back on success: sign-ins one after another from one address are never limited', async () => {
    await t.console!.operators.add('bob', PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await t.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, remoteAddress: '203.0.113.10', payload: form({ name: 'bob', password: PASSWORD }) })).statusCode);
    assert.deepEqual(statuses, Array(8).fill(303));
  });
});


describe('the console request limit', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ console: { requestsPerMinute: 5 } });
  });
  after(() => t.close());

  it('answers 429 with Retry-After past its own limit, and leaves the API alone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/admin/sign-in', remoteAddress: '198.51.100.1' })).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    const api = await t.app.inject({ method: 'GET', url: '/v3/banks/0001', remoteAddress: '198.51.100.1', headers: { 'x-api-key': t.key } });
    assert.equal(api.statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: '/admin/sign-in', remoteAddress: '198.51.100.2' })).statusCode, 200, 'another address is not limited');
  });
});

describe('one session on two replicas (PostgreSQL)', () => {
  let skip: string | undefined;
  let drop = async () => {};
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  let closeStores = async () => {};
  before(async () => {
    const database = await createPostgresDatabase();
    if ('skip' in database) {
      skip = database.skip;
      return;
    }
    drop = () => database.drop();
    const storeA = await openStore({ dataDir: '', databaseUrl: database.url });
    const storeB = await openStore({ dataDir: '', databaseUrl: database.url });
    closeStores = async () => {
      await storeA.close();
      await storeB.close();
    };
    a = await startTestApp({ store: storeA, console: {} });
    b = await startTestApp({ store: storeB, console: {} });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await closeStores();
    await drop();
  });

  it('accepts on replica B a session begun on replica A, and B sees A in its replica list', async (tc) => {
    if (skip) return tc.skip(skip);
    await a!.console!.operators.add('alice', PASSWORD);
    const s = await signIn(a!.app, 'alice', PASSWORD);
    const page = await b!.app.inject({ method: 'GET', url: '/admin/service', headers: { cookie: s.cookie, 'accept-language': 'en' } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Signed in as <strong>alice<\/strong>/);
    assert.ok(page.body.includes(a!.console!.heartbeat.id) && page.body.includes(b!.console!.heartbeat.id), 'both replicas are listed');
    const changed = await b!.app.inject({ method: 'POST', url: '/admin/plans', headers: { ...FORM, cookie: s.cookie }, payload: form({ name: 'team', perSecond: '3', perDay: '3000', _csrf: s.csrf }) });
    assert.equal(changed.statusCode, 303);
    assert.deepEqual(await new PlanStore(a!.store.db).get('team'), { name: 'team', perSecond: 3, perDay: 3000, exportAllowed: false, webhooks: 0, webhookCodes: 0 });
    const out = await b!.app.inject({ method: 'POST', url: '/admin/sign-out', headers: { ...FORM, cookie: s.cookie }, payload: form({ _csrf: s.csrf }) });
    assert.equal(out.statusCode, 303);
    assert.equal((await a!.app.inject({ method: 'GET', url: '/admin/keys', headers: { cookie: s.cookie } })).statusCode, 303, 'signed out on every replica');
  });
});

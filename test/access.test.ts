/** The pure parts of access control, and the rate limiter, abuse guard and usage journal on memory counters. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { AbuseGuard, referrerSubject, UNKNOWN_KEY_LOOKUPS_PER_WINDOW } from '../src/access/abuse.js';
import { ipMatcher, parseIpRule, unmapIpv4 } from '../src/access/cidr.js';
import { Authenticator, CACHE_TTL_MS, UNKNOWN_MAX_ENTRIES } from '../src/access/authenticator.js';
import { MemoryCounters } from '../src/access/counters.js';
import { openAccessControl } from '../src/store/open-access.js';
import { jstDay, nextJstMidnight, secondsUntilJstMidnight } from '../src/access/jst.js';
import { KeyStore } from '../src/store/key-store.js';
import { PLAN_CACHE_TTL_MS, PlanCache } from '../src/access/plan-cache.js';
import type { Plan } from '../src/access/plans.js';
import { PlanStore } from '../src/store/plan-store.js';
import { RateLimiter } from '../src/access/rate-limiter.js';
import { referrerMatcher, referrerPatternProblem } from '../src/access/referrer.js';
import { UsageJournal } from '../src/access/usage-journal.js';
import { UsageStore } from '../src/store/usage-store.js';
import { redactUrl } from '../src/http/edge/redact.js';
import { openStore, type SqlStore } from '../src/store/open.js';

const at = (iso: string) => Date.parse(iso);

describe('JST day', () => {
  it('changes at 15:00 UTC, which is midnight in Tokyo', () => {
    assert.equal(jstDay(at('2026-03-01T14:59:59.999Z')), '2026-03-01');
    assert.equal(jstDay(at('2026-03-01T15:00:00.000Z')), '2026-03-02');
    assert.equal(jstDay(at('2026-03-01T00:00:00.000Z')), '2026-03-01');
    assert.equal(jstDay(at('2026-12-31T15:00:00.000Z')), '2027-01-01');
  });

  it('counts the seconds to the next JST midnight, rounded up', () => {
    assert.equal(nextJstMidnight(at('2026-03-01T10:00:00Z')), at('2026-03-01T15:00:00Z'));
    assert.equal(nextJstMidnight(at('2026-03-01T15:00:00Z')), at('2026-03-02T15:00:00Z'));
    assert.equal(secondsUntilJstMidnight(at('2026-03-01T14:59:30Z')), 30);
    assert.equal(secondsUntilJstMidnight(at('2026-03-01T14:59:59.001Z')), 1);
    assert.equal(secondsUntilJstMidnight(at('2026-03-01T15:00:00Z')), 86_400);
    assert.equal(secondsUntilJstMidnight(at('2026-02-28T15:00:00.500Z')), 86_400);
  });
});

describe('referrer patterns', () => {
  const cases: [patterns: string[], referrer: string | undefined, allowed: boolean][] = [
    [['https://*.example.jp/*'], 'https://www.example.jp/shop/cart?x=1', true],
    [['https://*.example.jp/*'], 'https://a.b.example.jp/', true],
    [['https://*.example.jp/*'], 'https://example.jp/', false],
    [['https://*.example.jp/*'], 'http://www.example.jp/', false],
    [['https://*.example.jp/*'], 'https://evil.example/x.example.jp/', false],
    [['https://*.example.jp/*'], 'https://www.example.jp.evil.example/', false],
    [['https://*.example.jp/*'], 'https://user@www.example.jp/', false],
    // Only host-name characters stand for `*`: these name other hosts to browsers and servers.
    [['https://*.example.jp/*'], 'https://evil.example\\.example.jp/', false],
    [['https://*.example.jp/*'], 'https://evil.example%2f.example.jp/', false],
    [['https://*.example.jp/*'], 'https://evil.example%2F.example.jp/', false],
    [['https://*.example.jp/*'], 'https://shop-1_a.Example.jp/', true],
    [['https://*.example.jp/*'], 'https://www.example.jp:8443/', false],
    [['https://*.example.jp/*'], undefined, false],
    [['example.jp'], 'https://example.jp/any/path', true],
    [['example.jp'], 'http://example.jp', true],
    [['example.jp'], 'https://example.jp.evil.example/', false],
    [['example.jp'], 'ftp://example.jp/', false],
    [['https://example.jp/app/*'], 'https://example.jp/app/page', true],
    [['https://example.jp/app/*'], 'https://example.jp/other', false],
    [['https://EXAMPLE.jp/*'], 'https://example.JP/x', true],
    [['http://localhost:*'], 'http://localhost:3000/dev', true],
    [['http://localhost:*'], 'http://localhost.evil.example/', false],
    [['http://localhost:*'], 'http://localhost:3000@evil.example/', false],
    [['http://[::1]:*/*'], 'http://[::1]:8080/', true],
    [['https://a.example/*', 'https://b.example/*'], 'https://b.example/', true],
    [['*'], 'https://anything.example/', true],
    [['*'], 'https://anything.example:8443/x', true],
    [['*'], 'http://[::1]:8080/', true],
    [['*'], undefined, false],
    [[], undefined, true],
  ];
  for (const [patterns, referrer, allowed] of cases) {
    it(`${JSON.stringify(patterns)} ${allowed ? 'allows' : 'refuses'} ${referrer ?? '(no referrer)'}`, () => {
      assert.equal(referrerMatcher(patterns)(referrer), allowed);
    });
  }

  it('refuses malformed patterns with the reason', () => {
    assert.equal(referrerPatternProblem(''), 'it is empty');
    assert.equal(referrerPatternProblem('https:// example.jp'), 'expected scheme://host/path with * wildcards, e.g. https://*.example.jp/*');
    assert.equal(referrerPatternProblem('https://'), 'expected scheme://host/path with * wildcards, e.g. https://*.example.jp/*');
    assert.equal(referrerPatternProblem('x'.repeat(501)), 'it is longer than 500 characters');
    assert.equal(referrerPatternProblem('https://*.example.jp/*'), undefined);
    assert.throws(() => referrerMatcher(['']), { message: 'invalid referrer pattern "": it is empty' });
  });
});

describe('IP rules', () => {
  it('parses addresses and CIDR blocks of both families', () => {
    assert.deepEqual(parseIpRule('203.0.113.0/24'), { family: 'ipv4', address: '203.0.113.0', prefix: 24 });
    assert.deepEqual(parseIpRule('198.51.100.7'), { family: 'ipv4', address: '198.51.100.7', prefix: 32 });
    assert.deepEqual(parseIpRule('2001:db8::/32'), { family: 'ipv6', address: '2001:db8::', prefix: 32 });
    assert.deepEqual(parseIpRule('::1'), { family: 'ipv6', address: '::1', prefix: 128 });
    assert.deepEqual(parseIpRule('::ffff:10.0.0.1'), { family: 'ipv4', address: '10.0.0.1', prefix: 32 });
    assert.throws(() => parseIpRule('10.0.0.0/33'), { message: 'invalid IP restriction "10.0.0.0/33": the prefix length must be 0 to 32' });
    assert.throws(() => parseIpRule('2001:db8::/129'), { message: 'invalid IP restriction "2001:db8::/129": the prefix length must be 0 to 128' });
    assert.throws(() => parseIpRule('10.0.0.0/'), { message: 'invalid IP restriction "10.0.0.0/": the prefix length must be 0 to 32' });
    assert.throws(() => parseIpRule('example.jp'), { message: 'invalid IP restriction "example.jp": expected an IPv4 or IPv6 address or CIDR block such as 203.0.113.0/24' });
  });

  it('matches IPv4, IPv6 and IPv4-mapped IPv6 client addresses', () => {
    const allowed = ipMatcher(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);
    assert.equal(allowed('203.0.113.1'), true);
    assert.equal(allowed('203.0.113.255'), true);
    assert.equal(allowed('203.0.114.0'), false);
    assert.equal(allowed('198.51.100.7'), true);
    assert.equal(allowed('198.51.100.8'), false);
    assert.equal(allowed('::ffff:203.0.113.9'), true);
    assert.equal(allowed('::FFFF:198.51.100.8'), false);
    assert.equal(allowed('2001:db8:1234::1'), true);
    assert.equal(allowed('2001:db9::1'), false);
    assert.equal(allowed('fe80::1%eth0'), false);
    assert.equal(allowed('not an address'), false);
    assert.equal(ipMatcher([])('192.0.2.1'), true);
    assert.equal(ipMatcher(['0.0.0.0/0'])('192.0.2.1'), true);
    assert.equal(ipMatcher(['0.0.0.0/0'])('2001:db8::1'), false);
    assert.equal(unmapIpv4('::ffff:192.0.2.1'), '192.0.2.1');
  });
});

describe('log redaction', () => {
  const KEY = 'gk_' + 'Ab9_-'.repeat(6) + 'xy';
  it('removes key parameters in any case or encoding, and key-shaped text anywhere', () => {
    assert.equal(redactUrl(`/v3/banks?apikey=${KEY}&limit=2`), '/v3/banks?apikey=[redacted]&limit=2');
    assert.equal(redactUrl(`/v3/banks?limit=2&apiKey=${KEY}`), '/v3/banks?limit=2&apiKey=[redacted]');
    assert.equal(redactUrl(`/v3/banks?APIKEY=whatever`), '/v3/banks?APIKEY=[redacted]');
    assert.equal(redactUrl(`/v3/banks?api%4Bey=${KEY}`), '/v3/banks?api%4Bey=[redacted]');
    assert.equal(redactUrl(`/v3/banks?apikey[]=${KEY}`), '/v3/banks?apikey[]=[redacted]');
    assert.equal(redactUrl(`/v3/banks?filter=${KEY}`), '/v3/banks?filter=[redacted]');
    assert.equal(redactUrl(`/v3/banks?filter=gk%5F${KEY.slice(3)}`), '/v3/banks?filter=[redacted]');
    assert.equal(redactUrl(`/v3/banks/${KEY}`), '/v3/banks/[redacted]');
    assert.equal(redactUrl('/v3/banks/0001?fields=code'), '/v3/banks/0001?fields=code');
  });

  it('finds them beside Japanese text and malformed escapes, and leaves a URL without them as it is', () => {
    const mizuho = '%E3%81%BF%E3%81%9A%E3%81%BB';
    assert.equal(redactUrl(`/v3/freeword/banks?freeword=${mizuho}`), `/v3/freeword/banks?freeword=${mizuho}`);
    assert.equal(redactUrl(`/v3/freeword/banks?freeword=${mizuho}+%ZZ&limit=2`), `/v3/freeword/banks?freeword=${mizuho}+%ZZ&limit=2`);
    assert.equal(redactUrl(`/v3/freeword/banks?freeword=${mizuho}&a%70ikey=${KEY}`), `/v3/freeword/banks?freeword=${mizuho}&a%70ikey=[redacted]`);
    assert.equal(redactUrl(`/v3/freeword/banks?freeword=%ZZ${mizuho}&filter=%67k_${KEY.slice(3)}`), `/v3/freeword/banks?freeword=%ZZ${mizuho}&filter=[redacted]`);
    assert.equal(redactUrl(`/v3/freeword/banks?freeword=${mizuho}%20%47K%5F${KEY.slice(3)}`), '/v3/freeword/banks?freeword=[redacted]');
  });

  it('finds a parameter name or key prefix written with any of its characters in either case or percent-escaped', () => {
    // Each character as it is, in the other case, or escaped with lower- or upper-case hex.
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const written = (text: string) =>
      [...text]
        .map((c) => {
          const form = Math.floor(next() * 4);
          const hex = c.charCodeAt(0).toString(16);
          return form === 0 ? c : form === 1 ? c.toUpperCase() : form === 2 ? `%${hex}` : `%${hex.toUpperCase()}`;
        })
        .join('');
    for (let i = 0; i < 300; i++) {
      const name = written(i % 2 ? 'apikey' : 'signature');
      assert.equal(redactUrl(`/v3/banks?limit=2&${name}=secret`), `/v3/banks?limit=2&${name}=[redacted]`);
      const key = written('gk_') + KEY.slice(3);
      assert.equal(redactUrl(`/v3/freeword/banks?freeword=%E3%81%BF&filter=${key}`), '/v3/freeword/banks?freeword=%E3%81%BF&filter=[redacted]');
    }
  });
});

describe('rate limiter', () => {
  let clock = at('2026-03-01T14:59:58Z'); // 23:59:58 JST
  const limiter = new RateLimiter(new MemoryCounters(), { now: () => clock });

  it('serves perDay requests per JST day and refuses the rest until midnight', async () => {
    const limits = { perSecond: 100, perDay: 2 };
    assert.deepEqual(await limiter.consume('search', 'key_a', limits), { allowed: true, limitSecond: 100, limitDay: 2, remainingDay: 1, resetSeconds: 2 });
    assert.deepEqual(await limiter.consume('search', 'key_a', limits), { allowed: true, limitSecond: 100, limitDay: 2, remainingDay: 0, resetSeconds: 2 });
    assert.deepEqual(await limiter.consume('search', 'key_a', limits), { allowed: false, exceeded: 'day', limitSecond: 100, limitDay: 2, remainingDay: 0, resetSeconds: 2 });
    assert.deepEqual(await limiter.consume('history', 'key_a', limits), { allowed: true, limitSecond: 100, limitDay: 2, remainingDay: 1, resetSeconds: 2 }, 'buckets count apart');
    clock = at('2026-03-01T15:00:00Z'); // 00:00 JST, the next day
    assert.deepEqual(await limiter.consume('search', 'key_a', limits), { allowed: true, limitSecond: 100, limitDay: 2, remainingDay: 1, resetSeconds: 86_400 });
  });

  it('serves perSecond requests in a one-second window; refused requests do not count toward the day', async () => {
    const limits = { perSecond: 2, perDay: 10 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume('search', 'key_b', limits));
    assert.deepEqual(results.map((r) => [r.allowed, r.exceeded, r.remainingDay]), [
      [true, undefined, 9],
      [true, undefined, 8],
      [false, 'second', 8],
      [false, 'second', 8],
    ]);
    assert.equal(results[2]!.resetSeconds, 1);
    await new Promise((r) => setTimeout(r, 1_050));
    const next = await limiter.consume('search', 'key_b', limits);
    assert.equal(next.allowed, true);
    assert.equal(next.remainingDay, 7);
  });

  it('restores persisted day counts', async () => {
    await limiter.restore([{ bucket: 'search', keyId: 'key_c', day: limiter.today(), count: 5 }]);
    const r = await limiter.consume('search', 'key_c', { perSecond: 100, perDay: 6 });
    assert.equal(r.remainingDay, 0);
    assert.equal((await limiter.consume('search', 'key_c', { perSecond: 100, perDay: 6 })).allowed, false);
  });
});

describe('abuse guard', () => {
  it('blocks an address after threshold requests without a key in the window, and only that address', async () => {
    const guard = new AbuseGuard(new MemoryCounters(), { threshold: 3, windowSeconds: 60, blockSeconds: 30 });
    const a = { ip: '198.51.100.1' };
    for (let i = 0; i < 3; i++) assert.deepEqual(await guard.keylessRequest(a), { blocked: false });
    assert.deepEqual(await guard.keylessRequest(a), { blocked: true, retryAfterSeconds: 30 });
    assert.deepEqual(await guard.keylessRequest(a), { blocked: true, retryAfterSeconds: 30 });
    assert.deepEqual(await guard.keylessRequest({ ip: '198.51.100.2' }), { blocked: false });
  });

  it('blocks a referrer origin whatever the path and the address', async () => {
    const guard = new AbuseGuard(new MemoryCounters(), { threshold: 2, windowSeconds: 60, blockSeconds: 30 });
    assert.equal((await guard.keylessRequest({ ip: '192.0.2.1', referrer: 'https://scraper.example/a' })).blocked, false);
    assert.equal((await guard.keylessRequest({ ip: '192.0.2.2', referrer: 'https://scraper.example/b?x' })).blocked, false);
    assert.equal((await guard.keylessRequest({ ip: '192.0.2.3', referrer: 'https://SCRAPER.example/c' })).blocked, true);
    assert.equal((await guard.keylessRequest({ ip: '192.0.2.4', referrer: 'https://scraper.example/' })).blocked, true);
    assert.equal((await guard.keylessRequest({ ip: '192.0.2.5', referrer: 'https://other.example/' })).blocked, false);
    assert.equal((await guard.keylessRequest({ ip: '192.0.2.5' })).blocked, false);
    assert.equal(referrerSubject('https://Scraper.example:8443/x?y'), 'https://scraper.example:8443');
    assert.equal(referrerSubject('not a url'), 'not a url');
  });

  it('ends a block after blockSeconds', async () => {
    const guard = new AbuseGuard(new MemoryCounters(), { threshold: 1, windowSeconds: 1, blockSeconds: 1 });
    const c = { ip: '203.0.113.50' };
    assert.equal((await guard.keylessRequest(c)).blocked, false);
    assert.equal((await guard.keylessRequest(c)).blocked, true);
    await new Promise((r) => setTimeout(r, 1_100));
    assert.deepEqual(await guard.keylessRequest(c), { blocked: false });
  });

  it('is off with threshold 0', async () => {
    const guard = new AbuseGuard(new MemoryCounters(), { threshold: 0, windowSeconds: 60, blockSeconds: 60 });
    for (let i = 0; i < 50; i++) assert.equal((await guard.keylessRequest({ ip: '192.0.2.9' })).blocked, false);
  });
});

describe('usage journal and plan cache on SQLite', () => {
  let store: SqlStore;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ginko-access-'));
    store = await openStore({ dataDir });
  });
  after(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds the recorded requests to the store on every flush interval and at close', async () => {
    const usage = new UsageStore(store.db);
    const journal = new UsageJournal(usage, undefined, 30);
    journal.record('search', 'key_1', '2026-03-01', 1);
    journal.record('search', 'key_1', '2026-03-01', 1);
    journal.record('history', 'key_1', '2026-03-01', 7);
    await new Promise((r) => setTimeout(r, 120));
    const sorted = async () => (await usage.load('2026-03-01')).sort((a, b) => a.bucket.localeCompare(b.bucket));
    assert.deepEqual(await sorted(), [
      { bucket: 'history', keyId: 'key_1', day: '2026-03-01', count: 7 },
      { bucket: 'search', keyId: 'key_1', day: '2026-03-01', count: 2 },
    ]);
    journal.record('search', 'key_1', '2026-03-01', 1);
    await journal.close();
    assert.deepEqual((await sorted()).map((r) => r.count), [7, 3]);
    await usage.deleteBefore('2026-03-02');
    assert.deepEqual(await usage.load('2026-03-01'), []);
  });

  it('rejects keys with malformed restrictions', async () => {
    await new PlanStore(store.db).ensureDefaults();
    const keys = new KeyStore(store.db);
    await assert.rejects(keys.create({ plan: 'free', ips: ['10.0.0.0/40'] }), { message: 'invalid IP restriction "10.0.0.0/40": the prefix length must be 0 to 32' });
    await assert.rejects(keys.create({ plan: 'free', referrers: ['https:// x'] }), { message: 'invalid referrer pattern "https:// x": expected scheme://host/path with * wildcards, e.g. https://*.example.jp/*' });
  });

  it('reads a plan from the store at most once per TTL', async () => {
    let reads = 0;
    let clock = 0;
    const plan: Plan = { name: 'p', perSecond: 1, perDay: 2, exportAllowed: false, webhooks: 0, webhookCodes: 0 };
    const cache = new PlanCache({ get: async () => (reads++, plan) }, () => clock);
    assert.deepEqual(await Promise.all([cache.get('p'), cache.get('p')]), [plan, plan]);
    clock = 1_999;
    await cache.get('p');
    assert.equal(reads, 1);
    clock = 2_000;
    await cache.get('p');
    assert.equal(reads, 2);
  });

  it('reads a plan from the store once per PLAN_CACHE_TTL_MS', async () => {
    const plan: Plan = { name: 'p', perSecond: 1, perDay: 2, exportAllowed: false, webhooks: 0, webhookCodes: 0 };
    let reads = 0;
    let clock = 0;
    const cache = new PlanCache({ get: async () => (reads++, plan) }, () => clock);
    assert.deepEqual(await Promise.all([cache.get('p'), cache.get('p')]), [plan, plan]);
    assert.equal(await cache.get('p'), plan);
    assert.equal(reads, 1, 'requests at once share one read, and later ones are answered from memory');
    clock = PLAN_CACHE_TTL_MS;
    await cache.get('p');
    assert.equal(reads, 2);
  });

  it('authenticates from the cache; a revocation reaches it once the cache entry ends', async () => {
    await new PlanStore(store.db).ensureDefaults();
    const keys = new KeyStore(store.db);
    const a = await keys.create({ plan: 'free', name: 'a' });
    const b = await keys.create({ plan: 'free', name: 'b' });
    let clock = 0;
    const auth = new Authenticator(keys, () => clock);
    try {
      assert.ok('hash' in auth.fromMemory(a.key), 'a key not yet cached is read from the store');
      assert.deepEqual(await auth.authenticate(a.key), { ok: true, key: a.record });
      assert.deepEqual(auth.fromMemory(a.key), { ok: true, key: a.record }, 'then answered from memory');
      assert.deepEqual(await auth.authenticate(b.key), { ok: true, key: b.record });
      const wrong = b.key.slice(0, -1) + (b.key.endsWith('A') ? 'B' : 'A');
      assert.deepEqual(await auth.authenticate(wrong), { ok: false, reason: 'invalid' });
      assert.deepEqual(auth.fromMemory('gk_short'), { ok: false, reason: 'invalid' }, 'not shaped like a key: no lookup');
      assert.deepEqual(await auth.authenticate(a.key), { ok: true, key: a.record });
      // Revocation reaches a client that keeps presenting the key once the cache entry ends.
      await keys.revoke(a.record.id);
      assert.deepEqual(await auth.authenticate(a.key), { ok: true, key: a.record });
      clock = CACHE_TTL_MS;
      assert.deepEqual(await auth.authenticate(a.key), { ok: false, reason: 'revoked' });
    } finally {
      await auth.close();
    }
  });

  it('asks the store once for a key that many requests present while it is being looked up', async () => {
    await new PlanStore(store.db).ensureDefaults();
    const keys = new KeyStore(store.db);
    const a = await keys.create({ plan: 'free', name: 'a' });
    let lookups = 0;
    const counting = Object.create(keys, { findByHash: { value: (hash: string) => (lookups++, keys.findByHash(hash)) } }) as KeyStore;
    let clock = 0;
    const auth = new Authenticator(counting, () => clock);
    try {
      const answers = await Promise.all([auth.authenticate(a.key), auth.authenticate(a.key), auth.authenticate(a.key)]);
      assert.deepEqual(answers, [0, 1, 2].map(() => ({ ok: true, key: a.record })));
      assert.equal(lookups, 1);
      clock = CACHE_TTL_MS;
      await Promise.all([auth.authenticate(a.key), auth.authenticate(a.key)]);
      assert.equal(lookups, 2, 'an ended cache entry is looked up again, once');
    } finally {
      await auth.close();
    }
  });
});

describe('abuse protection that protects the store', () => {
  let store: SqlStore;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ginko-abuse-store-'));
    store = await openStore({ dataDir });
    await new PlanStore(store.db).ensureDefaults();
  });
  after(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Access control over a key store that counts its key lookups; the key cache never ends (fixed clock). */
  async function counted(abuse: { threshold: number; windowSeconds: number; blockSeconds: number }) {
    const keys = new KeyStore(store.db);
    const valid = await keys.create({ plan: 'unlimited', name: 'holder' });
    const counter = { lookups: 0 };
    const counting = Object.create(keys, { findByHash: { value: (hash: string) => (counter.lookups++, keys.findByHash(hash)) } }) as KeyStore;
    const auth = new Authenticator(counting, () => 0);
    const access = await openAccessControl({ db: store.db, auth, abuse, maintenancePollMs: 60_000 });
    return { valid, counter, auth, access, close: async () => (await access.close(), await auth.close()) };
  }
  const policy = { bucket: 'search' };
  const randomKey = () => 'gk_' + randomBytes(24).toString('base64url');

  it('refuses a blocked address before any store lookup: 10,000 random keys cost 0 lookups, and a valid key is still answered from memory', async () => {
    const { valid, counter, auth, access, close } = await counted({ threshold: 5, windowSeconds: 60, blockSeconds: 600 });
    // The key itself, on the authenticator's own clock (fixed here), needs no lookup.
    const inMemory = (key: string) => !('hash' in auth.fromMemory(key));
    try {
      const holder = { ip: '198.51.100.7', presentedKey: valid.key };
      assert.equal((await access.check(holder, policy)).ok, true);
      assert.equal(inMemory(valid.key), true);
      const attacker = { ip: '203.0.113.9', presentedKey: undefined };
      const refusals = [];
      for (let i = 0; i < 6; i++) refusals.push(await access.check(attacker, policy));
      assert.deepEqual(refusals.map((d) => !d.ok && d.denial.kind), ['unauthenticated', 'unauthenticated', 'unauthenticated', 'unauthenticated', 'unauthenticated', 'blocked']);
      counter.lookups = 0;
      const kinds = new Map<string, number>();
      for (let i = 0; i < 10_000; i++) {
        const d = await access.check({ ip: '203.0.113.9', presentedKey: randomKey() }, policy);
        const kind = d.ok ? 'ok' : d.denial.kind;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      assert.deepEqual([...kinds], [['blocked', 10_000]]);
      assert.equal(counter.lookups, 0, 'no store lookup for a blocked address');
      assert.equal(inMemory(valid.key), true, "the valid key's next request is answered from memory");
      assert.equal((await access.check(holder, policy)).ok, true);
      assert.equal(counter.lookups, 0);
      // A key holder behind the blocked address is still served: its key is known.
      assert.equal((await access.check({ ip: '203.0.113.9', presentedKey: valid.key }, policy)).ok, true);
      assert.equal(counter.lookups, 0);
    } finally {
      await close();
    }
  });

  it(`limits lookups of unknown keys to ${UNKNOWN_KEY_LOOKUPS_PER_WINDOW} per address and window, even with blocking off`, async () => {
    const { valid, counter, access, close } = await counted({ threshold: 0, windowSeconds: 60, blockSeconds: 600 });
    try {
      const kinds: string[] = [];
      for (let i = 0; i < 200; i++) {
        const d = await access.check({ ip: '192.0.2.44', presentedKey: randomKey() }, policy);
        kinds.push(d.ok ? 'ok' : d.denial.kind);
      }
      assert.equal(counter.lookups, UNKNOWN_KEY_LOOKUPS_PER_WINDOW);
      assert.deepEqual(kinds.slice(UNKNOWN_KEY_LOOKUPS_PER_WINDOW - 1, UNKNOWN_KEY_LOOKUPS_PER_WINDOW + 1), ['unauthenticated', 'blocked']);
      assert.equal(kinds.filter((k) => k === 'blocked').length, 200 - UNKNOWN_KEY_LOOKUPS_PER_WINDOW);
      assert.equal((await access.check({ ip: '192.0.2.44', presentedKey: valid.key }, policy)).ok, true, 'a real key from that address is still served');
      assert.equal((await access.check({ ip: '192.0.2.45', presentedKey: randomKey() }, policy)).ok, false);
      assert.equal(counter.lookups, UNKNOWN_KEY_LOOKUPS_PER_WINDOW + 2, 'other addresses keep their own allowance');
    } finally {
      await close();
    }
  });

  it('keeps valid keys in memory however many unknown keys are looked up (separate bounds)', async () => {
    const { valid, counter, auth, access, close } = await counted({ threshold: 0, windowSeconds: 60, blockSeconds: 600 });
    try {
      const holder = { ip: '198.51.100.8', presentedKey: valid.key };
      assert.equal((await access.check(holder, policy)).ok, true);
      const sent = UNKNOWN_MAX_ENTRIES + 500;
      for (let i = 0; i < sent; i++) await access.check({ ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${Math.floor(i / UNKNOWN_KEY_LOOKUPS_PER_WINDOW) & 255}`, presentedKey: randomKey() }, policy);
      assert.equal(counter.lookups, sent + 1);
      // The key itself, on the authenticator's own clock (fixed here): the plan's cache runs on
      // real time, which a loaded machine can outlast during the loop above.
      const remembered = auth.fromMemory(valid.key);
      assert.ok(!('hash' in remembered), 'the valid key is still answered from memory');
      assert.equal((await access.check(holder, policy)).ok, true);
      assert.equal(counter.lookups, sent + 1, 'without a store lookup');
    } finally {
      await close();
    }
  });
});

/** One suite, run against both SQL back ends: SQLite (embedded) and PostgreSQL (real server). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Authenticator } from '../src/access/authenticator.js';
import { KeyStore } from '../src/store/key-store.js';
import { DEFAULT_PLANS } from '../src/access/plans.js';
import { PlanStore } from '../src/store/plan-store.js';
import { MemoryCounters } from '../src/access/counters.js';
import { RateLimiter } from '../src/access/rate-limiter.js';
import { UsageJournal } from '../src/access/usage-journal.js';
import { UsageStore } from '../src/store/usage-store.js';
import { sharedSecret } from '../src/store/settings.js';
import { onEachStore } from './support/store-suites.js';

onEachStore('SQL store', (s) => {
  it('creates the default plans once and changes them', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const plans = new PlanStore(s.store!.db);
    await plans.ensureDefaults();
    await plans.ensureDefaults();
    assert.deepEqual(await plans.list(), [...DEFAULT_PLANS]);
    await plans.set({ name: 'free', perSecond: 2, perDay: 500, exportAllowed: false });
    // Webhook limits not given stay as they were (docs/access.md#plans-and-rate-limits).
    assert.deepEqual(await plans.get('free'), { name: 'free', perSecond: 2, perDay: 500, exportAllowed: false, webhooks: 1, webhookCodes: 20 });
    await plans.set({ name: 'free', perSecond: 2, perDay: 500, exportAllowed: false, webhooks: 0 });
    assert.deepEqual(await plans.get('free'), { name: 'free', perSecond: 2, perDay: 500, exportAllowed: false, webhooks: 0, webhookCodes: 20 });
    await plans.set({ name: 'fresh', perSecond: 1, perDay: 1, exportAllowed: false });
    assert.deepEqual(await plans.get('fresh'), { name: 'fresh', perSecond: 1, perDay: 1, exportAllowed: false, webhooks: 0, webhookCodes: 0 });
    await assert.rejects(plans.set({ name: 'fresh', perSecond: 1, perDay: 1, exportAllowed: false, webhookCodes: -1 }), /--webhook-codes must be a non-negative integer/);
    await plans.ensureDefaults();
    assert.equal((await plans.get('free'))?.perDay, 500, 'defaults never overwrite an operator change');
    await assert.rejects(plans.set({ name: 'Bad Name', perSecond: 1, perDay: 1, exportAllowed: false }), /plan name "Bad Name" must match/);
  });

  it('creates, finds, lists and revokes keys', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const keys = new KeyStore(s.store!.db);
    const { key, record } = await keys.create({ plan: 'standard', name: 'web', referrers: ['https://a.example/*'], ips: ['10.0.0.0/8'] });
    const auth = new Authenticator(keys);
    const ok = await auth.authenticate(key);
    assert.equal(ok.ok, true);
    assert.deepEqual(ok.ok && ok.key, record);
    assert.deepEqual((await keys.list()).map((k) => k.id), [record.id]);
    assert.equal(await keys.revoke(record.id), true);
    assert.equal(await keys.revoke('key_missing'), false);
    assert.notEqual((await keys.findByHash(record.keyHash))?.revokedAt, null);
    await assert.rejects(keys.create({ plan: 'nope' }), /unknown plan "nope"/);
    await auth.close();
    assert.notEqual((await keys.findByHash(record.keyHash))?.lastUsedAt, null, 'last use is written at close');
  });

  it('keeps per-day usage counts: adds on save, loads one day, deletes old days', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const usage = new UsageStore(s.store!.db);
    await usage.add([
      { bucket: 'search', keyId: 'key_a', day: '2026-03-01', count: 5 },
      { bucket: 'search', keyId: 'key_a', day: '2026-03-02', count: 1 },
      { bucket: 'history', keyId: 'key_a', day: '2026-03-02', count: 2 },
    ]);
    await usage.add([{ bucket: 'search', keyId: 'key_a', day: '2026-03-02', count: 9 }]);
    const day2 = (await usage.load('2026-03-02')).sort((a, b) => a.bucket.localeCompare(b.bucket));
    assert.deepEqual(day2, [
      { bucket: 'history', keyId: 'key_a', day: '2026-03-02', count: 2 },
      { bucket: 'search', keyId: 'key_a', day: '2026-03-02', count: 10 },
    ]);
    await usage.deleteBefore('2026-03-02');
    assert.deepEqual(await usage.load('2026-03-01'), []);
    assert.equal((await usage.load('2026-03-02')).length, 2);
  });

  it('adds up requests counted by two processes and across a restart to exactly N', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const limits = { perSecond: 1_000, perDay: 1_000 };
    const usage = new UsageStore(s.store!.db);
    // A "process": its own in-memory counters and journal on the shared store, restored at start.
    const start = async () => {
      const journal = new UsageJournal(usage, undefined, 60_000);
      const limiter = new RateLimiter(new MemoryCounters(), { journal });
      await limiter.restore(await usage.load(limiter.today()));
      return { journal, limiter };
    };
    const serve = async (p: { limiter: RateLimiter }, n: number) => {
      for (let i = 0; i < n; i++) assert.equal((await p.limiter.consume('search', 'key_split', limits)).allowed, true);
    };
    const a = await start();
    const b = await start();
    await serve(a, 20);
    await serve(b, 3);
    await a.journal.flush();
    await serve(b, 4);
    await serve(a, 5);
    await Promise.all([a.journal.flush(), b.journal.flush()]);
    await a.journal.close(); // a rolling restart: a stops, c starts from the store, b keeps going
    const c = await start();
    await serve(c, 6);
    await serve(b, 2);
    await Promise.all([b.journal.close(), c.journal.close()]);
    const counted = (await usage.load(a.limiter.today())).filter((r) => r.keyId === 'key_split');
    assert.deepEqual(counted.map((r) => r.count), [20 + 3 + 4 + 5 + 6 + 2]);
  });

  it('keeps one shared secret per name', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const a = await sharedSecret(s.store!.db, 'cursor');
    const b = await sharedSecret(s.store!.db, 'cursor');
    assert.equal(a.length, 32);
    assert.deepEqual(a, b);
    assert.notDeepEqual(await sharedSecret(s.store!.db, 'other'), a);
  });
});

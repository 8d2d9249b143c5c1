/**
 * Webhooks in the SQL store, on SQLite and PostgreSQL alike (docs/webhooks.md): the tables and
 * plan columns the migrations add; webhooks by key; the outbox written in the import's own
 * transaction (nothing of it when that transaction fails); leases taken by compare-and-swap, so
 * that of two replicas asking at once one gets each event; the pull feed and pruning.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { KeyStore } from '../src/store/key-store.js';
import { PlanStore } from '../src/store/plan-store.js';
import { recordUpdate } from '../src/history/history-store.js';
import { jstTimestamp } from '../src/history/records.js';
import { appendEvents, watchingWebhooks, WebhookOutbox } from '../src/store/webhook-outbox.js';
import { signingSecrets, WebhookLimitReached, WebhookStore } from '../src/store/webhook-store.js';
import { onEachStore } from './support/store-suites.js';
import { seedTestStore } from './support/seed.js';
import { useTempDirs } from './support/temp-dirs.js';
import { CODES_A, CODES_B, EXPECTED_A, EXPECTED_B, importWatchFixture, writeWatchFixture } from './support/webhook-fixture.js';

const tempDir = useTempDirs('ginko-webhook-store-');
const T = Date.parse('2026-09-01T00:00:00Z');
const AT = jstTimestamp(T);

onEachStore('webhooks', (s) => {
  const db = () => s.store!.db;
  const hooks = () => new WebhookStore(db());
  const outbox = () => new WebhookOutbox(db());
  const event = (id: string, webhookId: string, dueAt = T) => ({ id, webhookId, updateId: null, payload: `{"id":"${id}"}`, createdAt: AT, dueAt, giveUpAt: T + 86_400_000 });

  it('gives the default plans their webhook limits', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const plans = new PlanStore(db());
    await plans.ensureDefaults();
    assert.deepEqual((await plans.list()).map((p) => [p.name, p.webhooks, p.webhookCodes]), [['free', 1, 20], ['standard', 10, 1000], ['pro', 50, 10000], ['unlimited', 1000, 30000]]);
  });

  it('keeps webhooks by key, without their secret', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const keys = new KeyStore(db());
    const a = (await keys.create({ plan: 'standard' })).record.id;
    const b = (await keys.create({ plan: 'standard' })).record.id;
    const made = await hooks().create({ keyId: a, url: 'https://a.example/h', codes: ['0001', '0005-135'], description: 'x', secret: 'whsec_a', createdAt: AT }, 10);
    assert.deepEqual(made, { id: made.id, keyId: a, url: 'https://a.example/h', codes: ['0001', '0005-135'], description: 'x', createdAt: AT, disabledAt: null, disabledReason: null, previousSecretUntil: null });
    assert.deepEqual(await hooks().list(a), [made]);
    assert.deepEqual(await hooks().list(b), []);
    assert.equal(await hooks().get(b, made.id), undefined);
    assert.equal(await hooks().update(b, made.id, { url: 'https://b.example/', at: AT }), undefined);
    assert.equal(await hooks().delete(b, made.id), false);
    assert.equal((await hooks().get(a, made.id))?.url, 'https://a.example/h');
    assert.deepEqual(await hooks().secretsOf(made.id), { secret: 'whsec_a', previousSecret: null, previousSecretUntil: null });
  });

  it("rotates a key's own secret, the replaced one kept to sign until a time or not at all", async (t) => {
    if (s.skip) return t.skip(s.skip);
    const keys = new KeyStore(db());
    const a = (await keys.create({ plan: 'standard' })).record.id;
    const b = (await keys.create({ plan: 'standard' })).record.id;
    const made = await hooks().create({ keyId: a, url: 'https://a.example/h', codes: ['0001'], description: null, secret: 'whsec_1', createdAt: AT }, 10);
    assert.equal(await hooks().rotateSecret(b, made.id, 'whsec_b', T + 1000), undefined);
    assert.deepEqual(await hooks().secretsOf(made.id), { secret: 'whsec_1', previousSecret: null, previousSecretUntil: null });
    assert.equal((await hooks().rotateSecret(a, made.id, 'whsec_2', T + 86_400_000))?.previousSecretUntil, T + 86_400_000);
    const rotated = (await hooks().secretsOf(made.id))!;
    assert.deepEqual(rotated, { secret: 'whsec_2', previousSecret: 'whsec_1', previousSecretUntil: T + 86_400_000 });
    assert.deepEqual([signingSecrets(rotated, T), signingSecrets(rotated, T + 86_400_000)], [['whsec_2', 'whsec_1'], ['whsec_2']]);
    await hooks().rotateSecret(a, made.id, 'whsec_3', null);
    assert.deepEqual(await hooks().secretsOf(made.id), { secret: 'whsec_3', previousSecret: null, previousSecretUntil: null });
  });

  it('keeps a key within its limit when creates race for the last place', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const keyId = (await new KeyStore(db()).create({ plan: 'standard' })).record.id;
    const make = () => hooks().create({ keyId, url: 'https://a.example/h', codes: ['0001'], description: null, secret: 'whsec_a', createdAt: AT }, 3);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, make));
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 3);
    assert.ok(outcomes.every((o) => o.status === 'fulfilled' || o.reason instanceof WebhookLimitReached));
    assert.equal((await hooks().list(keyId)).length, 3);
  });

  it('writes events only with the update of their import: a failing transaction leaves neither', async (t) => {
    if (s.skip) return t.skip(s.skip);
    await seedTestStore(s.store!);
    const keyId = (await new KeyStore(db()).create({ plan: 'standard' })).record.id;
    const webhook = await hooks().create({ keyId, url: 'https://a.example/h', codes: ['0001'], description: null, secret: 'whsec_a', createdAt: AT }, 10);
    const before = Number((await db().selectFrom('webhook_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);
    const update = { effectiveDate: '2026-08-30', snapshot: '{}', runType: 'import' as const, validationResult: 'passed', source: 'test', bankRows: 0, branchRows: 0, changes: [], expectedPreviousSeq: 5 };
    await assert.rejects(
      recordUpdate(db(), update, async (trx) => {
        await appendEvents(trx, [event('evt_f00000000000000000000001', webhook.id)]);
        throw new Error('the disk is full');
      }),
      /the disk is full/,
    );
    assert.equal(await db().selectFrom('updates').select('update_id').where('effective_date', '=', '2026-08-30').executeTakeFirst(), undefined);
    assert.equal(Number((await db().selectFrom('webhook_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n), before);
    await hooks().delete(keyId, webhook.id);
  });

  it('writes the events of a real import for the webhooks whose codes its changes touch', async (t) => {
    if (s.skip) return t.skip(s.skip);
    await seedTestStore(s.store!);
    const keys = new KeyStore(db());
    const a = await hooks().create({ keyId: (await keys.create({ plan: 'standard' })).record.id, url: 'https://a.example/h', codes: CODES_A, description: null, secret: 'whsec_a', createdAt: AT }, 10);
    const b = await hooks().create({ keyId: (await keys.create({ plan: 'standard' })).record.id, url: 'https://b.example/h', codes: CODES_B, description: null, secret: 'whsec_b', createdAt: AT }, 10);
    const revokedKey = (await keys.create({ plan: 'standard' })).record.id;
    const revoked = await hooks().create({ keyId: revokedKey, url: 'https://c.example/h', codes: ['0001', '0005'], description: null, secret: 'whsec_c', createdAt: AT }, 10);
    await keys.revoke(revokedKey);
    const paused = await hooks().create({ keyId: (await keys.create({ plan: 'standard' })).record.id, url: 'https://d.example/h', codes: CODES_B, description: null, secret: 'whsec_d', createdAt: AT }, 10);
    await hooks().disable(paused.id, AT, 'the receiver answered 410 Gone');
    const watching = (await watchingWebhooks(db())).map((w) => w.id);
    assert.ok(watching.includes(a.id) && watching.includes(b.id) && watching.includes(paused.id) && !watching.includes(revoked.id));
    await importWatchFixture(s.store!, tempDir.adopt(writeWatchFixture()));
    const changeIds = async (id: string) => ((await outbox().feed(id, undefined, 100))!.payloads.map((p) => (JSON.parse(p) as { change: { change_id: string } }).change.change_id));
    assert.deepEqual(await changeIds(a.id), EXPECTED_A);
    assert.deepEqual(await changeIds(b.id), EXPECTED_B);
    assert.deepEqual(await changeIds(revoked.id), [], "a revoked key's webhook gets nothing");
    assert.deepEqual(await changeIds(paused.id), EXPECTED_B, "a disabled webhook's events wait for it");
    const rows = await db().selectFrom('webhook_events').select(['webhook_id', 'update_id', 'state', 'attempts']).where('webhook_id', '=', a.id).execute();
    assert.deepEqual(rows.map((r) => [r.update_id, r.state, Number(r.attempts)]), [['upd-20260901', 'pending', 0], ['upd-20260901', 'pending', 0], ['upd-20260901', 'pending', 0]]);
    await db().deleteFrom('webhook_events').execute();
  });

  it('leases each due event to one of two replicas asking at once, and counts the attempt', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const keyId = (await new KeyStore(db()).create({ plan: 'standard' })).record.id;
    const webhook = await hooks().create({ keyId, url: 'https://a.example/h', codes: ['0001'], description: null, secret: 'whsec_a', createdAt: AT }, 10);
    const ids = Array.from({ length: 12 }, (_, i) => `evt_${String(i + 1).padStart(24, '0')}`);
    await appendEvents(db(), [...ids.map((id) => event(id, webhook.id)), event('evt_f00000000000000000000099', webhook.id, T + 1)]);
    const [one, two] = await Promise.all([outbox().lease('one', T, 15_000, 20), outbox().lease('two', T, 15_000, 20)]);
    const taken = [...one!, ...two!].map((e) => e.id).sort();
    assert.deepEqual(taken, ids, 'every due event once, the one not yet due not at all');
    assert.ok([...one!, ...two!].every((e) => e.attempt === 1 && e.url === 'https://a.example/h' && e.secrets.secret === 'whsec_a'));
    assert.deepEqual(await outbox().lease('three', T + 14_999, 15_000, 20).then((l) => l.map((e) => e.id)), ['evt_f00000000000000000000099']);
    // A holder whose lease ran out settles nothing: the row is another's now.
    const first = one!.length > 0 ? { e: one![0]!, holder: 'one' } : { e: two![0]!, holder: 'two' };
    const again = await outbox().lease('four', T + 15_001, 15_000, 20);
    assert.ok(again.some((e) => e.id === first.e.id && e.attempt === 2));
    await outbox().delivered(first.e, first.holder, AT);
    assert.equal((await db().selectFrom('webhook_events').select('state').where('id', '=', first.e.id).executeTakeFirstOrThrow()).state, 'pending');
    await outbox().delivered(again.find((e) => e.id === first.e.id)!, 'four', AT);
    assert.equal((await db().selectFrom('webhook_events').select('state').where('id', '=', first.e.id).executeTakeFirstOrThrow()).state, 'delivered');
  });

  it('pages the feed after an event, retries a failed one, and prunes what is old and settled', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const keyId = (await new KeyStore(db()).create({ plan: 'standard' })).record.id;
    const webhook = await hooks().create({ keyId, url: 'https://a.example/h', codes: ['0001'], description: null, secret: 'whsec_a', createdAt: AT }, 10);
    const ids = ['evt_a00000000000000000000001', 'evt_a00000000000000000000002', 'evt_a00000000000000000000003'];
    await appendEvents(db(), ids.map((id) => event(id, webhook.id)));
    assert.deepEqual(await outbox().feed(webhook.id, undefined, 2), { payloads: ids.slice(0, 2).map((id) => `{"id":"${id}"}`), hasMore: true });
    assert.deepEqual(await outbox().feed(webhook.id, ids[1], 2), { payloads: [`{"id":"${ids[2]}"}`], hasMore: false });
    assert.equal(await outbox().feed(webhook.id, 'evt_000000000000000000000001', 2), undefined, "another webhook's event is no cursor here");
    const [leased] = await outbox().lease('one', T, 15_000, 1);
    await outbox().givenUp(leased!, 'one');
    assert.equal(await outbox().retryNow('wh_0000000000000000', leased!.id, T + 5, 1_000), false);
    assert.equal(await outbox().retryNow(webhook.id, leased!.id, T + 5, 1_000), true);
    const row = await db().selectFrom('webhook_events').select(['state', 'next_attempt_at', 'give_up_at']).where('id', '=', leased!.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.state, Number(row.next_attempt_at), Number(row.give_up_at)], ['pending', T + 5, T + 1_005]);
    await outbox().recordAttempt({ eventId: ids[2]!, webhookId: webhook.id, attempt: 1, at: jstTimestamp(T, true), status: 200, latencyMs: 3, outcome: 'delivered', error: null });
    const [third] = await outbox().lease('one', T + 10, 15_000, 3).then((l) => l.filter((e) => e.id === ids[2]));
    await outbox().delivered(third!, 'one', AT);
    await outbox().prune(jstTimestamp(T + 1_000));
    assert.deepEqual(await outbox().feed(webhook.id, undefined, 10).then((f) => f!.payloads.length), 2, 'the delivered event is gone, the pending ones stay');
    assert.deepEqual(await outbox().attempts(webhook.id, 10), []);
  });
});

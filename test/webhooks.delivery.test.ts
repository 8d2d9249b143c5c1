/**
 * Delivery of webhook events (docs/webhooks.md#delivery) with an injected clock: the retry
 * schedule to the millisecond, 410 Gone, giving up after 3 days and the console's retry, the
 * lease that keeps two replicas from sending one event at once and lets another send it after a
 * replica died, and a shutdown that cuts a delivery off.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { verifyWebhookSignature } from '../clients/typescript/src/index.js';
import { WebhookDelivery } from '../src/delivery/webhook-delivery.js';
import { jstTimestamp } from '../src/history/records.js';
import { appendEvents, WebhookOutbox } from '../src/store/webhook-outbox.js';
import { WebhookStore } from '../src/store/webhook-store.js';
import { LEASE_MS } from '../src/webhooks/limits.js';
import { startTestApp, type TestApp } from './support/app.js';
import { FORM, form, signIn } from './support/console.js';
import { closedPort } from './support/services.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';

const T = Date.parse('2026-09-01T00:00:00Z');
let clock = T;
const SECRET = 'whsec_test-secret-of-the-delivery-tests';

let t: TestApp;
let receiver: Receiver;
let keyId: string;
let key: string;
const store = () => new WebhookStore(t.store.db);
const outbox = () => new WebhookOutbox(t.store.db);

async function webhook(url = receiver.url): Promise<string> {
  return (await store().create({ keyId, url, codes: ['0001'], description: null, secret: SECRET, createdAt: jstTimestamp(T) }, 10)).id;
}

let n = 0;
async function event(webhookId: string, giveUpAt = T + 3 * 86_400_000): Promise<string> {
  const id = `evt_${(++n).toString(16).padStart(24, '0')}`;
  await appendEvents(t.store.db, [{ id, webhookId, updateId: null, payload: JSON.stringify({ id, type: 'change' }), createdAt: jstTimestamp(T), dueAt: T, giveUpAt }]);
  return id;
}

/** The delivery counters as /metrics shows them: attempts by outcome, and given_up. */
async function deliveryMetrics(): Promise<Record<string, number>> {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  const found = [...text.matchAll(/^ginko_webhook_(?:delivery_attempts_total\{outcome="(\w+)"\}|events_given_up_total) (\d+)$/gm)];
  return Object.fromEntries(found.map((m) => [m[1] ?? 'given_up', Number(m[2])]));
}

/** How much each delivery counter grew while `work` ran. */
async function metricsGrowth(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await deliveryMetrics();
  await work();
  const after = await deliveryMetrics();
  return Object.fromEntries(Object.entries(after).map(([name, n]) => [name, n - (before[name] ?? 0)]));
}

const state = async (id: string) => (await t.store.db.selectFrom('webhook_events').select(['state', 'attempts', 'next_attempt_at', 'leased_by', 'lease_until']).where('id', '=', id).executeTakeFirstOrThrow());
const attempts = async (webhookId: string) => (await outbox().attempts(webhookId, 100)).map((a) => [a.attempt, a.at, a.status, a.outcome, a.error]);

before(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ console: {}, webhooks: { allowPrivate: true, now: () => clock, random: () => 0 } });
  const made = await t.keys.create({ plan: 'unlimited' });
  keyId = made.record.id;
  key = made.key;
});
after(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  clock = T;
  receiver.answer = () => ({ status: 200 });
  // Each test counts its own attempts: what earlier tests left due is gone.
  await t.store.db.deleteFrom('webhook_events').execute();
});

describe('retries', () => {
  it('come 5 s, then 10 s after a failure, to the millisecond, with the same event id and a fresh signature', async () => {
    const hook = await webhook();
    const id = await event(hook);
    receiver.answer = (_r, i) => (i < 2 ? { status: 503, body: 'busy' } : { status: 204 });
    const before = receiver.received.length;
    assert.equal(await t.webhooks.runOnce(), 1);
    assert.deepEqual({ ...(await state(id)) }, { state: 'pending', attempts: 1, next_attempt_at: T + 5_000, leased_by: null, lease_until: null });
    clock = T + 4_999;
    assert.equal(await t.webhooks.runOnce(), 0, 'not due yet');
    clock = T + 5_000;
    assert.equal(await t.webhooks.runOnce(), 1);
    assert.equal(Number((await state(id)).next_attempt_at), T + 15_000);
    clock = T + 15_000;
    assert.equal(await t.webhooks.runOnce(), 1);
    assert.equal((await state(id)).state, 'delivered');
    assert.deepEqual(await attempts(hook), [
      [3, jstTimestamp(T + 15_000, true), 204, 'delivered', null],
      [2, jstTimestamp(T + 5_000, true), 503, 'retry', 'the receiver answered 503: busy'],
      [1, jstTimestamp(T, true), 503, 'retry', 'the receiver answered 503: busy'],
    ]);
    const sent = receiver.received.slice(before);
    assert.deepEqual(sent.map((r) => r.headers['ginko-event-id']), [id, id, id]);
    for (const [i, at] of [T, T + 5_000, T + 15_000].entries()) {
      assert.deepEqual(await verifyWebhookSignature({ body: sent[i]!.body, signature: String(sent[i]!.headers['ginko-signature']), secret: SECRET, now: at }), { timestamp: at / 1000 });
    }
  });

  it('follow a receiver that cannot be reached, a redirect and a 4xx alike', async () => {
    const hook = await webhook(`http://127.0.0.1:${await closedPort()}/x`);
    const id = await event(hook);
    await t.webhooks.runOnce();
    const [[, , status, outcome, error]] = (await attempts(hook)) as [[number, string, number | null, string, string]];
    assert.deepEqual([status, outcome], [null, 'retry']);
    assert.match(error, /^connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    assert.equal(Number((await state(id)).next_attempt_at), T + 5_000);
    const moved = await webhook();
    await event(moved);
    receiver.answer = () => ({ status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } });
    const before = receiver.received.length;
    await t.webhooks.runOnce();
    assert.deepEqual((await attempts(moved))[0]!.slice(2, 4), [302, 'retry']);
    assert.equal(receiver.received.length, before + 1, 'the redirect is not followed');
    const refusing = await webhook();
    const refused = await event(refusing);
    receiver.answer = () => ({ status: 404, body: 'no such hook' });
    await t.webhooks.runOnce();
    assert.deepEqual((await attempts(refusing))[0]!.slice(2), [404, 'retry', 'the receiver answered 404: no such hook']);
    assert.deepEqual([(await state(refused)).state, Number((await state(refused)).next_attempt_at)], ['pending', T + 5_000]);
  });

  it('stop at 410 Gone: the webhook is disabled, its events wait, and go out once it is enabled', async () => {
    const hook = await webhook();
    const id = await event(hook);
    receiver.answer = () => ({ status: 410 });
    assert.deepEqual(await metricsGrowth(() => t.webhooks.runOnce()), { delivered: 0, retry: 0, gone: 1, given_up: 0 });
    const disabled = (await store().get(keyId, hook))!;
    assert.deepEqual([disabled.disabledAt, disabled.disabledReason], [jstTimestamp(T), `the receiver answered 410 Gone to ${id}`]);
    assert.deepEqual([(await state(id)).state, Number((await state(id)).next_attempt_at)], ['pending', T]);
    const other = await event(hook);
    clock = T + 60_000;
    assert.equal(await t.webhooks.runOnce(), 0, 'nothing goes to a disabled webhook');
    receiver.answer = () => ({ status: 200 });
    const enabled = await t.app.inject({ method: 'PATCH', url: `/watch/v1/webhooks/${hook}`, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: '{"enabled":true}' });
    assert.equal(JSON.parse(enabled.body).webhook.disabled_at, null);
    assert.deepEqual(await metricsGrowth(async () => assert.equal(await t.webhooks.runOnce(), 2)), { delivered: 2, retry: 0, gone: 0, given_up: 0 });
    assert.deepEqual([(await state(id)).state, (await state(other)).state], ['delivered', 'delivered']);
  });

  it('end 3 days after the event was due: it is given up, listed, and the console sends it again', async () => {
    const hook = await webhook();
    const id = await event(hook, T + 3 * 86_400_000);
    receiver.answer = () => ({ status: 500 });
    clock = T + 3 * 86_400_000 - 4_000;
    assert.deepEqual(await metricsGrowth(() => t.webhooks.runOnce()), { delivered: 0, retry: 1, gone: 0, given_up: 1 });
    assert.deepEqual([(await state(id)).state, (await state(id)).attempts], ['failed', 1]);
    clock += 3_600_000;
    assert.equal(await t.webhooks.runOnce(), 0);
    assert.deepEqual((await outbox().recentEvents(hook, 10)).map((e) => [e.id, e.state]), [[id, 'failed']]);

    await t.console!.operators.add('olga', 'a long enough password');
    const s = await signIn(t.app, 'olga', 'a long enough password', { 'accept-language': 'en' });
    const page = await t.app.inject({ url: '/admin/webhooks', headers: { cookie: s.cookie, 'accept-language': 'en' } });
    assert.equal(page.statusCode, 200);
    const section = page.body.slice(page.body.indexOf(`<section aria-labelledby="${hook}"`));
    assert.match(section, new RegExp(`<code>${id}</code></th><td>${jstTimestamp(T).replace('+', '\\+')}</td><td class="state-failed">given up</td><td class="num">1</td>`));
    assert.match(section, /<td class="num">500<\/td><td class="num">\d+ ms<\/td><td class="outcome-retry">retry<\/td><td>the receiver answered 500<\/td>/);
    assert.ok(section.includes('<dt>Signing secret</dt><dd>the current one only</dd>'));
    // After a rotation, the page says until when the replaced secret signs too (on the real clock, as the console reads it).
    const until = Date.now() + 3_600_000;
    await store().rotateSecret(keyId, hook, 'whsec_rotated', until);
    const rotated = await t.app.inject({ url: '/admin/webhooks', headers: { cookie: s.cookie, 'accept-language': 'en' } });
    assert.ok(rotated.body.includes(`<dt>Signing secret</dt><dd>rotated: the replaced secret also signs until ${jstTimestamp(until)}</dd>`));
    const action = `/admin/webhooks/${hook}/events/${id}/retry`;
    assert.ok(section.includes(`action="${action}"`));
    const refused = await t.app.inject({ method: 'POST', url: action, headers: { ...FORM, cookie: s.cookie }, payload: form({}) });
    assert.equal(refused.statusCode, 403, 'without the CSRF token nothing happens');
    assert.equal((await state(id)).state, 'failed');
    const retried = await t.app.inject({ method: 'POST', url: action, headers: { ...FORM, cookie: s.cookie }, payload: form({ _csrf: s.csrf }) });
    assert.deepEqual([retried.statusCode, retried.headers.location], [303, `/admin/webhooks?retried=${id}#${hook}`]);
    assert.deepEqual((await t.console!.audit.list({ operator: 'olga', limit: 1 })).map((e) => [e.action, e.target, e.detail]), [['webhook.retry', hook, { event: id }]]);
    receiver.answer = () => ({ status: 200 });
    // The console made it due on the real clock.
    clock = Date.now() + 1_000;
    assert.equal(await t.webhooks.runOnce(), 1);
    assert.deepEqual([(await state(id)).state, (await state(id)).attempts], ['delivered', 2]);
    const again = await t.app.inject({ method: 'POST', url: action, headers: { ...FORM, cookie: s.cookie }, payload: form({ _csrf: s.csrf }) });
    assert.equal(again.statusCode, 404, 'a delivered event is not sent again');
  });
});

describe('the lease', () => {
  it('lets one of two replicas send an event at once', async () => {
    const hook = await webhook();
    const id = await event(hook);
    receiver.answer = () => 'hold';
    const other = new WebhookDelivery(t.store.db, { allowPrivate: true, now: () => clock, random: () => 0 });
    const before = receiver.received.length;
    const runs = [t.webhooks.runOnce(), other.runOnce()];
    await receiver.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(receiver.received.length, before + 1, 'one request only');
    receiver.release(200);
    assert.deepEqual((await Promise.all(runs)).sort(), [0, 1]);
    assert.deepEqual([(await state(id)).state, (await state(id)).attempts], ['delivered', 1]);
  });

  it("runs out when its replica died, and another sends the event then", async () => {
    const hook = await webhook();
    const id = await event(hook);
    // A replica leased it and died mid-delivery (test/webhooks.e2e.test.ts kills a real one).
    assert.equal((await outbox().lease('dead-replica', T, LEASE_MS, 10)).length, 1);
    clock = T + LEASE_MS - 1;
    assert.equal(await t.webhooks.runOnce(), 0);
    clock = T + LEASE_MS + 1;
    assert.equal(await t.webhooks.runOnce(), 1);
    assert.deepEqual([(await state(id)).state, (await state(id)).attempts], ['delivered', 2]);
    assert.deepEqual((await attempts(hook)).map((a) => a[0]), [2], 'the cut-off attempt left no row; the next one says it was the second');
  });

  it('is given back when the server shuts down mid-delivery: logged as cut off, due again at once', async () => {
    const hook = await webhook();
    const id = await event(hook);
    receiver.answer = () => 'hold';
    const replica = new WebhookDelivery(t.store.db, { allowPrivate: true, now: () => clock, random: () => 0 });
    const before = receiver.received.length;
    const run = replica.runOnce();
    await receiver.waitFor(before + 1);
    await replica.stop();
    await run;
    assert.deepEqual({ ...(await state(id)) }, { state: 'pending', attempts: 1, next_attempt_at: T, leased_by: null, lease_until: null });
    assert.deepEqual(await attempts(hook), [[1, jstTimestamp(T, true), null, 'retry', 'cut off: the server is shutting down']]);
    receiver.release(200);
  });
});

describe('the store', () => {
  it("changes a webhook only for the key that owns it, disabling included", async () => {
    const hook = await webhook();
    const other = (await t.keys.create({ plan: 'unlimited' })).record.id;
    const at = jstTimestamp(T);
    assert.equal(await store().update(other, hook, { enabled: false, url: 'https://example.com/x', at }), undefined);
    const untouched = (await store().get(keyId, hook))!;
    assert.deepEqual([untouched.disabledAt, untouched.url], [null, receiver.url], 'another key changes nothing');
    assert.deepEqual((await store().update(keyId, hook, { enabled: false, at }))!.disabledReason, 'disabled with enabled: false');
  });
});

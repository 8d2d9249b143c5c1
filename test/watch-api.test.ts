/**
 * The Watch API (docs/webhooks.md) in process, on the real data: webhooks made, listed, changed
 * and deleted; an import of a newer snapshot writing one event per webhook per change that
 * touches its codes; their delivery to a receiver on 127.0.0.1, signed as @ginko/client checks;
 * the delivery log, the pull feed and the test ping.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { verifyWebhookSignature } from '../clients/typescript/src/index.js';
import { loadHistory } from '../src/history/history-store.js';
import { PlanStore } from '../src/store/plan-store.js';
import { appendEvents } from '../src/store/webhook-outbox.js';
import { jstTimestamp } from '../src/history/records.js';
import { callJson, type Json, startTestApp, type TestApp } from './support/app.js';
import { useTempDirs } from './support/temp-dirs.js';
import { CODES_A, CODES_B, EXPECTED_A, EXPECTED_B, importWatchFixture, writeWatchFixture } from './support/webhook-fixture.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';

const tempDir = useTempDirs('ginko-watch-');

let t: TestApp;
let receiver: Receiver;
let keyA: string;
let keyB: string;
let created: { status: number; body: Json };
let hookA: Json;
let secretA: string;
let hookB: Json;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, body?: unknown) => callJson(t, method, url, { key, body });

const events = async (id: string, key: string, query = '') => (await call('GET', `/watch/v1/webhooks/${id}/events${query}`, key)).body;

before(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ webhooks: { allowPrivate: true } });
  keyA = (await t.keys.create({ plan: 'unlimited', name: 'a' })).key;
  keyB = (await t.keys.create({ plan: 'unlimited', name: 'b' })).key;
  created = await call('POST', '/watch/v1/webhooks', keyA, { url: `http://127.0.0.1:${receiver.port}/a`, codes: [...CODES_A, '0537'], description: 'payees' });
  ({ webhook: hookA, secret: secretA } = created.body as { webhook: Json; secret: string });
  hookB = (await call('POST', '/watch/v1/webhooks', keyB, { url: `http://127.0.0.1:${receiver.port}/b`, codes: CODES_B })).body.webhook;
  await importWatchFixture(t.store, tempDir.adopt(writeWatchFixture()));
});
after(async () => {
  await t.close();
  await receiver.close();
});

describe('webhooks of a key', () => {
  it('are created with 201, the webhook and its secret, shown once; codes each once', () => {
    assert.equal(created.status, 201);
    assert.match(hookA.id, /^wh_[0-9a-f]{16}$/);
    assert.match(secretA, /^whsec_[A-Za-z0-9_-]{32}$/);
    assert.match(hookA.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    assert.deepEqual(hookA, { id: hookA.id, url: `http://127.0.0.1:${receiver.port}/a`, codes: CODES_A, description: 'payees', created_at: hookA.created_at, disabled_at: null, disabled_reason: null, previous_secret_expires_at: null });
    assert.deepEqual(Object.keys(created.body), ['webhook', 'secret']);
  });

  it('are listed and read back without their secret', async () => {
    const list = await call('GET', '/watch/v1/webhooks', keyA);
    assert.deepEqual([list.status, list.body], [200, { webhooks: [hookA] }]);
    const one = await call('GET', `/watch/v1/webhooks/${hookA.id}`, keyA);
    assert.deepEqual([one.status, one.body], [200, { webhook: hookA }]);
    assert.ok(!one.text.includes(secretA) && !list.text.includes(secretA));
    assert.deepEqual((await call('GET', '/watch/v1/webhooks', keyB)).body, { webhooks: [hookB] });
  });

  it('are changed with PATCH (URL, codes, description), stopped and started', async () => {
    const key = (await t.keys.create({ plan: 'standard' })).key;
    const made = (await call('POST', '/watch/v1/webhooks', key, { url: 'http://127.0.0.1:9/x', codes: ['0001'] })).body.webhook;
    const changed = await call('PATCH', `/watch/v1/webhooks/${made.id}`, key, { url: 'http://127.0.0.1:9/y', codes: ['0005', '0005-135', '0005'], description: null });
    assert.deepEqual([changed.status, changed.body], [200, { webhook: { ...made, url: 'http://127.0.0.1:9/y', codes: ['0005', '0005-135'] } }]);
    const stopped = (await call('PATCH', `/watch/v1/webhooks/${made.id}`, key, { enabled: false })).body.webhook;
    assert.match(stopped.disabled_at, /\+09:00$/);
    assert.equal(stopped.disabled_reason, 'disabled with enabled: false');
    const started = (await call('PATCH', `/watch/v1/webhooks/${made.id}`, key, { enabled: true, description: 'again' })).body.webhook;
    assert.deepEqual(started, { ...made, url: 'http://127.0.0.1:9/y', codes: ['0005', '0005-135'], description: 'again' });
  });

  it('are deleted with 204, their events with them', async () => {
    const key = (await t.keys.create({ plan: 'standard' })).key;
    const made = (await call('POST', '/watch/v1/webhooks', key, { url: 'http://127.0.0.1:9/x', codes: ['0001'] })).body.webhook;
    const now = Date.now();
    await appendEvents(t.store.db, [{ id: 'evt_d0000000000000000000000d', webhookId: made.id, updateId: null, payload: '{}', createdAt: jstTimestamp(now), dueAt: now + 3_600_000, giveUpAt: now + 7_200_000 }]);
    const eventsOfMade = async () => (await t.store.db.selectFrom('webhook_events').select('id').where('webhook_id', '=', made.id).execute()).map((e) => e.id);
    assert.deepEqual(await eventsOfMade(), ['evt_d0000000000000000000000d']);
    const deleted = await call('DELETE', `/watch/v1/webhooks/${made.id}`, key);
    assert.deepEqual(await eventsOfMade(), []);
    assert.deepEqual([deleted.status, deleted.text, deleted.headers['content-type']], [204, '', undefined]);
    assert.equal((await call('GET', `/watch/v1/webhooks/${made.id}`, key)).status, 404);
    assert.equal((await call('DELETE', `/watch/v1/webhooks/${made.id}`, key)).status, 404);
    assert.deepEqual((await call('GET', '/watch/v1/webhooks', key)).body, { webhooks: [] });
  });

  it("are limited by the key's plan: webhooks per key (403) and codes per webhook (400 naming codes)", async () => {
    await new PlanStore(t.store.db).set({ name: 'tiny-hooks', perSecond: 100, perDay: 1000, exportAllowed: false, webhooks: 1, webhookCodes: 2 });
    await new PlanStore(t.store.db).set({ name: 'no-hooks', perSecond: 100, perDay: 1000, exportAllowed: false });
    const key = (await t.keys.create({ plan: 'tiny-hooks' })).key;
    const tooMany = await call('POST', '/watch/v1/webhooks', key, { url: 'http://127.0.0.1:9/x', codes: ['0001', '0005', '0009'] });
    assert.equal(tooMany.status, 400);
    assert.deepEqual({ ...tooMany.body, request_id: '-' }, {
      message: 'codes holds 3 codes; the plan "tiny-hooks" of this API key allows 2 codes per webhook',
      request_id: '-',
      detail: [{ type: 'value_error', loc: ['body', 'codes'], msg: 'codes holds 3 codes; the plan "tiny-hooks" of this API key allows 2 codes per webhook', input: '3 codes' }],
    });
    // The same code twice counts once.
    assert.equal((await call('POST', '/watch/v1/webhooks', key, { url: 'http://127.0.0.1:9/x', codes: ['0001', '0005', '0001'] })).status, 201);
    const second = await call('POST', '/watch/v1/webhooks', key, { url: 'http://127.0.0.1:9/x', codes: ['0001'] });
    assert.deepEqual([second.status, second.body.message], [403, 'the plan "tiny-hooks" of this API key allows 1 webhook; delete one to create another']);
    const none = await call('POST', '/watch/v1/webhooks', (await t.keys.create({ plan: 'no-hooks' })).key, { url: 'http://127.0.0.1:9/x', codes: ['0001'] });
    assert.deepEqual([none.status, none.body.message], [403, 'the plan "no-hooks" of this API key includes no webhooks']);
  });
});

describe('events of an import', () => {
  it('are one per webhook per change touching its codes: a branch, a bank watched whole, a merged bank followed to its successor', async () => {
    const a = await events(hookA.id, keyA);
    const b = await events(hookB.id, keyB);
    assert.deepEqual(
      a.events.map((e: Json) => e.change.change_id),
      EXPECTED_A,
    );
    assert.deepEqual(
      b.events.map((e: Json) => e.change.change_id),
      EXPECTED_B,
    );
    assert.equal(a.has_more, false);
  });

  it('carry the change exactly as the History API has it, and the lineage of a code that closed', async () => {
    const history = await loadHistory(t.store.db);
    const byId = new Map(history.changes.map((c) => [c.change_id, c]));
    for (const e of (await events(hookA.id, keyA)).events as Json[]) {
      assert.match(e.id, /^evt_[0-9a-f]{24}$/);
      assert.deepEqual(Object.keys(e), ['id', 'type', 'created_at', 'change', 'lineage']);
      assert.equal(e.type, 'change');
      assert.equal(e.created_at, e.change.created_at);
      assert.deepEqual(e.change, JSON.parse(JSON.stringify(byId.get(e.change.change_id))));
    }
    const [shibuya, ichigaya, harue] = (await events(hookA.id, keyA)).events as Json[];
    assert.deepEqual(shibuya!.lineage, {
      bank_code: '0005',
      branch_code: '135',
      status: 'closed',
      current: null,
      successor: null,
      since: '2026-09-01',
      events: [{ effective_date: '2026-09-01', change_type: 'removed', before: { bank_code: '0005', bank_name: '三菱ＵＦＪ銀行', branch_code: '135', branch_name: '渋谷' }, after: null }],
    });
    assert.deepEqual([ichigaya!.lineage, harue!.lineage], [null, null], 'renamed codes stand where they were');
  });

  it('are delivered once each, signed with the secret, with Ginko-Event-Id; none is sent twice', async () => {
    const attempts = await t.webhooks.runOnce();
    assert.equal(attempts, 4);
    const got = await receiver.waitFor(4);
    const toA = got.filter((r) => r.path === '/a');
    const feed = (await events(hookA.id, keyA)).events as Json[];
    assert.deepEqual(toA.map((r) => r.body).sort(), feed.map((e) => JSON.stringify(e)).sort(), 'the feed lists the bodies delivered, byte for byte');
    for (const r of toA) {
      const body = JSON.parse(r.body) as Json;
      assert.equal(r.method, 'POST');
      assert.equal(r.headers['ginko-event-id'], body.id);
      assert.equal(r.headers['content-type'], 'application/json');
      assert.match(String(r.headers['user-agent']), /^Ginko-Webhooks\//);
      const { timestamp } = await verifyWebhookSignature({ body: r.body, signature: String(r.headers['ginko-signature']), secret: secretA });
      assert.ok(Math.abs(timestamp - Date.now() / 1000) < 60);
    }
    assert.deepEqual(got.filter((r) => r.path === '/b').map((r) => JSON.parse(r.body).change.change_id), EXPECTED_B);
    assert.equal(await t.webhooks.runOnce(), 0, 'nothing is due any more');
    assert.equal(receiver.received.length, 4);
  });

  it('are logged attempt by attempt: status, latency, outcome', async () => {
    const res = await call('GET', `/watch/v1/webhooks/${hookA.id}/deliveries`, keyA);
    assert.equal(res.status, 200);
    const deliveries = res.body.deliveries as Json[];
    assert.equal(deliveries.length, 3);
    const feedIds = ((await events(hookA.id, keyA)).events as Json[]).map((e) => e.id);
    assert.deepEqual(deliveries.map((d) => d.event_id).sort(), [...feedIds].sort());
    for (const d of deliveries) {
      assert.deepEqual({ ...d, event_id: '-', at: '-', latency_ms: 0 }, { event_id: '-', attempt: 1, at: '-', status: 200, latency_ms: 0, outcome: 'delivered', error: null });
      assert.match(d.at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+09:00$/);
      assert.ok(Number.isInteger(d.latency_ms) && d.latency_ms >= 0);
    }
    assert.equal((await call('GET', `/watch/v1/webhooks/${hookA.id}/deliveries?limit=1`, keyA)).body.deliveries.length, 1);
  });

  it('are listed by the pull feed page by page, after the last one read', async () => {
    const all = (await events(hookA.id, keyA)).events as Json[];
    const first = await events(hookA.id, keyA, '?limit=2');
    assert.deepEqual([first.events.map((e: Json) => e.id), first.has_more], [all.slice(0, 2).map((e) => e.id), true]);
    const rest = await events(hookA.id, keyA, `?after=${all[1]!.id}&limit=2`);
    assert.deepEqual([rest.events.map((e: Json) => e.id), rest.has_more], [[all[2]!.id], false]);
    assert.deepEqual(await events(hookA.id, keyA, `?after=${all[2]!.id}`), { events: [], has_more: false });
  });
});

describe('the test ping', () => {
  it('is signed and sent at once; the answer says how the receiver answered, and the log keeps it', async () => {
    const before = receiver.received.length;
    const res = await call('POST', `/watch/v1/webhooks/${hookA.id}/test`, keyA);
    assert.equal(res.status, 200);
    const delivery = res.body.delivery as Json;
    assert.deepEqual({ ...delivery, event_id: '-', at: '-', latency_ms: 0 }, { event_id: '-', attempt: 1, at: '-', status: 200, latency_ms: 0, outcome: 'delivered', error: null });
    const ping = receiver.received[before]!;
    const body = JSON.parse(ping.body) as Json;
    assert.deepEqual(body, { id: delivery.event_id, type: 'ping', created_at: body.created_at, webhook: { id: hookA.id } });
    await verifyWebhookSignature({ body: ping.body, signature: String(ping.headers['ginko-signature']), secret: secretA });
    assert.equal((await call('GET', `/watch/v1/webhooks/${hookA.id}/deliveries?limit=1`, keyA)).body.deliveries[0].event_id, delivery.event_id);
  });

  it('reports a receiver that fails, without changing the webhook', async () => {
    receiver.answer = () => ({ status: 410, body: 'gone for good' });
    try {
      const res = await call('POST', `/watch/v1/webhooks/${hookA.id}/test`, keyA);
      assert.deepEqual([res.body.delivery.status, res.body.delivery.outcome, res.body.delivery.error], [410, 'gone', 'the receiver answered 410: gone for good']);
      assert.equal((await call('GET', `/watch/v1/webhooks/${hookA.id}`, keyA)).body.webhook.disabled_at, null);
    } finally {
      receiver.answer = () => ({ status: 200 });
    }
  });
});

describe('rotating the secret', () => {
  const pingSignature = async (): Promise<{ body: string; signature: string }> => {
    const before = receiver.received.length;
    assert.equal((await call('POST', `/watch/v1/webhooks/${hookA.id}/test`, keyA)).body.delivery.outcome, 'delivered');
    const ping = receiver.received[before]!;
    return { body: ping.body, signature: String(ping.headers['ginko-signature']) };
  };
  const v1Count = (signature: string) => signature.split(',').filter((part) => part.startsWith('v1=')).length;

  it('answers a new secret once; deliveries are signed with both until the replaced one expires', async () => {
    const started = Date.now();
    const rotated = await call('POST', `/watch/v1/webhooks/${hookA.id}/secret`, keyA, { previous_valid_seconds: 3600 });
    assert.equal(rotated.status, 200);
    const secret = rotated.body.secret as string;
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{32}$/);
    assert.notEqual(secret, secretA);
    const expires = Date.parse(rotated.body.webhook.previous_secret_expires_at);
    assert.ok(expires >= Math.floor(started / 1000) * 1000 + 3_600_000 && expires <= Date.now() + 3_600_000, rotated.body.webhook.previous_secret_expires_at);
    assert.deepEqual(rotated.body.webhook, { ...hookA, previous_secret_expires_at: rotated.body.webhook.previous_secret_expires_at });
    const read = await call('GET', `/watch/v1/webhooks/${hookA.id}`, keyA);
    assert.deepEqual(read.body, { webhook: rotated.body.webhook });
    assert.ok(!read.text.includes(secret) && !read.text.includes(secretA));

    const both = await pingSignature();
    assert.equal(v1Count(both.signature), 2);
    for (const s of [secret, secretA]) await verifyWebhookSignature({ body: both.body, signature: both.signature, secret: s });

    // Again, the replaced secret stopping at once: the newest alone signs; the first is gone.
    const again = await call('POST', `/watch/v1/webhooks/${hookA.id}/secret`, keyA, { previous_valid_seconds: 0 });
    assert.equal(again.body.webhook.previous_secret_expires_at, null);
    const one = await pingSignature();
    assert.equal(v1Count(one.signature), 1);
    await verifyWebhookSignature({ body: one.body, signature: one.signature, secret: again.body.secret });
    for (const s of [secret, secretA]) await assert.rejects(verifyWebhookSignature({ body: one.body, signature: one.signature, secret: s }), { reason: 'mismatch' });
    secretA = again.body.secret;
  });

  it('shows no expiry once the replaced secret has stopped signing, in the list as in the webhook', async () => {
    const rotated = await call('POST', `/watch/v1/webhooks/${hookA.id}/secret`, keyA, { previous_valid_seconds: 1 });
    assert.notEqual(rotated.body.webhook.previous_secret_expires_at, null);
    secretA = rotated.body.secret;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const listed = (await call('GET', '/watch/v1/webhooks', keyA)).body.webhooks.find((w: Json) => w.id === hookA.id);
    assert.equal(listed.previous_secret_expires_at, null);
    assert.equal((await call('GET', `/watch/v1/webhooks/${hookA.id}`, keyA)).body.webhook.previous_secret_expires_at, null);
  });

  it('keeps the replaced secret a day by default, with an empty body or none', async () => {
    for (const body of [{}, undefined]) {
      const rotated = await call('POST', `/watch/v1/webhooks/${hookA.id}/secret`, keyA, body);
      assert.equal(rotated.status, 200, rotated.text);
      const left = Date.parse(rotated.body.webhook.previous_secret_expires_at) - Date.now();
      assert.ok(left > 86_400_000 - 60_000 && left <= 86_400_000, `${left} ms left`);
      secretA = rotated.body.secret;
    }
  });

  it("is a 404 for another key's webhook, and a 400 naming previous_valid_seconds out of range", async () => {
    const other = await call('POST', `/watch/v1/webhooks/${hookA.id}/secret`, keyB, {});
    assert.deepEqual([other.status, other.body.message], [404, `webhook ${hookA.id} does not exist`]);
    for (const value of [-1, 86_401, 1.5, '60']) {
      const refused = await call('POST', `/watch/v1/webhooks/${hookA.id}/secret`, keyA, { previous_valid_seconds: value });
      assert.equal(refused.status, 400, `${value}`);
      assert.deepEqual(refused.body.detail.map((d: Json) => [d.loc, d.msg]), [[['body', 'previous_valid_seconds'], 'previous_valid_seconds must be an integer from 0 to 86400']]);
    }
    const unknown = await call('POST', `/watch/v1/webhooks/${hookA.id}/secret`, keyA, { secret: 'whsec_mine' });
    assert.deepEqual([unknown.status, unknown.body.detail[0].loc], [400, ['body', 'secret']]);
  });
});

/**
 * The Watch API on the security side (docs/webhooks.md#outbound-safety): a key never sees or
 * changes another key's webhooks; receivers on loopback, private, link-local and metadata
 * addresses are refused when a webhook is made or changed, whether the URL names the address or
 * a host name resolves to it, and again when a delivery connects; redirects are not followed;
 * a receiver's answer is read within a time and a size; the secret is never logged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postToReceiver } from '../src/delivery/receiver-request.js';
import { jstTimestamp } from '../src/history/records.js';
import { appendEvents, WebhookOutbox } from '../src/store/webhook-outbox.js';
import { WebhookStore } from '../src/store/webhook-store.js';
import { callJson, type Json, startTestApp, type TestApp } from './support/app.js';
import { LogCapture } from './support/log-capture.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';

const log = new LogCapture();
let t: TestApp;
let receiver: Receiver;
let owner: string;
let ownerId: string;
let stranger: string;
let hook: Json;
let secret: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, body?: unknown) => callJson(t, method, url, { key, body });

before(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ logger: { level: 'info', stream: log } });
  const made = await t.keys.create({ plan: 'unlimited' });
  owner = made.key;
  ownerId = made.record.id;
  stranger = (await t.keys.create({ plan: 'unlimited' })).key;
  // Made as an operator's closed network allows (the API of this app refuses loopback).
  const record = await new WebhookStore(t.store.db).create({ keyId: ownerId, url: 'https://erp.example.co.jp/hooks', codes: ['0001'], description: null, secret: 'whsec_owner-secret', createdAt: jstTimestamp(Date.now()) }, 10);
  hook = (await call('GET', `/watch/v1/webhooks/${record.id}`, owner)).body.webhook;
  secret = 'whsec_owner-secret';
});
after(async () => {
  await t.close();
  await receiver.close();
});

describe("another key's webhooks", () => {
  it('are not listed, and every operation on them is the 404 of a webhook that does not exist', async () => {
    assert.deepEqual((await call('GET', '/watch/v1/webhooks', stranger)).body, { webhooks: [] });
    const missing = 'wh_0000000000000000';
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { description: 'mine now' }],
      ['DELETE', '', undefined],
      ['GET', '/deliveries', undefined],
      ['GET', '/events', undefined],
      ['POST', '/test', undefined],
    ] as const) {
      const theirs = await call(method, `/watch/v1/webhooks/${hook.id}${path}`, stranger, body);
      const none = await call(method, `/watch/v1/webhooks/${missing}${path}`, stranger, body);
      assert.deepEqual([theirs.status, theirs.body.message], [404, `webhook ${hook.id} does not exist`], `${method} ${path}`);
      assert.deepEqual([none.status, none.body.message], [404, `webhook ${missing} does not exist`], `${method} ${path}`);
    }
    assert.deepEqual((await call('GET', `/watch/v1/webhooks/${hook.id}`, owner)).body, { webhook: hook }, 'unchanged');
  });
});

describe('receivers the API refuses (400 naming url)', () => {
  const refusal = async (url: string, method: 'POST' | 'PATCH' = 'POST') => {
    const res = method === 'POST' ? await call('POST', '/watch/v1/webhooks', owner, { url, codes: ['0001'] }) : await call('PATCH', `/watch/v1/webhooks/${hook.id}`, owner, { url });
    assert.equal(res.status, 400, `${url}: ${res.text}`);
    assert.deepEqual(res.body.detail.map((d: Json) => [d.loc, d.input]), [[['body', 'url'], url]]);
    return res.body.message as string;
  };
  const loopback = (ip: string) => `url: ${ip} is a loopback address, where webhooks are not delivered; a server started with --webhook-allow-private allows it`;

  it('name a special address literally, in any spelling, IPv4 or IPv6', async () => {
    assert.equal(await refusal('https://127.0.0.1/hooks'), loopback('127.0.0.1'));
    assert.equal(await refusal('https://2130706433/hooks'), loopback('127.0.0.1'));
    assert.equal(await refusal('https://[::1]:8443/hooks'), loopback('::1'));
    assert.equal(await refusal('https://[::ffff:127.0.0.1]/hooks'), loopback('::ffff:7f00:1'));
    assert.equal(await refusal('https://10.20.30.40/hooks'), 'url: 10.20.30.40 is a private address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(await refusal('https://[fd12:3456::1]/hooks'), 'url: fd12:3456::1 is a private address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(await refusal('https://169.254.10.1/hooks'), 'url: 169.254.10.1 is a link-local address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(await refusal('https://[fe80::1]/hooks'), 'url: fe80::1 is a link-local address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(await refusal('https://100.64.1.1/hooks'), 'url: 100.64.1.1 is a shared address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(await refusal('https://169.254.169.254/latest/meta-data/'), 'url: 169.254.169.254 is a cloud metadata address, where webhooks are not delivered');
    assert.equal(await refusal('https://[fd00:ec2::254]/'), 'url: fd00:ec2::254 is a cloud metadata address, where webhooks are not delivered');
    assert.equal(await refusal('https://0.0.0.0/'), 'url: 0.0.0.0 is a unspecified address, where webhooks are not delivered');
    assert.equal(await refusal('https://127.0.0.1/hooks', 'PATCH'), loopback('127.0.0.1'));
  });

  it('have a host name that resolves to one', async () => {
    assert.match(await refusal('https://localhost:8443/hooks'), /^url: the host localhost resolves to (127\.0\.0\.1|::1), a loopback address, where webhooks are not delivered; a server started with --webhook-allow-private allows it$/);
    assert.match(await refusal('https://localhost/hooks', 'PATCH'), /^url: the host localhost resolves to/);
    assert.equal(await refusal('https://no-such-host.invalid/hooks'), 'url: the host no-such-host.invalid does not resolve');
  });

  it('are not https, or carry credentials', async () => {
    assert.equal(await refusal('http://erp.example.co.jp/hooks'), 'url must be an https:// URL; a server started with --webhook-allow-private also allows http://');
    assert.equal(await refusal('https://user:secret@erp.example.co.jp/hooks'), 'url must not carry a user name or password: authenticate deliveries by their signature');
  });

  it('are refused whatever --webhook-allow-private says when they are cloud metadata', async () => {
    const open = await startTestApp({ webhooks: { allowPrivate: true } });
    try {
      const res = await open.app.inject({ method: 'POST', url: '/watch/v1/webhooks', headers: { 'x-api-key': open.key, 'content-type': 'application/json' }, payload: JSON.stringify({ url: 'http://169.254.169.254/latest/meta-data/', codes: ['0001'] }) });
      assert.deepEqual([res.statusCode, JSON.parse(res.body).message], [400, 'url: 169.254.169.254 is a cloud metadata address, where webhooks are not delivered']);
      const local = await open.app.inject({ method: 'POST', url: '/watch/v1/webhooks', headers: { 'x-api-key': open.key, 'content-type': 'application/json' }, payload: JSON.stringify({ url: 'http://localhost:9/hooks', codes: ['0001'] }) });
      assert.equal(local.statusCode, 201);
    } finally {
      await open.close();
    }
  });
});

describe('a delivery', () => {
  it('checks the address it connects to: a name resolving to loopback gets nothing (DNS rebinding)', async () => {
    // The store holds a URL whose name resolved elsewhere when it was checked; now it resolves to loopback.
    const store = new WebhookStore(t.store.db);
    const rebound = await store.create({ keyId: ownerId, url: `https://localhost:${receiver.port}/hooks`, codes: ['0001'], description: null, secret, createdAt: jstTimestamp(Date.now()) }, 10);
    const literal = await store.create({ keyId: ownerId, url: `https://127.0.0.1:${receiver.port}/hooks`, codes: ['0001'], description: null, secret, createdAt: jstTimestamp(Date.now()) }, 10);
    const now = Date.now();
    await appendEvents(t.store.db, [
      { id: 'evt_aaaaaaaaaaaaaaaaaaaaaaa1', webhookId: rebound.id, updateId: null, payload: '{}', createdAt: jstTimestamp(now), dueAt: now, giveUpAt: now + 86_400_000 },
      { id: 'evt_aaaaaaaaaaaaaaaaaaaaaaa2', webhookId: literal.id, updateId: null, payload: '{}', createdAt: jstTimestamp(now), dueAt: now, giveUpAt: now + 86_400_000 },
    ]);
    await t.webhooks.runOnce();
    const outbox = new WebhookOutbox(t.store.db);
    const [first] = await outbox.attempts(rebound.id, 1);
    const [second] = await outbox.attempts(literal.id, 1);
    assert.deepEqual([first!.status, first!.outcome], [null, 'retry']);
    assert.match(first!.error!, /^localhost resolves to (127\.0\.0\.1|::1), a loopback address, where webhooks are not delivered; a server started with --webhook-allow-private allows it$/);
    assert.equal(second!.error, 'url: 127.0.0.1 is a loopback address, where webhooks are not delivered; a server started with --webhook-allow-private allows it');
    assert.equal(receiver.received.length, 0, 'nothing reached the receiver');
  });

  it('resolves the name again as it connects, and refuses a loopback answer over https too', async () => {
    const answer = await postToReceiver(`https://localhost:${receiver.port}/hooks`, '{}', { allowPrivate: false, headers: {} });
    assert.deepEqual([answer.status], [undefined]);
    assert.match(answer.error!, /^localhost resolves to (127\.0\.0\.1|::1), a loopback address, where webhooks are not delivered/);
    assert.equal(receiver.received.length, 0);
  });

  it('follows no redirect, waits a bounded time, and reads a bounded answer', async () => {
    receiver.answer = () => ({ status: 307, headers: { location: `http://127.0.0.1:${receiver.port}/elsewhere` } });
    const redirected = await postToReceiver(`http://127.0.0.1:${receiver.port}/hooks`, '{}', { allowPrivate: true, headers: {} });
    assert.equal(redirected.status, 307);
    assert.deepEqual(receiver.received.map((r) => r.path), ['/hooks']);
    receiver.answer = () => 'hold';
    const slow = await postToReceiver(`http://127.0.0.1:${receiver.port}/hooks`, '{}', { allowPrivate: true, headers: {}, timeoutMs: 300 });
    assert.deepEqual([slow.status, slow.error], [undefined, 'no answer within 0.3 s']);
    assert.ok(slow.latencyMs >= 300 && slow.latencyMs < 2_000, String(slow.latencyMs));
    receiver.answer = () => ({ status: 200, body: 'x'.repeat(5_000_000) });
    const big = await postToReceiver(`http://127.0.0.1:${receiver.port}/hooks`, '{}', { allowPrivate: true, headers: {} });
    assert.deepEqual([big.status, big.bodyStart.length], [200, 200]);
    receiver.release();
    receiver.answer = () => ({ status: 200 });
  });
});

describe('the secret', () => {
  it('is in the 201 answer only, never in a later answer or the log', async () => {
    const open = await startTestApp({ logger: { level: 'info', stream: log }, webhooks: { allowPrivate: true } });
    try {
      const headers = { 'x-api-key': open.key, 'content-type': 'application/json' };
      const made = JSON.parse((await open.app.inject({ method: 'POST', url: '/watch/v1/webhooks', headers, payload: JSON.stringify({ url: `http://127.0.0.1:${receiver.port}/s`, codes: ['0001'] }) })).body) as Json;
      const id = made.webhook.id as string;
      const later = [
        await open.app.inject({ url: '/watch/v1/webhooks', headers }),
        await open.app.inject({ url: `/watch/v1/webhooks/${id}`, headers }),
        await open.app.inject({ method: 'POST', url: `/watch/v1/webhooks/${id}/test`, headers: { 'x-api-key': open.key } }),
        await open.app.inject({ url: `/watch/v1/webhooks/${id}/deliveries`, headers }),
      ];
      for (const res of later) assert.equal(res.statusCode, 200);
      assert.ok(later.every((res) => !res.body.includes(made.secret)));
      assert.ok(log.text().includes(id) && !log.text().includes(made.secret), 'the log has the requests, never the secret');
    } finally {
      await open.close();
    }
  });
});

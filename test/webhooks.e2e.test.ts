/**
 * Webhooks end to end, as operators and integrators run them: a real `ginko serve` (started with
 * --webhook-allow-private, so that it may reach a receiver on 127.0.0.1), webhooks made over
 * HTTPS by two keys, `ginko import` of a newer snapshot in another process, and a receiver
 * checking each delivery's signature with @ginko/client. Each key's receiver gets exactly its
 * events, once each, carrying the change and lineage the server answers; a server killed with
 * SIGKILL in the middle of deliveries sends them again after its restart, under the same ids.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { verifyWebhookSignature } from '../clients/typescript/src/index.js';
import type { Json } from './support/app.js';
import { httpsFetch } from './support/https-fetch.js';
import { runGinko, startGinko, type RunningGinko } from './support/process.js';
import { useTempDirs } from './support/temp-dirs.js';
import { CODES_A, CODES_B, editWatchFixture, EXPECTED_A, EXPECTED_B, writeWatchFixture } from './support/webhook-fixture.js';
import { type Received, type Receiver, startReceiver } from './support/webhook-receiver.js';
import { writeZenginPackage } from './support/zengin-fixture.js';

const tempDir = useTempDirs('ginko-webhooks-e2e-');

const dataDir = tempDir();
const SERVE = ['--data-dir', dataDir, '--webhook-allow-private', '--poll-interval', '1'];
let server: RunningGinko;
let receiver: Receiver;
let send: (request: Request) => Promise<Response>;
const keys: Record<'a' | 'b', string> = { a: '', b: '' };
const hooks: Record<'a' | 'b', { id: string; secret: string }> = { a: { id: '', secret: '' }, b: { id: '', secret: '' } };

async function api(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await send(new Request(`${server.url}${path}`, { method, headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

const bodyOf = (r: Received) => JSON.parse(r.body) as Json;
const to = (which: 'a' | 'b', received: readonly Received[]) => received.filter((r) => r.path === `/${which}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function assertSigned(which: 'a' | 'b', r: Received): Promise<void> {
  assert.equal(r.headers['ginko-event-id'], bodyOf(r).id);
  await verifyWebhookSignature({ body: r.body, signature: String(r.headers['ginko-signature']), secret: hooks[which].secret });
}

async function importPackage(dir: string): Promise<void> {
  const imported = await runGinko(['import', dir, '--data-dir', dataDir]);
  assert.equal(imported.code, 0, imported.stderr);
}

before(async () => {
  receiver = await startReceiver();
  for (const which of ['a', 'b'] as const) keys[which] = (await runGinko(['keys', 'create', '--plan', 'standard', '--name', which, '--data-dir', dataDir])).stdout.trim().split('\n').at(-1)!;
  server = await startGinko(SERVE);
  send = httpsFetch(readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8'));
  for (const [which, codes] of [['a', CODES_A], ['b', CODES_B]] as const) {
    const made = await api('POST', '/watch/v1/webhooks', keys[which], { url: `http://127.0.0.1:${receiver.port}/${which}`, codes });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    hooks[which] = { id: made.body.webhook.id, secret: made.body.secret };
  }
});
after(async () => {
  if (server.child.exitCode === null) await server.stop();
  await receiver.close();
});

describe('a newer snapshot imported', () => {
  it('reaches each receiver once per change of its codes, signed, with the change and lineage the server answers', async () => {
    await importPackage(tempDir.adopt(writeWatchFixture()));
    const received = await receiver.waitFor(EXPECTED_A.length + EXPECTED_B.length);
    assert.deepEqual(to('a', received).map((r) => bodyOf(r).change.change_id).sort(), [...EXPECTED_A].sort());
    assert.deepEqual(to('b', received).map((r) => bodyOf(r).change.change_id), EXPECTED_B, "never another key's codes");
    for (const which of ['a', 'b'] as const) for (const r of to(which, received)) await assertSigned(which, r);
    assert.equal(new Set(received.map((r) => bodyOf(r).id)).size, received.length);

    // The server has switched to the snapshot: its answers are what the events carry.
    for (let i = 0; i < 50 && (await api('GET', '/history/v1/updates/latest', keys.a)).body.update?.update_id !== 'upd-20260901'; i++) await sleep(200);
    for (const r of received) {
      const event = bodyOf(r);
      await sleep(500); // History allows 2 requests a second per key.
      assert.deepEqual(event.change, (await api('GET', `/history/v1/changes/${event.change.change_id}`, keys.a)).body.change);
    }
    const shibuya = to('a', received).map(bodyOf).find((e) => e.change.branch.code === '135')!;
    assert.equal(shibuya.lineage.status, 'closed');
    assert.deepEqual(shibuya.lineage, (await api('GET', '/history/v1/lineage/0005/135', keys.a)).body.lineage);

    const deliveries = (await api('GET', `/watch/v1/webhooks/${hooks.a.id}/deliveries`, keys.a)).body.deliveries as Json[];
    assert.deepEqual(deliveries.map((d) => [d.attempt, d.status, d.outcome]), [[1, 200, 'delivered'], [1, 200, 'delivered'], [1, 200, 'delivered']]);
    await sleep(3_000);
    assert.equal(receiver.received.length, received.length, 'nothing is sent twice');
  });
});

describe('a server killed mid-delivery', () => {
  it('sends the events again after its restart, under the same ids, and each is then delivered once', async () => {
    const before = receiver.received.length;
    receiver.answer = () => 'hold';
    await importPackage(
      tempDir.adopt(
        writeZenginPackage('2026-10-01', (data) => {
          editWatchFixture(data);
          data['0010']!.branches['725']!.name = '市ヶ谷北';
          data['0001']!.branches['004']!.name = '丸の内北';
        }),
      ),
    );
    const held = (await receiver.waitFor(before + 2)).slice(before);
    assert.deepEqual(held.map((r) => r.path).sort(), ['/a', '/b']);
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    receiver.answer = () => ({ status: 200 });

    server = await startGinko(SERVE);
    // The dead server's leases run out (15 s from when it took them); then the events go again.
    const again = (await receiver.waitFor(before + 4, 60_000)).slice(before + 2);
    assert.deepEqual(again.map((r) => r.headers['ginko-event-id']).sort(), held.map((r) => r.headers['ginko-event-id']).sort());
    for (const r of again) {
      const which = r.path === '/a' ? 'a' : 'b';
      assert.equal(r.body, held.find((h) => h.headers['ginko-event-id'] === r.headers['ginko-event-id'])!.body, 'the same body');
      await assertSigned(which, r);
    }
    assert.deepEqual(bodyOf(to('a', again)[0]!).change.branch, { code: '725', name: '市ヶ谷北' });
    assert.deepEqual(bodyOf(to('b', again)[0]!).change.branch, { code: '004', name: '丸の内北' });
    const [latest] = (await api('GET', `/watch/v1/webhooks/${hooks.a.id}/deliveries?limit=1`, keys.a)).body.deliveries as Json[];
    assert.deepEqual([latest!.event_id, latest!.attempt, latest!.status, latest!.outcome], [bodyOf(to('a', again)[0]!).id, 2, 200, 'delivered']);
    await sleep(3_000);
    assert.equal(receiver.received.length, before + 4, 'delivered once after the restart');
  });
});

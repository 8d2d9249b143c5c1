/**
 * One request path (src/http/edge, docs/architecture.md): every keyed GET route of the route
 * table answers the same whether the request is cold (the answer made) or repeated (the answer
 * kept for the snapshot, src/http/edge/answer-cache.ts): status, headers in order (less `date`,
 * the request id's value and the day's remaining count, which goes down by exactly one), body,
 * log fields, metric and usage increments. Refusals too: 401, 403, 429 and 503, cold and repeated.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { writeMaintenance } from '../src/store/maintenance-setting.js';
import { PlanStore } from '../src/store/plan-store.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { WebhookStore } from '../src/store/webhook-store.js';
import { LogCapture } from './support/log-capture.js';
import { type Answer, header, NOW, Served, withRemaining } from './support/served.js';

const log = new LogCapture();
// Started before any test is declared: the suite is generated from this app's route table.
const s = await Served.start({ logger: { level: 'info', stream: log }, maintenancePollMs: 20, console: {} });
const routes = s.t.app.routeTable.filter((r) => r.method === 'GET' && r.keyed && !r.hidden).map((r) => r.url);
const key = { 'x-api-key': s.t.key };
/** A webhook of the key, for the routes of one (docs/webhooks.md). */
const webhook = await new WebhookStore(s.t.store.db).create({ keyId: (await s.t.keys.list()).find((k) => k.name === 'test')!.id, url: 'https://192.0.3.1/hooks', codes: ['0005'], description: null, secret: 'whsec_contract', createdAt: '2026-09-01T09:00:00+09:00' }, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** History has a limit of 2 requests a second per key, whatever the plan (docs/history.md). */
const pace = (route: string) => (route.startsWith('/history/') ? sleep(1100) : Promise.resolve());

/** A URL for a route pattern, with real codes. */
function concrete(route: string): string {
  const path = route
    .replace('/branches/:code', '/branches/001')
    .replace(':branchCode', '001')
    .replace(/:(bankCode|code)\b/g, '0005')
    .replace(':change_id', 'chg-20260331-000001')
    .replace(':id', webhook.id);
  if (path === '/yucho/v1/account') return `${path}?symbol=14030&number=12345671`;
  return path.includes('/freeword/') ? `${path}?freeword=${encodeURIComponent('とうきょう')}` : path;
}

/** Routes whose answers are not kept, so that every request goes through Fastify's route: Master Export's file info, lineage. */

/** The same data in a new Snapshot: nothing is kept yet, so the next request is a cold one. */
function fresh(): void {
  s.t.snapshots.replace(new Snapshot(s.t.directory));
}

/**
 * A JSON body with its request id masked (History and Master Export errors carry it), and the
 * length with it: the id's counter gains a digit now and then.
 */
function masked(answer: Answer): Answer {
  const body = answer.body.replace(/"request_id":"req-[0-9a-f]{8}-[0-9a-z]+"/, '"request_id":"(id)"');
  return { ...answer, body, headers: answer.headers.map(([n, v]) => [n, n === 'content-length' && body !== answer.body ? '(length)' : v]) };
}

/** The log line of a response, less what differs per request. */
function logFields(line: Record<string, unknown>): Record<string, unknown> {
  const { reqId, ms, time, url, ...rest } = line;
  assert.equal(typeof reqId, 'string');
  assert.equal(typeof ms, 'number');
  return { ...rest, url };
}

const count = (route: string) => s.t.app.metrics.requests.series('GET', route).count;

/** The console's usage counts of this process so far, by key, API and outcome (src/console/usage-recorder.ts). */
async function usage(): Promise<Map<string, number>> {
  const recorder = s.t.console!.recorder;
  await recorder.flush();
  const rows = await s.t.console!.usage.daily(new Date(NOW + 9 * 3_600_000).toISOString().slice(0, 10));
  return new Map(rows.map((r) => [`${r.keyId} ${r.api} ${r.outcome}`, r.count]));
}

/** How many requests `counted` adds to the usage counts, by key, API and outcome. */
async function usageAdded(counted: () => Promise<void>): Promise<Record<string, number>> {
  const before = await usage();
  await counted();
  const added: Record<string, number> = {};
  for (const [k, n] of await usage()) if (n !== (before.get(k) ?? 0)) added[k] = n - (before.get(k) ?? 0);
  return added;
}

after(() => s.close());

describe('the edge contract: cold and repeated answers of every keyed GET route', () => {
  before(() => assert.ok(routes.length >= 20, `keyed GET routes: ${routes.join(' ')}`));

  for (const route of routes) {
    it(`${route}: 200, the same headers, body, log fields and metrics`, async () => {
      await pace(route);
      const url = concrete(route);
      fresh();
      const seen = count(route);
      const lines = log.responses().length;
      let cold: Answer | undefined, second: Answer | undefined, repeated: Answer | undefined;
      const added = await usageAdded(async () => {
        cold = await s.send(url, key);
        await pace(route);
        second = await s.send(url, key);
        await pace(route);
        repeated = await s.send(url, key);
      });
      assert.ok(cold && second && repeated);
      assert.equal(cold.status, 200, `${url}: ${cold.body.slice(0, 200)}`);
      const remaining = Number(header(cold, 'x-ratelimit-remaining-day'));
      assert.equal(header(second, 'x-ratelimit-remaining-day'), String(remaining - 1), 'counted once');
      assert.equal(header(repeated, 'x-ratelimit-remaining-day'), String(remaining - 2), 'counted once');
      assert.deepEqual(withRemaining(second, remaining), cold);
      assert.deepEqual(withRemaining(repeated, remaining), cold);
      assert.equal(count(route), seen + 3, 'the route series counts each');
      assert.deepEqual(Object.values(added), [3], 'the console counts each');
      assert.match(Object.keys(added)[0]!, /^key_[0-9a-f]{12} (search|history|export|watch) 2xx$/);
      const [a, b, c] = log.responses().slice(lines);
      assert.ok(a && b && c, 'one log line each');
      assert.deepEqual(logFields(b), logFields(a));
      assert.deepEqual(logFields(c), logFields(a));
      assert.deepEqual(logFields(a), { level: 30, pid: process.pid, hostname: logFields(a).hostname, msg: 'response', method: 'GET', url, status: 200, ip: '127.0.0.1', keyId: logFields(a).keyId });
    });
  }
});

describe('the edge contract: refusals cold and repeated', () => {
  const plans = new PlanStore(s.t.store.db);
  let restricted: string;
  let oncePerDay: string;
  before(async () => {
    await plans.set({ name: 'contract-once', perSecond: 1000, perDay: 1, exportAllowed: true });
    restricted = (await s.t.keys.create({ plan: 'standard', ips: ['203.0.113.0/24'] })).key;
    oncePerDay = (await s.t.keys.create({ plan: 'contract-once' })).key;
  });

  /**
   * The refusal of `headers` on a URL whose answer is not kept, then on the same URL once its
   * answer is kept: the same answer, counted alike. `during` runs around the two refusals
   * (maintenance on and off).
   */
  async function both(route: string, headers: Record<string, string>, status: number, during = { on: async () => {}, off: async () => {} }): Promise<Answer> {
    const url = concrete(route);
    fresh();
    await during.on();
    const seen = count(route);
    let cold: Answer | undefined;
    const coldUsage = await usageAdded(async () => {
      cold = masked(await s.send(url, headers));
    });
    await during.off();
    // An answered request: its answer is kept.
    await pace(route);
    assert.equal((await s.send(url, key)).status, 200);
    await pace(route);
    await during.on();
    let repeated: Answer | undefined;
    const repeatedUsage = await usageAdded(async () => {
      repeated = masked(await s.send(url, headers));
    });
    await during.off();
    assert.ok(cold && repeated);
    assert.equal(cold.status, status, `${route}: ${cold.body}`);
    assert.deepEqual(repeated, cold);
    assert.deepEqual(repeatedUsage, coldUsage);
    assert.equal(count(route), seen + 3);
    await pace(route);
    return cold;
  }
  const maintenance = {
    on: async () => {
      await writeMaintenance(s.t.store.db, true);
      await sleep(100);
    },
    off: async () => {
      await writeMaintenance(s.t.store.db, false);
      await sleep(100);
    },
  };

  for (const route of routes) {
    it(`${route}: 401, 403, 429 and 503 alike`, async () => {
      await both(route, {}, 401);
      await both(route, { 'x-api-key': 'gk_' + 'A'.repeat(32) }, 401);
      await both(route, { 'x-api-key': restricted }, 403);
      if (!route.startsWith('/history/')) {
        // The key's one request of the day, then 429s: History's limits are its own.
        await s.send(concrete(route), { 'x-api-key': oncePerDay });
        await both(route, { 'x-api-key': oncePerDay }, 429);
      }
      const offline = await both(route, key, 503, maintenance);
      assert.equal(header(offline, 'retry-after'), '300');
    });
  }
});

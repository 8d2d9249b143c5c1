/**
 * Hostile filters on one key cannot take the server (src/access/filter-allowance.ts): while
 * four clients send filters that run into the evaluation budget (20 a second each), a plain
 * lookup stays fast, and the hostile key is refused with 429 once it has used its evaluation
 * time.
 */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { PlanStore } from '../src/store/plan-store.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
let port = 0;
before(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
after(() => t.close());

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly retryAfter: string | undefined;
}

function get(agent: Agent, path: string, key: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'x-api-key': key }, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, retryAfter: res.headers['retry-after'] as string | undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Four clients on `key`, each sending the filter `filterOf` makes 20 times a second, while
 * 400 plain lookups on another key are timed; returns the lookups' p99 and the four clients'
 * answers. `ready` says when to start timing.
 */
async function underFourClients(key: string, plainKey: string, filterOf: (client: number, n: number) => string, ready: (statuses: ReadonlyMap<number, number>) => boolean) {
  let running = true;
  let sent = 0;
  const statuses = new Map<number, number>();
  const answers: Answer[] = [];
  const client = async (id: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (running) {
      const res = await get(agent, `/v3/banks/0005/branches?limit=2000&filter=${encodeURIComponent(filterOf(id, sent++))}`, key);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      answers.push(res);
      // 20 filters a second per client. A flood of requests of any kind is the per-second rate
      // limit's business, not this test's.
      await pause(50);
    }
    agent.destroy();
  };
  const clients = [1, 2, 3, 4].map(client);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  await get(agent, '/v3/banks/0001', plainKey); // the key and the answer in memory
  for (let waited = 0; !ready(statuses) && waited < 10_000; waited += 20) await pause(20);
  const latencies: number[] = [];
  for (let i = 0; i < 400; i++) {
    const started = performance.now();
    const res = await get(agent, '/v3/banks/0001', plainKey);
    latencies.push(performance.now() - started);
    assert.equal(res.status, 200);
    await pause(5);
  }
  running = false;
  await Promise.all(clients);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p99: latencies[Math.floor(latencies.length * 0.99) - 1]!, median: latencies[200]!, statuses, answers };
}

describe('hostile filters on one key', () => {
  it('keep a plain lookup p99 under 20 ms while four clients send them, and get 429 once the key has used its evaluation time', async () => {
    // A plan whose request limits these clients never reach: only evaluation time stops them.
    await new PlanStore(t.store.db).set({ name: 'wide', perSecond: 100_000, perDay: 10_000_000, exportAllowed: false });
    const { key: hostileKey } = await t.keys.create({ plan: 'wide', name: 'hostile' });
    const { key: calmKey } = await t.keys.create({ plan: 'wide', name: 'calm' });
    const { key: plainKey } = await t.keys.create({ plan: 'wide', name: 'plain' });

    // The same traffic with one ordinary filter (kept after its first evaluation): what this
    // machine's load alone does to the lookups.
    const calm = await underFourClients(calmKey, plainKey, () => 'name=re="^東京"', (s) => (s.get(200) ?? 0) >= 4);
    // A new hostile pattern every time (a kept result would cost nothing). Timed once the key
    // has spent its saved evaluation time (its first 429), as a moment into an attack.
    const hostile = await underFourClients(hostileKey, plainKey, (c, n) => `halfWidthKana=re=".*.*.*.*.*.*.*.*.*x${c}-${n}"`, (s) => (s.get(429) ?? 0) > 0);

    const figures = `plain lookup p99 ${hostile.p99.toFixed(1)} ms, median ${hostile.median.toFixed(1)} ms (ordinary filters: p99 ${calm.p99.toFixed(1)} ms); hostile answers ${JSON.stringify([...hostile.statuses])}`;
    // 20 ms on a machine of our own. On a loaded shared machine (CI, parallel test files) the
    // p99 of the ordinary traffic alone can pass 20 ms: then within three times that. Unweighted,
    // hostile filters pushed the median past 90 ms and the p99 past 300 ms.
    assert.ok(hostile.p99 < Math.max(20, calm.p99 * 3), figures);
    assert.ok(hostile.median < 5, figures);
    const refused = hostile.statuses.get(429) ?? 0;
    assert.ok(refused > 10 * ((hostile.statuses.get(200) ?? 0) + (hostile.statuses.get(400) ?? 0)), `most hostile filters are refused before evaluation: ${figures}`);
    const first = hostile.answers.find((a) => a.status === 429)!;
    assert.equal(first.body, '', '429 has no body');
    assert.match(first.retryAfter ?? '', /^[1-9][0-9]*$/);
    assert.equal(calm.statuses.get(429), undefined, 'ordinary filters are never refused');
  });
});

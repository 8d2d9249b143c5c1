/**
 * Scale-out (issue 11): two `ginko serve` replicas on one real PostgreSQL and one Redis. Keys,
 * limits, snapshots and history are shared; Redis going away degrades to per-replica counting
 * without wrong answers; a restarted replica loses nothing.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { type HttpsAnswer, httpsGet } from './support/https.js';
import { type RunningGinko, runGinko, startGinko } from './support/process.js';
import { closedPort, createPostgresDatabase } from './support/services.js';
import { useTempDirs } from './support/temp-dirs.js';
import { writeZenginPackage } from './support/zengin-fixture.js';

const tempDir = useTempDirs('ginko-scale-');

/** A private Redis for this test, so that stopping it disturbs nobody else. */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> } | { skip: string }> {
  const port = await closedPort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const failed = await new Promise<Error | undefined>((resolve) => {
    child.once('error', resolve);
    setTimeout(() => resolve(undefined), 500);
  });
  if (failed) {
    const message = `redis-server could not be started (${failed.message}); install Redis to run this test`;
    if (process.env.CI === 'true') throw new Error(message);
    return { skip: message };
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    // Called again by the test's `finally`: a Redis left running would keep the test process alive.
    stop: () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

function get(server: RunningGinko, dataDir: string, path: string, key: string): Promise<HttpsAnswer> {
  return httpsGet(server.url + path, readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8'), { 'x-api-key': key });
}

it('two replicas on PostgreSQL and Redis share keys, limits, snapshots and history', { timeout: 120_000 }, async (t) => {
  const db = await createPostgresDatabase();
  if ('skip' in db) return t.skip(db.skip);
  const redis = await startRedis();
  if ('skip' in redis) {
    await db.drop();
    return t.skip(redis.skip);
  }
  const store = ['--database-url', db.url];
  const [dirA, dirB] = [tempDir(), tempDir()];
  const serveArgs = (dir: string) => ['--data-dir', dir, ...store, '--redis-url', redis.url, '--poll-interval', '1'];
  let a: RunningGinko | undefined;
  let b: RunningGinko | undefined;
  try {
    // Both start on the empty database at once: one seeds, the other waits for it.
    [a, b] = await Promise.all([startGinko(serveArgs(dirA)), startGinko(serveArgs(dirB))]);
    const ga = (path: string, key: string) => get(a!, dirA, path, key);
    const gb = (path: string, key: string) => get(b!, dirB, path, key);

    // A key created through the store works on either replica. Its plan admits the polling
    // below: standard's 10 a second, shared through Redis, is reached when a slow machine makes
    // the replicas take a few polls to see the import.
    assert.equal((await runGinko(['plans', 'set', 'roomy', '--per-second', '1000', '--per-day', '100000', '--data-dir', tempDir(), ...store])).code, 0);
    const created = await runGinko(['keys', 'create', '--plan', 'roomy', '--name', 'shared', '--data-dir', tempDir(), ...store]);
    const key = created.stdout.trim().split('\n').at(-1)!;
    assert.equal((await ga('/v3/banks/0001', key)).status, 200);
    assert.equal((await gb('/v3/banks/0001', key)).status, 200);
    const updates = JSON.parse((await gb('/history/v1/updates', key)).body) as { updates: unknown[] };
    assert.equal(updates.updates.length, 5, 'seeded once');

    // A plan of 5 per day admits exactly 5 requests across both replicas.
    assert.equal((await runGinko(['plans', 'set', 'five', '--per-second', '100', '--per-day', '5', '--data-dir', tempDir(), ...store])).code, 0);
    const five = (await runGinko(['keys', 'create', '--plan', 'five', '--data-dir', tempDir(), ...store])).stdout.trim().split('\n').at(-1)!;
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? ga : gb)('/v3/version', five).then((r) => r.status)));
    assert.deepEqual([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 429).length], [5, 7]);

    // An import through the store reaches both replicas within the poll interval.
    const pkg = writeZenginPackage('2026-09-01', (data) => {
      data['0010']!.branches['725']!.name = '市ヶ谷駅前';
    });
    tempDir.adopt(pkg);
    const imported = await runGinko(['import', pkg, '--data-dir', tempDir(), ...store]);
    assert.equal(imported.code, 0, imported.stderr);
    const version = '{"version":"2026-09-01T00:00:00+0900"}';
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline && ((await ga('/v3/version', key)).body !== version || (await gb('/v3/version', key)).body !== version)) await new Promise((r) => setTimeout(r, 200));
    for (const g of [ga, gb]) {
      assert.equal((await g('/v3/version', key)).body, version);
      assert.equal((JSON.parse((await g('/history/v1/updates/latest', key)).body) as { update: { update_id: string } }).update.update_id, 'upd-20260901');
      assert.match((await g('/v3/banks/0010/branches/725', key)).body, /"name":"市ヶ谷駅前"/);
    }

    // Redis goes away: answers stay right; limits fall back to each replica's own counters.
    await redis.stop();
    const during = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? ga : gb)('/v3/banks/0001', key)));
    for (const r of during) {
      assert.equal(r.status, 200);
      assert.match(r.body, /^\{"code":"0001","name":"みずほ銀行"/);
    }

    // A restarted replica loses nothing: keys, plans, the imported snapshot, the history.
    assert.equal(await a.stop(), 0);
    a = await startGinko(serveArgs(dirA));
    assert.equal((await get(a, dirA, '/v3/version', key)).body, version);
    assert.equal((JSON.parse((await get(a, dirA, '/history/v1/updates', key)).body) as { updates: unknown[] }).updates.length, 6);
    assert.equal((await get(a, dirA, '/v3/version', five)).status, 200, 'the per-day count of the Redis outage is per replica (documented)');
  } finally {
    await a?.stop();
    await b?.stop();
    await redis.stop();
    await db.drop();
  }
});

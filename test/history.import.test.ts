/**
 * New snapshots: `ginko import` validates, diffs and stores them in one transaction, and running
 * servers switch to them atomically (SQLite and PostgreSQL, in-process and real processes).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, it } from 'node:test';
import { readDatasetSource } from '../src/dataset/sources.js';
import { latestSeq, loadHistory } from '../src/history/history-store.js';
import { importSnapshot } from '../src/history/importer.js';
import { LiveDataset } from '../src/history/live-dataset.js';
import { ensureSeeded, seedSteps, seedUpdates } from '../src/history/seed.js';
import { seedTestStore } from './support/seed.js';
import { openStore, type SqlStore } from '../src/store/open.js';
import { httpsGet } from './support/https.js';
import { runGinko, startGinko } from './support/process.js';
import { useTempDirs } from './support/temp-dirs.js';
import { createPostgresDatabase } from './support/services.js';
import { writeZenginPackage } from './support/zengin-fixture.js';

const tempDir = useTempDirs('ginko-import-');

/** The newest version with one branch renamed: りそな銀行 725 市ヶ谷 → 市ヶ谷駅前. */
const renamedPackage = (date: string) => {
  const dir = writeZenginPackage(date, (data) => {
    data['0010']!.branches['725']!.name = '市ヶ谷駅前';
  });
  return tempDir.adopt(dir);
};

async function importChecks(store: SqlStore): Promise<void> {
  await seedTestStore(store);
  const live = await LiveDataset.open(store);
  assert.equal(live.snapshots.current.version, '2026-08-24T00:00:00+0900');

  const outcome = await importSnapshot(store, (await readDatasetSource(renamedPackage('2026-09-01'))).raw, 'fixture');
  assert.deepEqual(outcome, { ok: true, updateId: 'upd-20260901', changes: 1, banks: 1146, branches: 28944, counts: { 'branch.renamed': 1 } });
  const stored = await loadHistory(store.db);
  const change = stored.changes.at(-1)!;
  assert.deepEqual([change.change_id, change.change_type, change.branch, change.field_changes], ['chg-20260901-000001', 'renamed', { code: '725', name: '市ヶ谷駅前' }, [{ field: 'name', before: '市ヶ谷', after: '市ヶ谷駅前' }]]);

  const before = live.snapshots.current;
  assert.equal(await live.refresh(), true);
  assert.notEqual(live.snapshots.current, before);
  assert.equal(live.snapshots.current.version, '2026-09-01T00:00:00+0900');
  assert.equal(live.snapshots.current.directory.branchesByCode('0010', '725')[0]!.name, '市ヶ谷駅前');
  assert.equal(live.history.latest!.update_id, 'upd-20260901');
  assert.equal(await live.refresh(), false, 'nothing new');

  // A truncated master would remove most institutions: refused, nothing written.
  const truncated = writeZenginPackage('2026-09-02', (data) => {
    for (const code of Object.keys(data).slice(200)) delete data[code];
  });
  tempDir.adopt(truncated);
  const seq = await latestSeq(store.db);
  const refused = await importSnapshot(store, (await readDatasetSource(truncated)).raw, 'fixture');
  assert.equal(refused.ok, false);
  assert.deepEqual(!refused.ok && refused.validation.problems, ['200 institutions against 1146 now: more than 10% would disappear', '5869 branches against 28944 now: more than 10% would disappear']);
  assert.equal(await latestSeq(store.db), seq);
  assert.equal(await live.refresh(), false);

  // Readings that break the character rules are refused too.
  const broken = writeZenginPackage('2026-09-03', (data) => {
    data['0001']!.branches['001']!.kana = 'とうきょう';
  });
  tempDir.adopt(broken);
  const badKana = await importSnapshot(store, (await readDatasetSource(broken)).raw, 'fixture');
  assert.equal(badKana.ok, false);
  assert.match(!badKana.ok ? badKana.validation.problems[0]! : '', /^branch 0001-001: halfWidthKana "とうきょうｴｲｷﾞﾖｳﾌﾞ" breaks the character rules$/);
  assert.equal(await latestSeq(store.db), seq);

  // A line separator in a name (JavaScript reads U+2028 as a line break, as the filter's ^ and $ do).
  const separated = writeZenginPackage('2026-09-04', (data) => {
    data['0001']!.branches['001']!.name = '東京\u2028営業部';
  });
  tempDir.adopt(separated);
  const badName = await importSnapshot(store, (await readDatasetSource(separated)).raw, 'fixture');
  assert.equal(badName.ok, false);
  assert.ok(!badName.ok && badName.validation.problems.includes('branch 0001-001: name has control characters or line separators'), !badName.ok ? badName.validation.problems.join('; ') : '');
  assert.equal(await latestSeq(store.db), seq);
}

describe('import on SQLite', () => {
  it('stores one renamed change, switches a live dataset, and refuses invalid snapshots', async () => {
    const store = await openStore({ dataDir: tempDir() });
    try {
      await importChecks(store);
    } finally {
      await store.close();
    }
  });
});

describe('seeding', () => {
  it('keeps nothing of the seed versions once the history is written (about 37 MB) but the directory it hands back', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const store = await openStore({ dataDir: tempDir() });
    try {
      const held: WeakRef<object>[] = [];
      let seeded = await ensureSeeded(store, () =>
        seedUpdates(
          (function* () {
            for (const step of seedSteps()) {
              held.push(new WeakRef(step.directory), new WeakRef(step.raw));
              yield step;
            }
          })(),
        ),
      );
      assert.equal(seeded?.seq, 5);
      assert.equal(await latestSeq(store.db), 5);
      assert.notEqual(seedSteps().next().value!.raw, seedSteps().next().value!.raw, 'each call reads the versions afresh');
      // A WeakRef holds its target until the current job ends.
      await new Promise(setImmediate);
      gc();
      assert.deepEqual(
        held.map((ref) => ref.deref()),
        [...Array(8).fill(undefined), seeded!.directory, seeded!.directory.source],
        "the last version's directory, handed back, with the records it was built from, and nothing else",
      );
      seeded = undefined;
      await new Promise(setImmediate);
      gc();
      assert.equal(held[8]!.deref(), undefined, 'nor that, once the caller lets it go');
    } finally {
      await store.close();
    }
  });

  it('serves what it seeded as the same snapshot the store gives back', async () => {
    const store = await openStore({ dataDir: tempDir() });
    try {
      const seeded = await ensureSeeded(store);
      assert.ok(seeded);
      const fromSeeding = (await LiveDataset.open(store, seeded)).snapshots.current;
      const fromStore = (await LiveDataset.open(store)).snapshots.current;
      assert.equal(fromSeeding.directory, seeded.directory);
      assert.notEqual(fromStore.directory, seeded.directory);
      assert.equal(fromSeeding.version, '2026-08-24T00:00:00+0900');
      for (const d of [fromSeeding.directory, fromStore.directory]) assert.equal(d.branchCount, 28_944);
      assert.deepEqual(fromSeeding.directory.banks, fromStore.directory.banks);
      for (const bank of fromStore.directory.banks) assert.deepEqual(fromSeeding.directory.branches(bank.code), fromStore.directory.branches(bank.code));
      assert.deepEqual([fromSeeding.directory.version, fromSeeding.directory.effectiveDate], [fromStore.directory.version, fromStore.directory.effectiveDate]);
    } finally {
      await store.close();
    }
  });
});

describe('import on PostgreSQL', () => {
  it('behaves the same, and seeding twice at once leaves one history', async (t) => {
    const db = await createPostgresDatabase();
    if ('skip' in db) return t.skip(db.skip);
    const a = await openStore({ dataDir: tempDir(), databaseUrl: db.url });
    const b = await openStore({ dataDir: tempDir(), databaseUrl: db.url });
    try {
      const seeded = await Promise.all([seedTestStore(a), seedTestStore(b)]);
      // One seeded (and hands back the directory it wrote last); the other found its history.
      assert.deepEqual(seeded.map((s) => s?.seq ?? 'seeded by the other').sort(), [5, 'seeded by the other']);
      assert.equal((await loadHistory(a.db)).updates.length, 5);
      await importChecks(a);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});

describe('import into a running server', () => {
  it('switches the served version at one point while requests run, failing none', async () => {
    const dataDir = tempDir();
    const created = await runGinko(['keys', 'create', '--plan', 'unlimited', '--data-dir', dataDir]);
    const key = created.stdout.trim().split('\n').at(-1)!;
    const server = await startGinko(['--data-dir', dataDir, '--poll-interval', '1']);
    try {
      const ca = readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8');
      const versions: string[] = [];
      const failures: string[] = [];
      let done = false;
      const load = async () => {
        while (!done) {
          const res = await httpsGet(`${server.url}/v3/banks/0010/branches/725`, ca, { 'x-api-key': key });
          if (res.status !== 200) failures.push(`${res.status} ${res.body}`);
          else {
            const body = JSON.parse(res.body) as { branch: { name: string } };
            const version = JSON.parse((await httpsGet(`${server.url}/v3/version`, ca, { 'x-api-key': key })).body) as { version: string };
            versions.push(`${body.branch.name}@${version.version}`);
          }
        }
      };
      const runners = [load(), load()];
      const imported = await runGinko(['import', renamedPackage('2026-09-01'), '--data-dir', dataDir]);
      assert.equal(imported.code, 0, imported.stderr);
      assert.match(imported.stdout, /^reading a zengin-code package directory, effective date 2026-09-01\nimported upd-20260901: 1146 institutions, 28944 branches, 1 changes \(branch\.renamed 1\)\n$/);
      const deadline = Date.now() + 10_000;
      while (!versions.at(-1)?.startsWith('市ヶ谷駅前') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 300));
      done = true;
      await Promise.all(runners);
      assert.deepEqual(failures, []);
      // Every answer is old or new, and once new, never old again (the version may lag the branch by one poll at most).
      const names = versions.map((v) => v.split('@')[0]);
      const firstNew = names.indexOf('市ヶ谷駅前');
      assert.ok(firstNew > 0, 'served the old snapshot first');
      assert.ok(names.slice(firstNew).every((n) => n === '市ヶ谷駅前'), 'never back to the old snapshot');
      assert.ok(names.slice(0, firstNew).every((n) => n === '市ヶ谷'));
      assert.equal(versions.at(-1), '市ヶ谷駅前@2026-09-01T00:00:00+0900');
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});

/**
 * `ginko update` against a real registry protocol on 127.0.0.1 (test/support/registry.ts):
 * tarballs made with `npm pack` of the bundled versions and of one newer version built here,
 * with 2 branches added, 2 removed and 1 renamed. The newer version is imported with exactly
 * those changes; a second run is already current; a wrong integrity, a truncated tarball, an
 * unreachable registry and a version that fails validation are each refused with nothing
 * changed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildDirectory } from '../src/dataset/build.js';
import { latestUpdateId, loadCurrentSnapshot, loadHistory } from '../src/history/history-store.js';
import { seedTestStore } from './support/seed.js';
import { checkForUpdate } from '../src/history/updater.js';
import { openStore, type SqlStore } from '../src/store/open.js';
import { updateLines } from '../src/cli/update.js';
import { runGinko } from './support/process.js';
import { type RawData, PACKAGES, raw } from './support/raw-diff.js';
import { npmPack, packBundled, type PackedVersion, TestRegistry, writePackageDir } from './support/registry.js';
import { closedPort } from './support/services.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-update-');

/** The newest bundled data with 2 branches added, 2 removed and 1 renamed. */
function newerData(): RawData {
  const data = structuredClone(raw('zengin-code'));
  const branch = (name: string, kana: string) => ({ name, kana });
  data['0001']!.branches['950'] = { code: '950', ...branch('新宿南口出張所', 'シンジユクミナミグチ') } as RawData[string]['branches'][string];
  data['0009']!.branches['951'] = { code: '951', ...branch('丸の内', 'マルノウチ') } as RawData[string]['branches'][string];
  delete data['0001']!.branches['777']; // 東京都庁出張所
  delete data['0005']!.branches['494']; // 西明石特別出張所
  data['0010']!.branches['725']!.name = '市ヶ谷駅前';
  return data;
}

/** The newest bundled data with 9 branches in 10 gone: validation refuses it. */
function collapsedData(): RawData {
  const data = structuredClone(raw('zengin-code'));
  for (const bank of Object.values(data)) {
    for (const code of Object.keys(bank.branches).filter((_, i) => i % 10 !== 0)) delete bank.branches[code];
  }
  return data;
}

let registry: TestRegistry;
let bundled: PackedVersion[];
let newer: PackedVersion;
let collapsed: PackedVersion;
let dataDir: string;

before(async () => {
  const out = tempDir();
  bundled = await packBundled(out, PACKAGES);
  newer = await npmPack(writePackageDir(out, '2026-10-31', newerData()), out);
  collapsed = await npmPack(writePackageDir(out, '2026-11-15', collapsedData()), out);
  registry = await new TestRegistry().start();
  for (const p of bundled) registry.publish(p);
  // Not the newest: the update must pick by date, not by the tag.
  registry.latest = '1.0.0-p20260630';
  dataDir = tempDir();
  const store = await openStore({ dataDir });
  await seedTestStore(store);
  await store.close();
});
after(() => registry.close());

async function withStore<T>(work: (store: SqlStore) => Promise<T>): Promise<T> {
  const store = await openStore({ dataDir });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** What `ginko update` would print, run in-process on the test's store. */
const check = (registryUrl: string, dryRun = false) => withStore(async (store) => updateLines(await checkForUpdate(store, { registry: registryUrl, retries: 0, dryRun })));

/** The store's latest update and the number of updates: unchanged by a refused update. */
const storeState = () => withStore(async (store) => ({ latest: await latestUpdateId(store.db), updates: (await loadHistory(store.db)).updates.length }));

describe('ginko update', () => {
  it('is already current while the registry has nothing newer', async () => {
    assert.deepEqual(await check(registry.url), { out: ['already current (2026-08-24)'] });
    assert.deepEqual(registry.requests, ['GET /zengin-code']);
  });

  it('refuses a tarball that does not match its published integrity, changing nothing', async () => {
    registry.publish(newer);
    // Another real package under the newer version's name.
    registry.serveInstead(newer.version, bundled[3]!.bytes);
    const before = await storeState();
    const answer = await check(registry.url);
    assert.deepEqual(answer.out, []);
    assert.match(answer.err!, /^update failed \(integrity\): zengin-code@1\.0\.0-p20261031's tarball \(\d+ bytes\) does not match its published integrity sha512-.{17}…; nothing changed$/);
    assert.deepEqual(await storeState(), before);
  });

  it('refuses a truncated tarball: as an integrity failure, and as a malformed package when published truncated', async () => {
    const before = await storeState();
    registry.serveInstead(newer.version, newer.bytes.subarray(0, newer.bytes.length >> 1));
    assert.match((await check(registry.url)).err!, /^update failed \(integrity\): zengin-code@1\.0\.0-p20261031's tarball \(\d+ bytes\)/);
    registry.serveInstead(newer.version, undefined);
    const truncated = newer.bytes.subarray(0, newer.bytes.length >> 1);
    const { default: ssri } = await import('ssri');
    registry.publish({ version: newer.version, bytes: truncated, integrity: ssri.fromData(truncated, { algorithms: ['sha512'] }).toString() });
    const answer = await check(registry.url);
    assert.match(answer.err!, /^update failed \(malformed\): zengin-code@1\.0\.0-p20261031: .*zengin-code-1\.0\.0-p20261031\.tgz is not a readable package tarball: .*; nothing changed$/);
    assert.deepEqual(await storeState(), before);
    registry.publish(newer);
  });

  it('refuses an unreachable registry, changing nothing', async () => {
    const before = await storeState();
    const url = `http://127.0.0.1:${await closedPort()}/`;
    assert.deepEqual(await check(url), { out: [], err: `update failed (unreachable): the registry ${url} could not give the zengin-code document: ECONNREFUSED; nothing changed` });
    assert.deepEqual(await storeState(), before);
  });

  it('refuses a newer version that fails validation, changing nothing', async () => {
    const before = await storeState();
    registry.publish(collapsed);
    const answer = await check(registry.url).finally(() => registry.unpublish(collapsed.version));
    assert.equal(
      answer.err,
      'update failed (invalid): zengin-code@1.0.0-p20261115 fails validation: 3502 branches against 28944 now: more than 10% would disappear; nothing changed',
    );
    assert.deepEqual(await storeState(), before);
  });

  it('--dry-run prints the changes and changes nothing', async () => {
    const before = await storeState();
    assert.deepEqual(await check(registry.url, true), {
      out: [
        'would import zengin-code@1.0.0-p20261031 (2026-10-31): 5 changes (branch.added 2, branch.removed 2, branch.renamed 1); nothing changed (--dry-run)',
        '  branch.removed 0001-777 東京都庁出張所',
        '  branch.added 0001-950 新宿南口出張所',
        '  branch.removed 0005-494 西明石特別出張所',
        '  branch.added 0009-951 丸の内',
        '  branch.renamed 0010-725 市ヶ谷 → 市ヶ谷駅前',
      ],
    });
    assert.deepEqual(await storeState(), before);
  });

  it('imports the newest version by date with its exact changes, then is already current', async () => {
    const run = await runGinko(['update', '--registry', registry.url, '--data-dir', dataDir]);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
    assert.equal(run.stdout, 'imported upd-20261031: 5 changes (branch.added 2, branch.removed 2, branch.renamed 1)\n');
    await withStore(async (store) => {
      const history = await loadHistory(store.db);
      const update = history.updates.at(-1)!;
      assert.deepEqual([update.update_id, update.previous_update_id, update.effective_date, update.run_type, update.validation_result], ['upd-20261031', 'upd-20260824', '2026-10-31', 'import', 'passed']);
      assert.deepEqual(
        history.changes.filter((c) => c.update_id === 'upd-20261031').map((c) => [c.change_type, c.bank.code, c.branch.code, c.before.fullWidthKana ?? null, c.after.fullWidthKana ?? null]),
        [
          ['removed', '0001', '777', 'トウキヨウトチヨウシユツチヨウジヨ', null],
          ['added', '0001', '950', null, 'シンジユクミナミグチシユツチヨウジヨ'],
          ['removed', '0005', '494', 'ニシアカシトクベツシユツチヨウジヨ', null],
          ['added', '0009', '951', null, 'マルノウチ'],
          ['renamed', '0010', '725', 'イチガヤ', 'イチガヤ'],
        ],
      );
      const current = await loadCurrentSnapshot(store.db);
      assert.equal(buildDirectory(current!.raw).branchCount, 28_944);
    });
    const again = await runGinko(['update', '--registry', registry.url, '--data-dir', dataDir]);
    assert.deepEqual([again.code, again.stdout, again.stderr], [0, 'already current (2026-10-31)\n', '']);
  });

  it('exits 1 with one line on stderr when the registry cannot be reached', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/`;
    const run = await runGinko(['update', '--data-dir', dataDir], { GINKO_REGISTRY: url });
    assert.deepEqual([run.code, run.stdout], [1, '']);
    assert.match(run.stderr, new RegExp(`^ginko: update failed \\(unreachable\\): the registry ${url.replaceAll('.', '\\.')} could not give the zengin-code document: ECONNREFUSED; nothing changed\\n$`));
  });
});

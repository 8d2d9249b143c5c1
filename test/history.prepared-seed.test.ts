/**
 * The seed the build prepares (src/history/prepared-seed.ts, dist/seed/): a store seeded from it
 * holds exactly what a store seeded from the installed zengin-code versions holds; it is read
 * only when computed from the versions installed; and the bundle's first start writes it rather
 * than reading the versions.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BUNDLE, ROOT } from '../bin/bundle-freshness.js';
import type { SeedUpdate } from '../src/history/seed-update.js';
import { PREPARED_SEED_DIR, readPreparedSeed, writePreparedSeed } from '../src/history/prepared-seed.js';
import { ensureSeeded, SEED_PACKAGES, seedSteps, seedUpdates } from '../src/history/seed.js';
import { openStore, type SqlStore } from '../src/store/open.js';
import { runBundleApart } from './support/run-bundle.js';
import { seedTestStore } from './support/seed.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-prepared-seed-');

/** Every row of the history but the time each update was written. */
async function historyRows(store: SqlStore) {
  const updates = await store.db.selectFrom('updates').selectAll().orderBy('seq').execute();
  const changes = await store.db.selectFrom('changes').selectAll().orderBy('change_id').execute();
  return { updates: updates.map(({ created_at: _, ...row }) => row), changes };
}

/** A store seeded from the installed versions, as the tests seed theirs, and its rows. */
async function computedHistory() {
  const store = await openStore({ dataDir: tempDir() });
  try {
    const seeded = await seedTestStore(store);
    return { rows: await historyRows(store), directory: seeded!.directory };
  } finally {
    await store.close();
  }
}

async function seedFrom(dir: string): Promise<Awaited<ReturnType<typeof computedHistory>>> {
  const store = await openStore({ dataDir: tempDir() });
  try {
    const prepared = readPreparedSeed(dir, SEED_PACKAGES);
    assert.ok(prepared, `${dir} holds a prepared seed of the installed versions`);
    const seeded = await ensureSeeded(store, () => prepared);
    assert.equal(seeded?.seq, 5);
    return { rows: await historyRows(store), directory: seeded.directory };
  } finally {
    await store.close();
  }
}

function prepare(): string {
  const dir = tempDir();
  writePreparedSeed(dir, SEED_PACKAGES, seedUpdates(seedSteps()));
  return dir;
}

function editManifest(dir: string, edit: (manifest: { format: number; packages: [string, string][] }) => void): void {
  const file = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { format: number; packages: [string, string][] };
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest));
}

describe('the prepared seed', () => {
  it('seeds a store with the very rows the installed versions give, and serves the same directory', async () => {
    const computed = await computedHistory();
    const prepared = await seedFrom(prepare());
    assert.equal(prepared.rows.updates.length, 5);
    assert.equal(prepared.rows.changes.length, 252);
    assert.deepEqual(prepared.rows, computed.rows);
    assert.notEqual(prepared.directory, computed.directory);
    assert.equal(prepared.directory.branchCount, 28_944);
    assert.equal(prepared.directory.version, computed.directory.version);
    assert.deepEqual(prepared.directory.banks, computed.directory.banks);
    for (const bank of computed.directory.banks) assert.deepEqual(prepared.directory.branches(bank.code), computed.directory.branches(bank.code));
  });

  it('reads each snapshot when its turn comes, and builds a directory only when asked', () => {
    const dir = prepare();
    const updates = readPreparedSeed(dir, SEED_PACKAGES)!;
    const seen: SeedUpdate[] = [...updates];
    assert.deepEqual(
      seen.map((s) => [s.update.effectiveDate, s.update.runType, s.update.changes.length, s.update.snapshot.length]),
      [
        ['2026-02-25', 'baseline', 0, readFileSync(join(dir, '1-2026-02-25.json'), 'utf8').length],
        ['2026-03-31', 'seed', 19, readFileSync(join(dir, '2-2026-03-31.json'), 'utf8').length],
        ['2026-05-24', 'seed', 132, readFileSync(join(dir, '3-2026-05-24.json'), 'utf8').length],
        ['2026-06-30', 'seed', 62, readFileSync(join(dir, '4-2026-06-30.json'), 'utf8').length],
        ['2026-08-24', 'seed', 39, readFileSync(join(dir, '5-2026-08-24.json'), 'utf8').length],
      ],
    );
    assert.equal(seen[4]!.directory().effectiveDate, '2026-08-24');
    // Read when its turn comes: a file removed after the first update was read is missed only then.
    const lazily = readPreparedSeed(dir, SEED_PACKAGES)![Symbol.iterator]();
    assert.equal(lazily.next().value?.update.effectiveDate, '2026-02-25');
    rmSync(join(dir, '2-2026-03-31.json'));
    assert.throws(() => lazily.next(), { code: 'ENOENT', path: join(dir, '2-2026-03-31.json') });
  });

  it('is not read when missing, incomplete, of another format or computed from other versions than those installed', () => {
    assert.equal(readPreparedSeed(tempDir(), SEED_PACKAGES), undefined, 'no manifest: nothing prepared, or not finished');
    const otherVersion = prepare();
    editManifest(otherVersion, (m) => (m.packages[4]![1] = '1.0.0-p20260901'));
    assert.equal(readPreparedSeed(otherVersion, SEED_PACKAGES), undefined);
    const otherPackages = prepare();
    assert.equal(readPreparedSeed(otherPackages, SEED_PACKAGES.slice(0, 4)), undefined);
    const otherFormat = prepare();
    editManifest(otherFormat, (m) => (m.format = 2));
    assert.equal(readPreparedSeed(otherFormat, SEED_PACKAGES), undefined);
  });

  it('is looked for beside the bundle only: run from src/, the seed is computed', () => {
    assert.equal(PREPARED_SEED_DIR, join(ROOT, 'src/history/seed/'));
    assert.equal(existsSync(PREPARED_SEED_DIR), false);
  });
});

describe('the bundle npm ci builds', () => {
  it('seeds an empty store from dist/seed/, reading none of the versions, with the rows the versions give', async () => {
    const dir = tempDir();
    const reads = join(dir, 'reads.json');
    // The files the bundle reads with readFileSync (the zengin-code data files are read so).
    const preload = join(dir, 'record-reads.cjs');
    writeFileSync(
      preload,
      `const fs = require('node:fs'); const read = fs.readFileSync; const paths = [];
       fs.readFileSync = function (path, ...rest) { if (typeof path === 'string') paths.push(path); return read.call(this, path, ...rest); };
       process.on('exit', () => fs.writeFileSync(${JSON.stringify(reads)}, JSON.stringify(paths)));`,
    );
    const data = join(dir, 'data');
    const run = runBundleApart(BUNDLE, ['export', '--data-dir', data, '--out', join(dir, 'master.zip')], ['--require', preload]);
    assert.match(run.output, /^wrote .*master\.zip: /);
    const read = JSON.parse(readFileSync(reads, 'utf8')) as string[];
    const seedFiles = ['manifest.json', '1-2026-02-25.json', '2-2026-03-31.json', '3-2026-05-24.json', '4-2026-06-30.json', '5-2026-08-24.json'];
    assert.deepEqual(
      seedFiles.filter((f) => !read.includes(join(ROOT, 'dist/seed', f))),
      [],
      'every file of dist/seed/ read',
    );
    assert.deepEqual(
      read.filter((f) => f.endsWith('zengin-data.js')),
      [],
      'no version read',
    );
    const store = await openStore({ dataDir: data });
    try {
      assert.deepEqual(await historyRows(store), (await computedHistory()).rows);
    } finally {
      await store.close();
    }
  });
});

/**
 * First start on an empty store: the history from the zengin-code versions installed side by
 * side (docs/history.md#snapshots-and-updates). The oldest is the baseline (no changes,
 * previous_update_id null); each later one is stored with its real changes against the one
 * before.
 */
import { buildDirectory } from '../dataset/build.js';
import { diffDirectories } from '../dataset/diff.js';
import type { Directory } from '../dataset/directory.js';
import type { RawSnapshot } from '../dataset/raw.js';
import { validateDirectory } from '../dataset/validate.js';
import { installedPackageDir, readZenginPackage } from '../dataset/zengin.js';
import type { SqlStore } from '../store/open.js';
import { latestSeq, storedSnapshot, withSeedLock, writeUpdate } from './history-store.js';
import { PREPARED_SEED_DIR, readPreparedSeed } from './prepared-seed.js';
import type { RunType } from './records.js';
import type { SeedUpdate } from './seed-update.js';

/** Oldest first: the order of their pYYYYMMDD suffixes. */
export const SEED_PACKAGES = ['zengin-code-20260225', 'zengin-code-20260331', 'zengin-code-20260524', 'zengin-code-20260630', 'zengin-code'] as const;

export interface SeedStep {
  readonly raw: RawSnapshot;
  readonly directory: Directory;
  readonly source: string;
  readonly runType: RunType;
}

/**
 * The seed versions, oldest first, each read and built when the one before it is written: five
 * directories and their raw records take about 37 MB, which a first start need not hold at
 * once (at most two directories and one version's records are alive: less for the collector
 * to copy and mark while the history is written) and a server must not keep for its life, so
 * nothing here holds them (a caller that seeds many stores, such as the tests, may keep them
 * itself).
 */
export function* seedSteps(): Generator<SeedStep> {
  for (const [i, name] of SEED_PACKAGES.entries()) {
    const raw = readZenginPackage(installedPackageDir(name));
    yield { raw, directory: buildDirectory(raw), source: `zengin-code@1.0.0-p${raw.effectiveDate.replaceAll('-', '')}`, runType: i === 0 ? 'baseline' : 'seed' };
  }
}

/** Validates each version against the one before and diffs it, as it comes: the seed's updates. */
export function* seedUpdates(steps: Iterable<SeedStep>): Generator<SeedUpdate> {
  let previous: Directory | undefined;
  for (const { raw, directory, source, runType } of steps) {
    const validation = validateDirectory(directory, previous);
    if (!validation.ok) throw new Error(`seed version ${source} fails validation: ${validation.problems.join('; ')}`);
    yield {
      update: {
        effectiveDate: raw.effectiveDate,
        snapshot: storedSnapshot(raw),
        runType,
        validationResult: validation.result,
        source,
        bankRows: directory.banks.length,
        branchRows: directory.branchCount,
        changes: previous ? diffDirectories(previous, directory) : [],
      },
      // Not the step: it would keep the version's raw records too.
      directory: () => directory,
    };
    previous = directory;
  }
}

/**
 * The seed a server writes: the one the build prepared (src/history/prepared-seed.ts), when the
 * server runs from that build and its zengin-code versions are those installed; else computed
 * from the installed versions.
 */
function defaultSeed(): Iterable<SeedUpdate> {
  return readPreparedSeed(PREPARED_SEED_DIR, SEED_PACKAGES) ?? seedUpdates(seedSteps());
}

/** What a seeding wrote last: the current snapshot, which a server serves. */
export interface Seeded {
  readonly directory: Directory;
  /** Its update's seq (the number of seed versions). */
  readonly seq: number;
}

/**
 * Seeds the history unless some update exists; safe when several processes start at once.
 * `readSeed` is called only when the store is empty. Returns the current snapshot's directory
 * when this call seeded, so that a first start need not read back and build again what it has
 * just built; undefined when the store held a
 * history already, or another process seeded it meanwhile.
 */
export async function ensureSeeded(store: SqlStore, readSeed: () => Iterable<SeedUpdate> = defaultSeed): Promise<Seeded | undefined> {
  if ((await latestSeq(store.db)) > 0) return undefined;
  return withSeedLock(store.db, store.dialect, async () => {
    if ((await latestSeq(store.db)) > 0) return undefined;
    let last: SeedUpdate | undefined;
    let i = 0;
    try {
      // One transaction for the whole history: a crash or a second process never sees part of it.
      await store.db.transaction().execute(async (trx) => {
        for (const seed of readSeed()) {
          await writeUpdate(trx, { ...seed.update, expectedPreviousSeq: i++ });
          last = seed;
        }
      });
    } catch (err) {
      // Another SQLite process seeded at the same moment: its history stands.
      if ((await latestSeq(store.db)) >= SEED_PACKAGES.length) return undefined;
      throw err;
    }
    return last && { directory: last.directory(), seq: i };
  });
}

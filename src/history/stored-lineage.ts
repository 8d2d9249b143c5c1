/**
 * The lineage of a snapshot newer than the lineage dataset (docs/lineage.md#new-versions): the
 * dataset extended with every snapshot the store holds after its newest version, oldest first,
 * then with the snapshot itself. So every `ginko import` and `ginko update` extends the lineage
 * a server answers with, and a server that starts later finds the same. One stored snapshot
 * per effective date, the last imported.
 *
 * The store is read when the snapshot is made current; the work on what it read waits until
 * the lineage is first needed and runs in steps (Snapshot.provide), so that a swap does not
 * hold the event loop for it.
 */
import type { Kysely } from 'kysely';
import { buildDirectory } from '../dataset/build.js';
import type { RawSnapshot } from '../dataset/raw.js';
import type { Snapshot } from '../dataset/snapshot.js';
import { extendHistory, type LineageHistory } from '../lineage/history.js';
import { buildTimeHistorySteps, buildTimeNewest, LINEAGE_HISTORY, versionOf } from '../lineage/served.js';
import type { Database } from '../store/schema.js';
import { latestSeq, loadSnapshotText, type StoredVersion, storedVersionsAfter } from './history-store.js';

/** A stored version between the dataset and the snapshot: its source and its records as stored. */
interface Between {
  readonly source: string;
  readonly text: string;
}

function* extendedSteps(between: readonly Between[], snapshot: Snapshot, source: string): Generator<void, LineageHistory, void> {
  let history = yield* buildTimeHistorySteps();
  for (const version of between) {
    yield;
    const stored = buildDirectory(JSON.parse(version.text) as RawSnapshot);
    yield;
    history = extendHistory(history, stored, versionOf(stored, version.source));
  }
  yield;
  return extendHistory(history, snapshot.directory, versionOf(snapshot.directory, source));
}

/**
 * The stored versions after the dataset's newest and before `date`, through seq `throughSeq`
 * except `exceptSeq`: one per effective date, the last imported, oldest first.
 */
async function versionsBetween(db: Kysely<Database>, date: string, throughSeq: number, exceptSeq?: number): Promise<{ between: Between[]; versions: StoredVersion[] }> {
  const versions = await storedVersionsAfter(db, buildTimeNewest(), throughSeq);
  // One version per date: an import that replaced a snapshot of the same date stands for it.
  const byDate = new Map(versions.map((v) => [v.effectiveDate, v]));
  const between: Between[] = [];
  for (const v of [...byDate.values()].sort((a, b) => a.seq - b.seq)) {
    if (v.seq !== exceptSeq && v.effectiveDate < date) between.push({ source: v.source, text: await loadSnapshotText(db, v.seq) });
  }
  return { between, versions };
}

/**
 * Gives a snapshot newer than the lineage dataset, that of stored update `seq`, the steps of
 * its lineage history from the store; nothing for one the dataset holds.
 */
export async function provideStoredLineage(db: Kysely<Database>, snapshot: Snapshot, seq: number): Promise<void> {
  const date = snapshot.directory.effectiveDate;
  if (date <= buildTimeNewest()) return;
  const { between, versions } = await versionsBetween(db, date, seq, seq);
  const source = versions.find((v) => v.seq === seq)?.source ?? `dataset ${snapshot.directory.version}`;
  snapshot.provide(LINEAGE_HISTORY, extendedSteps(between, snapshot, source));
}

/**
 * Gives a snapshot about to be imported from `source` (stored after every stored update) the
 * steps of the lineage history servers will answer with once it is current: what an import's
 * webhook events carry (src/history/webhook-events.ts).
 */
export async function provideNextLineage(db: Kysely<Database>, snapshot: Snapshot, source: string): Promise<void> {
  const date = snapshot.directory.effectiveDate;
  if (date <= buildTimeNewest()) return;
  const { between } = await versionsBetween(db, date, await latestSeq(db));
  snapshot.provide(LINEAGE_HISTORY, extendedSteps(between, snapshot, source));
}

/**
 * The lineage of a snapshot newer than the lineage dataset (docs/lineage.md#new-versions): the
 * dataset extended with every snapshot the store holds after its newest version, oldest first,
 * then with the snapshot itself. So every `ginko import` and `ginko update` extends the lineage
 * a server answers with, and a server that starts later finds the same. The snapshots are read
 * and built one at a time; one per effective date, the last imported.
 */
import type { Kysely } from 'kysely';
import { buildDirectory } from '../dataset/build.js';
import type { Snapshot } from '../dataset/snapshot.js';
import { extendHistory, type LineageHistory } from '../lineage/history.js';
import { buildTimeHistory, buildTimeNewest, LINEAGE_HISTORY, versionOf } from '../lineage/served.js';
import type { Database } from '../store/schema.js';
import { loadSnapshotOf, storedVersionsAfter } from './history-store.js';

/** The history through the stored update `seq`, whose directory `snapshot` serves; undefined where the dataset alone holds it. */
export async function storedLineageHistory(db: Kysely<Database>, snapshot: Snapshot, seq: number): Promise<LineageHistory | undefined> {
  const newest = buildTimeNewest();
  const directory = snapshot.directory;
  if (directory.effectiveDate <= newest) return undefined;
  const versions = await storedVersionsAfter(db, newest, seq);
  // One version per date: an import that replaced a snapshot of the same date stands for it.
  const byDate = new Map(versions.map((v) => [v.effectiveDate, v]));
  let history = buildTimeHistory();
  for (const version of [...byDate.values()].sort((a, b) => a.seq - b.seq)) {
    if (version.seq === seq || version.effectiveDate >= directory.effectiveDate) continue;
    const stored = buildDirectory(await loadSnapshotOf(db, version.seq));
    history = extendHistory(history, stored, versionOf(stored, version.source));
  }
  const current = versions.find((v) => v.seq === seq);
  return extendHistory(history, directory, versionOf(directory, current?.source ?? `dataset ${directory.version}`));
}

/** Gives the snapshot its lineage history when it needs the store (Snapshot.provide). */
export async function provideStoredLineage(db: Kysely<Database>, snapshot: Snapshot, seq: number): Promise<void> {
  const history = await storedLineageHistory(db, snapshot, seq);
  if (history) snapshot.provide(LINEAGE_HISTORY, history);
}

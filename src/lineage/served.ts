/**
 * The lineage a snapshot serves (docs/lineage.md#new-versions), derived once per snapshot: the
 * lineage dataset (src/lineage/data/lineage.json) through the snapshot's version, completed by
 * its directory; for a snapshot newer than the dataset, the dataset completed by the bundled
 * data (its newest version) and extended with the snapshot. A server extends it with every
 * version it stored in between (src/history/stored-lineage.ts provides LINEAGE_HISTORY).
 */
import { loadBundledDirectory } from '../dataset/bundled.js';
import type { Directory } from '../dataset/directory.js';
import type { Derivation } from '../dataset/snapshot.js';
import { extendHistory, type LineageHistory, type LineageVersion } from './history.js';
import { type Lineage, lineageOf } from './lineage.js';
import { historyOfFile, readLineageFile } from './lineage-file.js';
import { readOverrides } from './overrides.js';

/** The effective date of the newest version the lineage dataset holds. */
export function buildTimeNewest(): string {
  return readLineageFile().versions.at(-1)!.date;
}

/** The lineage dataset through its newest version, completed by the bundled data (that version). */
export function buildTimeHistory(): LineageHistory {
  return historyOfFile(readLineageFile(), loadBundledDirectory());
}

/** How a history names a version that is not a published one. */
export function versionOf(directory: Directory, source: string): LineageVersion {
  return { date: directory.effectiveDate, source };
}

/** The history through `directory`'s version, from the lineage dataset alone. */
export function historyThrough(directory: Directory): LineageHistory {
  const file = readLineageFile();
  if (directory.effectiveDate <= buildTimeNewest()) return historyOfFile(file, directory);
  return extendHistory(buildTimeHistory(), directory, versionOf(directory, `dataset ${directory.version}`));
}

export const LINEAGE_HISTORY: Derivation<LineageHistory> = {
  name: 'lineage history',
  build: (snapshot) => historyThrough(snapshot.directory),
};

export const LINEAGE: Derivation<Lineage> = {
  name: 'lineage',
  build: (snapshot) => lineageOf(snapshot.derive(LINEAGE_HISTORY), readOverrides()),
};

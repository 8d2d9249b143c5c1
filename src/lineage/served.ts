/**
 * The lineage a snapshot serves (docs/lineage.md#new-versions), derived once per snapshot: the
 * lineage dataset (src/lineage/data/lineage.json) through the snapshot's version, completed by
 * its directory; for a snapshot newer than the dataset, the dataset completed by the bundled
 * data (its newest version) and extended with the snapshot. A server extends it with every
 * version it stored in between (src/history/stored-lineage.ts provides the steps of
 * LINEAGE_HISTORY).
 */
import { loadBundledDirectory } from '../dataset/bundled.js';
import type { Directory } from '../dataset/directory.js';
import { completed, type DerivationInSteps } from '../dataset/snapshot.js';
import { type FormerInstitution, formerInstitutions } from './former-institutions.js';
import { extendHistory, type LineageHistory, type LineageVersion } from './history.js';
import { type Lineage, lineageSteps } from './lineage.js';
import { historyOfFileSteps, readLineageFile } from './lineage-file.js';
import { readOverrides } from './overrides.js';

let newest: string | undefined;

/** The effective date of the newest version the lineage dataset holds. */
export function buildTimeNewest(): string {
  newest ??= readLineageFile().versions.at(-1)!.date;
  return newest;
}

/** The lineage dataset through its newest version, completed by the bundled data (that version), in steps. */
export function* buildTimeHistorySteps(): Generator<void, LineageHistory, void> {
  const bundled = loadBundledDirectory();
  yield;
  return yield* historyOfFileSteps(readLineageFile(), bundled);
}

export function buildTimeHistory(): LineageHistory {
  return completed(buildTimeHistorySteps());
}

/** How a history names a version that is not a published one. */
export function versionOf(directory: Directory, source: string): LineageVersion {
  return { date: directory.effectiveDate, source };
}

/** The history through `directory`'s version, from the lineage dataset alone, in steps. */
function* historyThrough(directory: Directory): Generator<void, LineageHistory, void> {
  if (directory.effectiveDate <= buildTimeNewest()) return yield* historyOfFileSteps(readLineageFile(), directory);
  const history = yield* buildTimeHistorySteps();
  yield;
  return extendHistory(history, directory, versionOf(directory, `dataset ${directory.version}`));
}

/**
 * Both in steps of a few ms: the Resolve index builds them within its own steps
 * (Snapshot.within), and a request that needs them first runs what is left at once.
 */
export const LINEAGE_HISTORY: DerivationInSteps<LineageHistory> = {
  name: 'lineage history',
  steps: (snapshot) => historyThrough(snapshot.directory),
};

export const LINEAGE: DerivationInSteps<Lineage> = {
  name: 'lineage',
  steps: function* (snapshot) {
    return yield* lineageSteps(yield* snapshot.within(LINEAGE_HISTORY), readOverrides());
  },
};

/** The institutions merged or renamed, with their former names: Resolve's former bank names and the payee checks' both read them. */
export const FORMER_INSTITUTIONS: DerivationInSteps<readonly FormerInstitution[]> = {
  name: 'former institutions',
  steps: function* (snapshot) {
    return formerInstitutions(yield* snapshot.within(LINEAGE));
  },
};

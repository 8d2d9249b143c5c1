/**
 * `ginko import`: a new snapshot becomes an update. Validate, diff against the current snapshot,
 * then write snapshot, update and changes in one transaction; running servers pick it up on
 * their next poll (live-dataset.ts). A snapshot that fails validation writes nothing.
 */
import { buildDirectory } from '../dataset/build.js';
import { diffDirectories } from '../dataset/diff.js';
import type { RawSnapshot } from '../dataset/raw.js';
import { type Validation, validateDirectory } from '../dataset/validate.js';
import type { SqlStore } from '../store/open.js';
import { loadCurrentSnapshot, recordUpdate } from './history-store.js';

export type ImportOutcome =
  | { readonly ok: true; readonly updateId: string; readonly changes: number; readonly banks: number; readonly branches: number; readonly counts: Readonly<Record<string, number>> }
  | { readonly ok: false; readonly validation: Validation };

export async function importSnapshot(store: SqlStore, raw: RawSnapshot, source: string): Promise<ImportOutcome> {
  const next = buildDirectory(raw);
  const current = await loadCurrentSnapshot(store.db);
  const currentDirectory = current ? buildDirectory(current.raw) : undefined;
  const validation = validateDirectory(next, currentDirectory);
  if (!validation.ok) return { ok: false, validation };
  const changes = diffDirectories(currentDirectory, next);
  const updateId = await recordUpdate(store.db, {
    raw,
    runType: current ? 'import' : 'baseline',
    validationResult: validation.result,
    source,
    bankRows: next.banks.length,
    branchRows: next.branchCount,
    // A first import is a baseline: no changes, like the seeded one.
    changes: current ? changes : [],
    expectedPreviousSeq: current?.seq ?? 0,
  });
  const counts: Record<string, number> = {};
  for (const c of current ? changes : []) counts[`${c.resourceType}.${c.changeType}`] = (counts[`${c.resourceType}.${c.changeType}`] ?? 0) + 1;
  return { ok: true, updateId, changes: current ? changes.length : 0, banks: next.banks.length, branches: next.branchCount, counts };
}

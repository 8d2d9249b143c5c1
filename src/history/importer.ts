/**
 * `ginko import` and `ginko update`: a new snapshot becomes an update. Validate, diff against
 * the current snapshot, then write snapshot, update, changes and their webhook events in one
 * transaction; running servers pick it up on their next poll (live-dataset.ts). A snapshot that
 * fails validation writes nothing; planImport does everything but the write (`--dry-run`).
 */
import { buildDirectory } from '../dataset/build.js';
import type { Directory } from '../dataset/directory.js';
import { type ChangeDraft, diffDirectories } from '../dataset/diff.js';
import type { RawSnapshot } from '../dataset/raw.js';
import { type Validation, validateDirectory } from '../dataset/validate.js';
import type { SqlStore } from '../store/open.js';
import { type CurrentSnapshot, loadCurrentSnapshot, recordUpdate, storedSnapshot } from './history-store.js';
import { webhookEventsOfImport } from './webhook-events.js';

export type ImportOutcome =
  | { readonly ok: true; readonly updateId: string; readonly changes: number; readonly banks: number; readonly branches: number; readonly counts: Readonly<Record<string, number>> }
  | { readonly ok: false; readonly validation: Validation };

export type ImportPlan =
  | {
      readonly ok: true;
      readonly validation: Validation;
      /** The changes the import records (none for a first import: a baseline). */
      readonly changes: readonly ChangeDraft[];
      readonly counts: Readonly<Record<string, number>>;
      readonly banks: number;
      readonly branches: number;
      readonly current: CurrentSnapshot | undefined;
      /** The snapshot's directory, built once for validating, diffing and the webhook events. */
      readonly next: Directory;
    }
  | { readonly ok: false; readonly validation: Validation };

/** `branch.added 6, branch.renamed 3`: the changes by kind, as the commands print them. */
export function countChanges(changes: readonly ChangeDraft[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of changes) counts[`${c.resourceType}.${c.changeType}`] = (counts[`${c.resourceType}.${c.changeType}`] ?? 0) + 1;
  return counts;
}

/** Validates and diffs `raw` against the current snapshot without writing anything. */
export async function planImport(store: SqlStore, raw: RawSnapshot): Promise<ImportPlan> {
  const next = buildDirectory(raw);
  const current = await loadCurrentSnapshot(store.db);
  const currentDirectory = current ? buildDirectory(current.raw) : undefined;
  const validation = validateDirectory(next, currentDirectory);
  if (!validation.ok) return { ok: false, validation };
  // A first import is a baseline: no changes, like the seeded one.
  const changes = current ? diffDirectories(currentDirectory, next) : [];
  return { ok: true, validation, changes, counts: countChanges(changes), banks: next.banks.length, branches: next.branchCount, current, next };
}

export async function importSnapshot(store: SqlStore, raw: RawSnapshot, source: string): Promise<ImportOutcome> {
  const plan = await planImport(store, raw);
  if (!plan.ok) return plan;
  // The webhook events of its changes are written in the same transaction (docs/webhooks.md#events);
  // an import without changes has none to work out.
  const events = plan.changes.length > 0 ? await webhookEventsOfImport(store.db, plan.next, source) : undefined;
  const updateId = await recordUpdate(store.db, {
    effectiveDate: raw.effectiveDate,
    snapshot: storedSnapshot(raw),
    runType: plan.current ? 'import' : 'baseline',
    validationResult: plan.validation.result,
    source,
    bankRows: plan.banks,
    branchRows: plan.branches,
    changes: plan.changes,
    expectedPreviousSeq: plan.current?.seq ?? 0,
  }, events);
  return { ok: true, updateId, changes: plan.changes.length, banks: plan.banks, branches: plan.branches, counts: plan.counts };
}

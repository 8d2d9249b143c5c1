/** The Change History objects (docs/history.md#api), as the API shows them. */
import type { ChangeDraft, ChangeType, FieldChange, ResourceType } from '../dataset/diff.js';

/** How an update came about (docs/history.md#snapshots-and-updates). */
export type RunType = 'baseline' | 'seed' | 'import';

export interface UpdateRecord {
  readonly update_id: string;
  readonly previous_update_id: string | null;
  readonly effective_date: string;
  readonly created_at: string;
  readonly run_type: RunType;
  readonly validation_result: string;
  readonly bank_rows: number;
  readonly branch_rows: number;
}

export interface ChangeRecord {
  readonly change_id: string;
  readonly update_id: string;
  readonly previous_update_id: string | null;
  readonly effective_date: string;
  readonly created_at: string;
  readonly resource_type: ResourceType;
  readonly change_type: ChangeType;
  readonly reason: { readonly label_ja: string };
  readonly bank: { readonly code: string; readonly name: string | null };
  readonly branch: { readonly code: string | null; readonly name: string | null };
  readonly before: Readonly<Record<string, string>>;
  readonly after: Readonly<Record<string, string>>;
  readonly changed_fields: readonly string[];
  readonly field_changes: readonly FieldChange[];
}

/** The update fields every change of it repeats. */
export type UpdateOfChange = Pick<UpdateRecord, 'update_id' | 'previous_update_id' | 'effective_date' | 'created_at'>;

/** The `seq`-th change of `update` as the History API shows it (and a webhook event carries it). */
export function changeRecord(update: UpdateOfChange, seq: number, draft: ChangeDraft): ChangeRecord {
  return {
    change_id: changeIdFor(update.update_id, seq),
    update_id: update.update_id,
    previous_update_id: update.previous_update_id,
    effective_date: update.effective_date,
    created_at: update.created_at,
    resource_type: draft.resourceType,
    change_type: draft.changeType,
    reason: { label_ja: draft.reasonLabelJa },
    bank: { code: draft.bankCode, name: draft.bankName },
    branch: { code: draft.branchCode, name: draft.branchName },
    before: draft.before,
    after: draft.after,
    changed_fields: draft.changedFields,
    field_changes: draft.fieldChanges,
  };
}

/**
 * Update ids read as their date: `upd-20260331`; a second update with the same effective date
 * gets `upd-20260331-2`. Change ids extend their update's: `chg-20260331-000001`.
 */
export function updateIdFor(effectiveDate: string, sameDateCount: number): string {
  const base = `upd-${effectiveDate.replaceAll('-', '')}`;
  return sameDateCount === 0 ? base : `${base}-${sameDateCount + 1}`;
}

export function changeIdFor(updateId: string, seq: number): string {
  return `chg-${updateId.slice(4)}-${String(seq).padStart(6, '0')}`;
}

/**
 * `created_at` in JST with an explicit offset (docs/history.md#api): 2026-11-22T19:04:26+09:00;
 * with milliseconds where several a second must keep their order (the webhook delivery log).
 */
export function jstTimestamp(ms: number, milliseconds = false): string {
  const jst = new Date(ms + 9 * 3600_000).toISOString().slice(0, milliseconds ? 23 : 19);
  return `${jst}+09:00`;
}

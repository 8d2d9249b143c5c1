/**
 * The vocabulary of lineage answers (docs/lineage.md#response). Objects use the snake_case
 * names of the HTTP body so that the API returns them as they are.
 */

/** Where a code stands today (docs/lineage.md#statuses). */
export const LINEAGE_STATUSES = ['active', 'renamed', 'code_changed', 'merged', 'closed'] as const;
export type LineageStatus = (typeof LINEAGE_STATUSES)[number];

/** What one event did to the code. */
export const LINEAGE_CHANGE_TYPES = ['added', 'renamed', 'code_changed', 'merged', 'removed'] as const;
export type LineageChangeType = (typeof LINEAGE_CHANGE_TYPES)[number];

/** A bank or branch as one version listed it; a bank's record has no branch. */
export interface LineageRecord {
  readonly bank_code: string;
  readonly bank_name: string;
  readonly branch_code: string | null;
  readonly branch_name: string | null;
}

export interface LineageEvent {
  readonly effective_date: string;
  readonly change_type: LineageChangeType;
  readonly before: LineageRecord | null;
  readonly after: LineageRecord | null;
}

/** The body of GET /history/v1/lineage/{bankCode}[/{branchCode}], inside `lineage`. */
export interface LineageAnswer {
  readonly bank_code: string;
  readonly branch_code: string | null;
  readonly status: LineageStatus;
  /** The record as the newest version lists it; null when it no longer does. */
  readonly current: LineageRecord | null;
  /** The record that carries it on today; null unless merged or code_changed. */
  readonly successor: LineageRecord | null;
  /** Effective date of the version that first showed the status. */
  readonly since: string;
  /** Every change, oldest first, followed through its successors. */
  readonly events: readonly LineageEvent[];
}

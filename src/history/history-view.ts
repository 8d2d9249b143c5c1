/**
 * The History API's queries (docs/history.md#api) over the in-memory history: pure, so paging and
 * filters are tested without HTTP. Order is stable: updates by import order (oldest first),
 * changes by update, then by their order within it (banks before branches, by code).
 */
import type { CursorCodec } from '../shared/cursor.js';
import { queryFingerprint } from '../shared/cursor.js';
import { QueryError } from '../shared/query-error.js';
import type { ChangeRecord, UpdateRecord } from './records.js';
import type { StoredHistory } from './history-store.js';

export const HISTORY_DEFAULT_LIMIT = 100;
export const HISTORY_MAX_LIMIT = 1000;
/** The History range begins here (docs/history.md#api). */
export const HISTORY_START_DATE = '2026-02-25';

export const RESOURCE_TYPES = ['bank', 'branch'] as const;
export const CHANGE_TYPES = ['added', 'removed', 'renamed', 'code_changed', 'updated'] as const;

export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type ChangeType = (typeof CHANGE_TYPES)[number];

/**
 * Query values as the route's schema validated them (src/http/apis/history/schemas.ts): dates
 * real YYYY-MM-DD dates, codes of their digits, limit 1 to HISTORY_MAX_LIMIT; undefined when absent.
 */
export interface UpdatesQuery {
  readonly from_date?: string | undefined;
  readonly to_date?: string | undefined;
  readonly limit?: number | undefined;
  readonly cursor?: string | undefined;
}

export interface ChangesQuery extends UpdatesQuery {
  readonly after_update_id?: string | undefined;
  readonly bank_code?: string | undefined;
  readonly branch_code?: string | undefined;
  readonly resource_type?: ResourceType | undefined;
  readonly change_type?: ChangeType | undefined;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly next_cursor: string | null;
}

export class HistoryView {
  readonly #updates: readonly UpdateRecord[];
  readonly #changes: readonly ChangeRecord[];
  readonly #updateIndex: ReadonlyMap<string, number>;
  readonly #changesById: ReadonlyMap<string, ChangeRecord>;
  /** Position in the whole history; new imports only append, so it is a stable paging key. */
  readonly #changeIndex: ReadonlyMap<ChangeRecord, number>;

  constructor(stored: StoredHistory) {
    this.#updates = stored.updates;
    this.#changes = stored.changes;
    this.#updateIndex = new Map(stored.updates.map((u, i) => [u.update_id, i]));
    this.#changesById = new Map(stored.changes.map((c) => [c.change_id, c]));
    this.#changeIndex = new Map(stored.changes.map((c, i) => [c, i]));
  }

  get latest(): UpdateRecord | undefined {
    return this.#updates.at(-1);
  }

  change(id: string): ChangeRecord | undefined {
    return this.#changesById.get(id);
  }

  listUpdates(query: UpdatesQuery, cursors: CursorCodec): Page<UpdateRecord> {
    const { from_date: from, to_date: to, limit = HISTORY_DEFAULT_LIMIT } = query;
    const matches = this.#updates.filter((u) => (!from || u.effective_date >= from) && (!to || u.effective_date <= to));
    return page(matches, (u) => this.#updateIndex.get(u.update_id)!, limit, query.cursor, cursors, ['updates', from ?? '', to ?? '']);
  }

  listChanges(query: ChangesQuery, cursors: CursorCodec): Page<ChangeRecord> {
    const { from_date: from, to_date: to, limit = HISTORY_DEFAULT_LIMIT, bank_code: bankCode, branch_code: branchCode, resource_type: resourceType, change_type: changeType } = query;
    let afterIndex = -1;
    if (query.after_update_id !== undefined) {
      const index = this.#updateIndex.get(query.after_update_id);
      if (index === undefined) throw new QueryError('after_update_id', query.after_update_id, 'after_update_id is not the id of an update');
      afterIndex = index;
    }
    const matches = this.#changes.filter(
      (c) =>
        (!from || c.effective_date >= from) &&
        (!to || c.effective_date <= to) &&
        this.#updateIndex.get(c.update_id)! > afterIndex &&
        (!bankCode || c.bank.code === bankCode) &&
        (!branchCode || c.branch.code === branchCode) &&
        (!resourceType || c.resource_type === resourceType) &&
        (!changeType || c.change_type === changeType),
    );
    const conditions = ['changes', from ?? '', to ?? '', query.after_update_id ?? '', bankCode ?? '', branchCode ?? '', resourceType ?? '', changeType ?? ''];
    return page(matches, (c) => this.#changeIndex.get(c)!, limit, query.cursor, cursors, conditions);
  }
}

/** Keyset paging on an ascending numeric key; the cursor holds the last key served. */
function page<T>(items: readonly T[], key: (item: T) => number, limit: number, cursorText: string | undefined, cursors: CursorCodec, conditions: readonly string[]): Page<T> {
  const fingerprint = queryFingerprint(conditions);
  let start = 0;
  if (cursorText !== undefined) {
    const after = Number(cursors.decode(cursorText, fingerprint).key[0]);
    start = items.findIndex((item) => key(item) > after);
    if (start < 0) start = items.length;
  }
  const slice = items.slice(start, start + limit);
  const hasNext = start + limit < items.length;
  return { items: slice, next_cursor: hasNext ? cursors.encode({ direction: 'next', key: [key(slice.at(-1)!)] }, fingerprint) : null };
}

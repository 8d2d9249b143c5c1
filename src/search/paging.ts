/**
 * Keyset paging over an in-memory result list. Every item has a sort key (the requested sort
 * fields, then the list's own total order as tie-break); a cursor holds the key of the item at
 * a page edge, so a page is found by binary search and stays correct across dataset updates.
 */
import type { CursorPosition, ItemKey, KeyPart } from '../shared/cursor.js';
import type { SortKey } from './sort.js';

export interface PageRequest<T> {
  /** Candidates; when `sort` is empty they must already be in `baseKey` order. */
  readonly items: readonly T[];
  /** The list's own total order (e.g. code, name), always ascending. */
  readonly baseKey: (item: T) => ItemKey;
  readonly sort: readonly SortKey[];
  readonly limit: number;
  readonly cursor?: CursorPosition | undefined;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly hasNext: boolean;
  readonly hasPrev: boolean;
  /** Where the next page starts; present when hasNext. */
  readonly next?: CursorPosition;
  /** Where the previous page ends; present when hasPrev. */
  readonly prev?: CursorPosition;
}

function comparePart(a: KeyPart, b: KeyPart): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareKeys(a: ItemKey, b: ItemKey, descending: readonly boolean[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = comparePart(a[i]!, b[i]!);
    if (c !== 0) return descending[i] ? -c : c;
  }
  return a.length - b.length;
}

/** Index of the first element whose key is greater than `key` (or ≥ when `inclusive`). */
function lowerBound(keys: (i: number) => ItemKey, n: number, key: ItemKey, desc: readonly boolean[], inclusive: boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compareKeys(keys(mid), key, desc);
    if (c < 0 || (!inclusive && c === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function paginate<T>(req: PageRequest<T>): Page<T> {
  const sortFields = req.sort.map((k) => k.field);
  const keyOf = (item: T): ItemKey => {
    if (sortFields.length === 0) return req.baseKey(item);
    const record = item as Record<string, KeyPart>;
    return [...sortFields.map((f) => record[f]!), ...req.baseKey(item)];
  };
  let ordered: readonly T[] = req.items;
  let keyAt: (i: number) => ItemKey;
  if (req.sort.length === 0) {
    keyAt = (i) => req.baseKey(ordered[i]!);
  } else {
    const keyed = req.items.map((item) => ({ item, key: keyOf(item) }));
    const desc = [...req.sort.map((k) => k.descending)];
    keyed.sort((a, b) => compareKeys(a.key, b.key, desc));
    ordered = keyed.map((k) => k.item);
    keyAt = (i) => keyed[i]!.key;
  }
  const desc = req.sort.map((k) => k.descending);
  const n = ordered.length;
  let start: number;
  let end: number;
  if (!req.cursor) {
    start = 0;
    end = Math.min(n, req.limit);
  } else if (req.cursor.direction === 'next') {
    start = lowerBound(keyAt, n, req.cursor.key, desc, req.cursor.inclusive === true);
    end = Math.min(n, start + req.limit);
  } else {
    end = lowerBound(keyAt, n, req.cursor.key, desc, req.cursor.inclusive !== true);
    start = Math.max(0, end - req.limit);
  }
  const hasNext = end < n;
  const hasPrev = start > 0;
  const page: { -readonly [K in keyof Page<T>]: Page<T>[K] } = { items: ordered.slice(start, end), hasNext, hasPrev };
  // A cursor names the item at the page edge; an empty page (a cursor past the data) has no
  // edge item, so its cursors name the neighbouring item and include it.
  if (hasNext) page.next = end > start ? { direction: 'next', key: keyAt(end - 1) } : { direction: 'next', key: keyAt(end), inclusive: true };
  if (hasPrev) page.prev = end > start ? { direction: 'prev', key: keyAt(start) } : { direction: 'prev', key: keyAt(start - 1), inclusive: true };
  return page;
}

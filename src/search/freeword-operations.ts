/**
 * Freeword search as Search list operations (docs/freeword.md): the ranked matches of the
 * freeword index, paged, sorted and projected like any other list. Without `sort` the order is
 * the ranking (docs/freeword.md#ranking), so the paging key is the rank position.
 */
import type { Bank, Branch } from '../domain/types.js';
import { FREEWORD_INDEX, normalizeFreeword } from './freeword/index.js';
import { DEFAULT_LIMIT } from './list-params.js';
import { type ListParams, type ListResult, type ResourceView, runList, type SearchContext } from './operations.js';
import type { ItemKey } from '../shared/cursor.js';
import { QueryError } from '../shared/query-error.js';
import { cachedResult, MAP_ENTRY_BYTES, REFERENCE_BYTES } from '../dataset/result-cache.js';

/** Query values as the route's schema validated them: freeword is required there. */
export interface FreewordParams extends ListParams {
  readonly freeword: string;
  readonly businessTypeCode?: readonly string[] | undefined;
}

/**
 * The search text as the index reads it. Its presence and length (FREEWORD_MAX_LENGTH characters,
 * code points) are the route schema's to check (src/http/apis/search/schemas.ts).
 */
function readQuery(freeword: string): string {
  const query = normalizeFreeword(freeword);
  if (query === '') throw new QueryError('freeword', freeword, 'freeword has nothing to search for: give at least one letter, digit, kana or kanji');
  return query;
}

/** The institution types to search, once each (their form is the route schema's to check). */
function readBusinessTypeCodes(values: readonly string[] = []): string[] {
  return [...new Set(values)].sort();
}

/** Ranked matches and their paging key: the position in the ranking. */
interface Ranked<T> {
  readonly items: readonly T[];
  readonly baseKey: (item: T) => ItemKey;
}

/** The items' array and the Map of their positions (counted even before a cursor or sort makes it: the bound holds either way). */
const weighRanked = (r: { readonly items: readonly unknown[] }): number => 128 + r.items.length * (REFERENCE_BYTES + MAP_ENTRY_BYTES);

function ranked<T>(items: readonly T[]): Ranked<T> {
  // Positions are read only for a page's cursors or a sort, not by most requests: made on first use.
  let positions: Map<T, number> | undefined;
  return { items, baseKey: (item) => [(positions ??= new Map(items.map((it, i) => [it, i]))).get(item)!] };
}

/**
 * The snapshot's freeword index: ready but for a search right after a start or an import, which
 * waits for the slices that build it (src/dataset/snapshot.ts) rather than building it at once.
 */
const freewordIndex = (ctx: SearchContext) => ctx.snapshot.deriveInSlices(FREEWORD_INDEX);

export async function listFreewordBanks(ctx: SearchContext, view: ResourceView, params: FreewordParams): Promise<ListResult<Bank>> {
  const query = readQuery(params.freeword);
  const types = readBusinessTypeCodes(params.businessTypeCode);
  const typesKey = types.join(',');
  const index = await freewordIndex(ctx);
  const { items, baseKey } = cachedResult(ctx.snapshot, `freeword-banks\n${typesKey}\n${query}`, () => ranked(index.searchBanks(query, types)), weighRanked);
  return runList({ ctx, listId: 'freeword-banks', items, baseKey, view, params, defaultLimit: DEFAULT_LIMIT, extraConditions: [query, typesKey] });
}

/** undefined when the bank does not exist. */
export async function listFreewordBranches(ctx: SearchContext, view: ResourceView, bankCode: string, params: FreewordParams): Promise<ListResult<Branch> | undefined> {
  const query = readQuery(params.freeword);
  if (!ctx.snapshot.directory.bank(bankCode)) return undefined;
  const index = await freewordIndex(ctx);
  const { items, baseKey } = cachedResult(ctx.snapshot, `freeword-branches:${bankCode}\n${query}`, () => ranked(index.searchBranches(bankCode, query)), weighRanked);
  return runList({ ctx, listId: `freeword-branches:${bankCode}`, items, baseKey, view, params, defaultLimit: DEFAULT_LIMIT, extraConditions: [query] });
}

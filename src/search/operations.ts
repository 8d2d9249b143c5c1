/**
 * The Search engine: every operation of docs/search-api.md over one Directory, independent of API
 * version. v1, v2 and v3 differ only in which fields they expose and how they shape results
 * (src/http/apis/search/presenters.ts).
 */
import type { Snapshot } from '../dataset/snapshot.js';
import type { Bank, Branch, BusinessType } from '../domain/types.js';
import { type CursorCodec, queryFingerprint } from '../shared/cursor.js';
import { parseFields, project } from './fields.js';
import { compileFilter, FilterError } from './filter/index.js';
import { filterWithinBudget, type FilterTimeMeter } from './filter-budget.js';
import { DEFAULT_BUSINESS_TYPES_LIMIT, DEFAULT_LIMIT } from './list-params.js';
import type { ItemKey } from '../shared/cursor.js';
import { paginate } from './paging.js';
import { QueryError } from '../shared/query-error.js';
import { cachedResultInSlices, REFERENCE_BYTES } from '../dataset/result-cache.js';
import { parseSort, type SortKey } from './sort.js';

/** Query values of a list request, as the route's schema validated them; undefined when absent. */
export interface ListParams {
  readonly limit?: number | undefined;
  readonly cursor?: string | undefined;
  readonly sort?: string | undefined;
  readonly fields?: string | undefined;
  readonly filter?: string | undefined;
}

/** What a version exposes: resource fields and whether `sort` exists (v1 has none). */
export interface ResourceView {
  readonly fields: readonly string[];
  readonly sortable: boolean;
  /**
   * True when `fields` are all of the record's properties in the record's own order, so the
   * directory's frozen record is served as it is, without a copy. False where a version shows
   * fewer (v1 banks).
   */
  readonly complete: boolean;
}

export interface ListResult<T> {
  readonly items: readonly Partial<T>[];
  readonly size: number;
  readonly limit: number;
  readonly hasNext: boolean;
  readonly nextCursor?: string;
  readonly hasPrev: boolean;
  readonly prevCursor?: string;
}

export interface SearchContext {
  readonly snapshot: Snapshot;
  readonly cursors: CursorCodec;
  /** Who pays for filter evaluations (a cached result costs nothing); none: nobody is charged. */
  readonly filterTime?: FilterTimeMeter | undefined;
}

const byCode = (item: { code: string }): ItemKey => [item.code];
const byCodeAndName = (item: { code: string; name: string }): ItemKey => [item.code, item.name];

/** The projection a request asks for: undefined to serve records as they are. */
export function readFields(text: string | undefined, view: ResourceView): readonly string[] | undefined {
  if (text === undefined) return view.complete ? undefined : view.fields;
  const fields = parseFields(text, view.fields);
  return view.complete && fields.length === view.fields.length ? undefined : fields;
}

/** One record as a view shows it, with the request's `fields`. */
export function present<T extends object>(record: T, view: ResourceView, fields: readonly string[] | undefined = readFields(undefined, view)): Partial<T> {
  return project(record, fields);
}

function readSort(text: string | undefined, view: ResourceView): SortKey[] {
  if (text === undefined) return [];
  if (!view.sortable) throw new QueryError('sort', text, 'sort is not available in this API version');
  return parseSort(text, view.fields);
}

/** The items that pass filter `text`, evaluated in slices within its budget (filter-budget.ts). */
async function applyFilter<T extends object>(items: readonly T[], text: string, view: ResourceView, meter: FilterTimeMeter | undefined): Promise<readonly T[]> {
  let filter;
  try {
    filter = compileFilter<T>(text, view.fields);
  } catch (err) {
    if (err instanceof FilterError) throw new QueryError('filter', text, err.message);
    throw err;
  }
  return filterWithinBudget(items, filter.test, text, meter);
}

interface ListSpec<T> {
  readonly ctx: SearchContext;
  /** Identifies the list for cursor binding, e.g. `branches:0001`. */
  readonly listId: string;
  readonly items: readonly T[];
  readonly baseKey: (item: T) => ItemKey;
  readonly view: ResourceView;
  readonly params: ListParams;
  readonly defaultLimit: number;
  /** Further conditions a cursor is bound to (freeword, business types). */
  readonly extraConditions?: readonly string[];
}

export async function runList<T extends object>(spec: ListSpec<T>): Promise<ListResult<T>> {
  const { params, view } = spec;
  const limit = params.limit ?? spec.defaultLimit;
  const fields = readFields(params.fields, view);
  const sort = readSort(params.sort, view);
  // Hashed only for a cursor read or issued: a single page (most answers) needs none.
  let fingerprint: string | undefined;
  const boundTo = () => (fingerprint ??= queryFingerprint([spec.listId, params.filter ?? '', params.sort ?? '', ...(spec.extraConditions ?? [])]));
  const cursor = params.cursor === undefined ? undefined : spec.ctx.cursors.decode(params.cursor, boundTo());
  const filter = params.filter;
  // Kept by what decides the matches (the list, its conditions, the view's fields, the filter),
  // not by sort or page: one result serves every order and page of the same filter.
  const items =
    filter === undefined
      ? spec.items
      : await cachedResultInSlices(spec.ctx.snapshot, JSON.stringify(['filter', spec.listId, view.fields, filter, ...(spec.extraConditions ?? [])]), () => applyFilter(spec.items, filter, view, spec.ctx.filterTime), (matches) => 64 + REFERENCE_BYTES * matches.length);
  const page = paginate({ items, baseKey: spec.baseKey, sort, limit, cursor });
  return {
    items: fields === undefined ? page.items : page.items.map((item) => project(item, fields)),
    size: page.items.length,
    limit,
    hasNext: page.hasNext,
    ...(page.next ? { nextCursor: spec.ctx.cursors.encode(page.next, boundTo()) } : {}),
    hasPrev: page.hasPrev,
    ...(page.prev ? { prevCursor: spec.ctx.cursors.encode(page.prev, boundTo()) } : {}),
  };
}

export function listBanks(ctx: SearchContext, view: ResourceView, params: ListParams): Promise<ListResult<Bank>> {
  return runList({ ctx, listId: 'banks', items: ctx.snapshot.directory.banks, baseKey: byCode, view, params, defaultLimit: DEFAULT_LIMIT });
}

/** undefined when the bank does not exist. */
export function listBranches(ctx: SearchContext, view: ResourceView, bankCode: string, params: ListParams): Promise<ListResult<Branch>> | undefined {
  if (!ctx.snapshot.directory.bank(bankCode)) return undefined;
  return runList({
    ctx,
    listId: `branches:${bankCode}`,
    items: ctx.snapshot.directory.branches(bankCode),
    baseKey: byCodeAndName,
    view,
    params,
    defaultLimit: DEFAULT_LIMIT,
  });
}

export function listBusinessTypes(ctx: SearchContext, view: ResourceView, params: ListParams): Promise<ListResult<BusinessType>> {
  return runList({
    ctx,
    listId: 'businessTypes',
    items: ctx.snapshot.directory.businessTypes,
    baseKey: byCode,
    view,
    params,
    defaultLimit: DEFAULT_BUSINESS_TYPES_LIMIT,
  });
}

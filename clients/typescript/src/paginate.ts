/**
 * `paginate()`: every item of a paged list, page after page. Search lists say `hasNext` and
 * `nextCursor`, History lists `next_cursor` (null on the last page); both take the cursor back as
 * `cursor` with the same conditions (docs/search-api.md, docs/history.md). Which paths page and
 * what their items are is read from the generated document: a new paged list needs nothing here.
 */
import type { GinkoCalls } from './calls.js';
import { orThrow } from './errors.js';
import type { Answer, PathParamsOf, PathsWith, QueryOf } from './operations.js';

/** The GET paths whose answers carry a next cursor. */
export type PagedPath = { [P in PathsWith<'get'>]: 'nextCursor' extends keyof Answer<P, 'get'> ? P : 'next_cursor' extends keyof Answer<P, 'get'> ? P : never }[PathsWith<'get'>];

/** The key of the one array in an answer: `banks`, `branches`, `data`, `changes` … */
type ItemsKey<A> = { [K in keyof A]-?: NonNullable<A[K]> extends readonly unknown[] ? K : never }[keyof A];

/** One item of a paged list: a bank, a branch, a change … */
export type ItemOf<P extends PagedPath> = NonNullable<Answer<P, 'get'>[ItemsKey<Answer<P, 'get'>>]> extends readonly (infer I)[] ? I : never;

/** The query (required where a parameter is, as `freeword`), then the path parameters where the path has any (`{bankCode: '0001'}`). */
export type PaginateArgs<P extends PagedPath> = [PathParamsOf<P>] extends [never]
  ? {} extends QueryOf<P>
    ? [query?: QueryOf<P>]
    : [query: QueryOf<P>]
  : [query: {} extends QueryOf<P> ? QueryOf<P> | undefined : QueryOf<P>, path: PathParamsOf<P>];

/** openapi-fetch's GET seen without the per-path types, which a generic path cannot satisfy. */
type UntypedGet = (path: string, init: { params: { query: Record<string, unknown>; path?: object } }) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export async function* paginate<P extends PagedPath>(calls: GinkoCalls, path: P, ...[query, pathParams]: PaginateArgs<P>): AsyncGenerator<ItemOf<P>, void, undefined> {
  const get = calls.raw.GET as unknown as UntypedGet;
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const params = { query: { ...query, ...(cursor === undefined ? {} : { cursor }) }, ...(pathParams === undefined ? {} : { path: pathParams }) };
    const page = (await orThrow(get(path, { params }))) as Record<string, unknown>;
    yield* itemsOf(page, path) as ItemOf<P>[];
    const next = nextCursorOf(page);
    if (next === undefined) return;
    // A cursor seen before would page forever.
    if (seen.has(next)) throw new Error(`${path} answered a cursor it had answered before: ${next}`);
    seen.add(next);
    cursor = next;
  }
}

function itemsOf(page: Record<string, unknown>, path: string): unknown[] {
  const arrays = Object.values(page).filter(Array.isArray);
  if (arrays.length !== 1) throw new Error(`${path} answered ${arrays.length} lists where one was expected`);
  return arrays[0]!;
}

function nextCursorOf(page: Record<string, unknown>): string | undefined {
  if ('next_cursor' in page) return typeof page.next_cursor === 'string' ? page.next_cursor : undefined;
  return page.hasNext === true && typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
}

/**
 * Reading Search API query parameters. Parameters the Search API knows but the operation does
 * not take are refused (400) so that mistakes surface; parameters it does not know at all
 * (cache busters such as jQuery's `_`) are ignored. Each parameter's own checks are its
 * schema's (schemas.ts).
 */
import type { FastifyRequest } from 'fastify';
import { QueryError } from '../../../shared/query-error.js';

export const SEARCH_PARAMS = ['apiKey', 'apikey', 'filter', 'freeword', 'businessTypeCode', 'limit', 'cursor', 'callback', 'fields', 'sort'] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

export type SearchParams = Partial<Record<Exclude<SearchParam, 'businessTypeCode' | 'limit'>, string>> & {
  readonly businessTypeCode?: readonly string[];
  readonly limit?: number;
};

/**
 * The Search parameters of a request whose query the route's schema has validated (schemas.ts:
 * each a string given once, businessTypeCode one or more). A parameter the Search API knows but
 * this operation does not take is refused here.
 */
export function readSearchParams(request: FastifyRequest, accepted: readonly SearchParam[]): SearchParams {
  const query = request.query as Readonly<Record<string, string | number | readonly string[]>>;
  const out: Record<string, string | number | readonly string[]> = {};
  for (const name of SEARCH_PARAMS) {
    const value = query[name];
    if (value === undefined) continue;
    if (!accepted.includes(name)) {
      throw new QueryError(name, typeof value === 'object' ? value[0]! : String(value), `parameter "${name}" is not accepted by this operation`);
    }
    out[name] = name === 'businessTypeCode' && typeof value === 'string' ? [value] : value;
  }
  return out as SearchParams;
}

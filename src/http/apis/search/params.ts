/**
 * Reading Search API query parameters. Parameters the Search API knows but the operation does
 * not take are refused (400) so that mistakes surface; parameters it does not know at all
 * (cache busters such as jQuery's `_`) are ignored.
 */
import type { FastifyRequest } from 'fastify';
import { QueryError } from '../../../shared/query-error.js';
import { parsedQuery } from '../../edge/query-string.js';

export const SEARCH_PARAMS = ['apiKey', 'apikey', 'filter', 'freeword', 'businessTypeCode', 'limit', 'cursor', 'callback', 'fields', 'sort'] as const;
export type SearchParam = (typeof SEARCH_PARAMS)[number];

/** `businessTypeCode[]` and `businessTypeCode[0]` are how PHP clients repeat a parameter. */
const PHP_ARRAY_SUFFIX = /\[\d*\]$/;

export type SearchParams = Partial<Record<Exclude<SearchParam, 'businessTypeCode'>, string>> & {
  readonly businessTypeCode?: readonly string[];
};

export function readSearchParams(request: FastifyRequest, accepted: readonly SearchParam[]): SearchParams {
  const query = parsedQuery(request);
  if (query.malformed) {
    throw new QueryError(query.malformed.name, query.malformed.raw, query.malformed.message);
  }
  const out: Record<string, string | string[]> = {};
  for (const [rawName, values] of query.params) {
    const name = rawName.replace(PHP_ARRAY_SUFFIX, '');
    if (!(SEARCH_PARAMS as readonly string[]).includes(name)) continue;
    if (!(accepted as readonly string[]).includes(name)) {
      throw new QueryError(name, values[0]!, `parameter "${name}" is not accepted by this operation`);
    }
    if (name === 'businessTypeCode') {
      const list = (out[name] as string[] | undefined) ?? [];
      list.push(...values);
      out[name] = list;
      continue;
    }
    if (values.length > 1 || name !== rawName || out[name] !== undefined) {
      throw new QueryError(name, values.join(','), `parameter "${name}" must be given once`);
    }
    out[name] = values[0]!;
  }
  return out as SearchParams;
}

/** The paging parameters shared by every list and freeword operation (docs/search-api.md#parameters). */
import { QueryError } from '../shared/query-error.js';

export const MAX_LIMIT = 2000;
export const DEFAULT_LIMIT = 20;
export const DEFAULT_BUSINESS_TYPES_LIMIT = 2000;

export function parseLimit(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^[0-9]{1,5}$/.test(text)) throw new QueryError('limit', text, `limit must be an integer from 1 to ${MAX_LIMIT}`);
  const n = Number(text);
  if (n < 1 || n > MAX_LIMIT) throw new QueryError('limit', text, `limit must be an integer from 1 to ${MAX_LIMIT}`);
  return n;
}

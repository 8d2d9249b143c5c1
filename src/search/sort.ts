/**
 * The `sort` parameter (docs/search-api.md#parameters): comma-separated field names, each
 * optionally prefixed with `+` (ascending, the default) or `-` (descending); earlier names take
 * precedence.
 */
import { QueryError } from '../shared/query-error.js';

export interface SortKey {
  readonly field: string;
  readonly descending: boolean;
}

/** The longest `sort` accepted (the route's schema checks it). */
export const MAX_SORT_LENGTH = 200;

export function parseSort(text: string, fields: readonly string[]): SortKey[] {
  const keys: SortKey[] = [];
  for (const raw of text.split(',')) {
    // A literal "+" in a query string arrives as a space; read a leading space as "+".
    const term = raw.replace(/^ +/, (spaces) => (spaces.length > 0 ? '+' : '')).trim();
    const descending = term.startsWith('-');
    const field = term.startsWith('-') || term.startsWith('+') ? term.slice(1) : term;
    if (field === '') throw new QueryError('sort', text, 'sort has an empty field name; expected e.g. "code" or "-name,code"');
    if (!fields.includes(field)) throw new QueryError('sort', text, `unknown sort field "${field}"; allowed: ${fields.join(', ')}`);
    if (keys.some((k) => k.field === field)) throw new QueryError('sort', text, `sort field "${field}" is given twice`);
    keys.push({ field, descending });
  }
  return keys;
}

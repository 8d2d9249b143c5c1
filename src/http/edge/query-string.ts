/**
 * Strict query-string parsing. Fastify's parser decodes leniently; the interface wants UTF-8
 * percent-encoding per RFC 3986, so a malformed escape or invalid UTF-8 must become a 400 that
 * names the parameter. Parsing never throws: problems are recorded and raised by the route's
 * validator (validation.ts), before the route's schema is checked.
 *
 * `request.query` is a QueryRecord, what the route schemas validate: a null-prototype object
 * of name → value, a string for a parameter given once and an array of strings for one given
 * several times or PHP-style (`x[]=1`, `x[0]=1`: always an array, even once). The ParsedQuery,
 * with the exact names and order, travels with it (parsedQuery()).
 */
import type { FastifyRequest } from 'fastify';

export interface ParsedQuery {
  readonly params: ReadonlyMap<string, readonly string[]>;
  /** The first parameter that could not be decoded (or the query when it has too many), if any. */
  readonly malformed?: { readonly name: string; readonly raw: string; readonly message: string };
}

export const MAX_QUERY_PARAMETERS = 100;

function decode(component: string): string | undefined {
  // Most names and values (limit=20, fields=code) have nothing to decode.
  const plus = component.includes('+');
  if (!plus && !component.includes('%')) return component;
  try {
    return decodeURIComponent(plus ? component.replace(/\+/g, ' ') : component);
  } catch {
    return undefined;
  }
}

/** Most requests have no query string: one shared, empty answer for them. */
const NO_QUERY: ParsedQuery = Object.freeze({ params: new Map<string, readonly string[]>() });

export function parseQueryString(raw: string): ParsedQuery {
  if (raw === '') return NO_QUERY;
  const params = new Map<string, string[]>();
  let malformed: ParsedQuery['malformed'];
  let count = 0;
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    if (++count > MAX_QUERY_PARAMETERS) {
      malformed ??= { name: 'query', raw: `more than ${MAX_QUERY_PARAMETERS} parameters`, message: `the query string has more than ${MAX_QUERY_PARAMETERS} parameters` };
      break;
    }
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const name = decode(rawName);
    const value = decode(rawValue);
    if (name === undefined || value === undefined) {
      const param = name ?? rawName;
      malformed ??= { name: param, raw: rawValue, message: `parameter "${param}" is not valid UTF-8 percent-encoding (RFC 3986)` };
      continue;
    }
    const list = params.get(name);
    if (list) list.push(value);
    else params.set(name, [value]);
  }
  return malformed ? { params, malformed } : { params };
}

/** `name[]` and `name[0]` are how PHP clients repeat a parameter. */
const PHP_ARRAY_SUFFIX = /\[\d*\]$/;

const PARSED: unique symbol = Symbol('parsed query');

/** What `request.query` holds: the values by name, with the parsed query beside them. */
export type QueryRecord = { readonly [name: string]: string | readonly string[] } & { readonly [PARSED]: ParsedQuery };

/** The record of `parsed` (see the module comment). */
export function queryRecord(parsed: ParsedQuery): QueryRecord {
  const record = Object.create(null) as Record<string, string | string[]>;
  for (const [rawName, values] of parsed.params) {
    const name = rawName.endsWith(']') ? rawName.replace(PHP_ARRAY_SUFFIX, '') : rawName;
    const before = record[name];
    if (before === undefined) record[name] = name === rawName && values.length === 1 ? values[0]! : [...values];
    else record[name] = [...(typeof before === 'string' ? [before] : before), ...values];
  }
  // A symbol key: neither for…in (which validation uses) nor Object.keys nor JSON sees it, and
  // plain assignment costs less than defineProperty.
  (record as unknown as { [PARSED]: ParsedQuery })[PARSED] = parsed;
  return record as unknown as QueryRecord;
}

/** The app's query-string parser (app.ts). */
export function parseQueryRecord(raw: string): QueryRecord {
  return queryRecord(parseQueryString(raw));
}

/** The parsed query of a request's QueryRecord; an empty one for anything else. */
export function parsedQueryOf(query: unknown): ParsedQuery {
  return (query as Partial<QueryRecord> | null)?.[PARSED] ?? NO_QUERY;
}

/** The query of a request, as the app's query-string parser made it (app.ts). */
export function parsedQuery(request: Pick<FastifyRequest, 'query'>): ParsedQuery {
  return parsedQueryOf(request.query);
}

/**
 * Strict query-string parsing. Fastify's parser decodes leniently; SPEC.md §4.2 wants UTF-8
 * percent-encoding per RFC 3986, so a malformed escape or invalid UTF-8 must become a 400 that
 * names the parameter. Parsing never throws: problems are recorded and raised by the handler.
 */
import type { FastifyRequest } from 'fastify';

export interface ParsedQuery {
  readonly params: ReadonlyMap<string, readonly string[]>;
  /** The first parameter that could not be decoded (or the query when it has too many), if any. */
  readonly malformed?: { readonly name: string; readonly raw: string; readonly message: string };
}

export const MAX_QUERY_PARAMETERS = 100;

function decode(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
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

/** The query of a request, as the app's query-string parser made it (app.ts). */
export function parsedQuery(request: FastifyRequest): ParsedQuery {
  return request.query as ParsedQuery;
}

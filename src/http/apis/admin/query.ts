/**
 * The console's query parameters: the first value of a name, whichever shape the app's query
 * parser gives (a ParsedQuery with its `params` map, src/http/edge/query-string.ts, or a plain
 * record of strings and string arrays), so the console does not depend on that choice.
 */
import type { FastifyRequest } from 'fastify';
import type { ParsedQuery } from '../../edge/query-string.js';

type QueryShape = Partial<ParsedQuery> & Readonly<Record<string, unknown>>;

/** The first value of `name`, or undefined when absent or not decodable. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const query = request.query as QueryShape | undefined;
  if (query === undefined || query === null) return undefined;
  if (query.params instanceof Map) return query.params.get(name)?.[0];
  const value = query[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

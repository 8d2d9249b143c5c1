/**
 * Where the Search API finds the presented key (SPEC.md §5): query `apikey`/`apiKey`, header `apikey` or
 * `x-api-key`, or `Authorization: Bearer`, which some clients send.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyRecord } from '../../access/key-store.js';
import { parsedQuery } from './query-string.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRecord;
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The key sent in a header, which takes precedence over one in the query. */
export function keyInHeaders(headers: IncomingHttpHeaders): string | undefined {
  const fromHeader = header(headers, 'x-api-key') ?? header(headers, 'apikey');
  if (fromHeader !== undefined) return fromHeader;
  const authorization = header(headers, 'authorization');
  if (authorization !== undefined && /^bearer /i.test(authorization)) return authorization.slice(7).trim();
  return undefined;
}

export function presentedKey(request: FastifyRequest): string | undefined {
  const fromHeaders = keyInHeaders(request.headers);
  if (fromHeaders !== undefined) return fromHeaders;
  const params = parsedQuery(request).params;
  return params.get('apikey')?.[0] ?? params.get('apiKey')?.[0];
}

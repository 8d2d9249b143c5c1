/**
 * Where the Search API finds the presented key (docs/access.md#api-keys): query
 * `apikey`/`apiKey`, header `apikey` or `x-api-key`, or `Authorization: Bearer`, which some
 * clients send. An empty value (`x-api-key:`, `?apikey=`) is no key: it must not hide a key
 * sent in another place.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyRecord } from '../../access/api-key.js';
import { parsedQuery } from './query-string.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRecord;
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return nonEmpty(Array.isArray(value) ? value[0] : value);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** The key sent in a header, which takes precedence over one in the query. */
export function keyInHeaders(headers: IncomingHttpHeaders): string | undefined {
  const fromHeader = header(headers, 'x-api-key') ?? header(headers, 'apikey');
  if (fromHeader !== undefined) return fromHeader;
  const authorization = header(headers, 'authorization');
  if (authorization !== undefined && /^bearer /i.test(authorization)) return nonEmpty(authorization.slice(7).trim());
  return undefined;
}

export function presentedKey(request: FastifyRequest): string | undefined {
  const fromHeaders = keyInHeaders(request.headers);
  if (fromHeaders !== undefined) return fromHeaders;
  const params = parsedQuery(request).params;
  return nonEmpty(params.get('apikey')?.[0]) ?? nonEmpty(params.get('apiKey')?.[0]);
}

/**
 * Where the Search API finds the presented key (SPEC.md §5): query `apikey`/`apiKey`, header `apikey` or
 * `x-api-key`, or `Authorization: Bearer`, which some clients send.
 */
import type { FastifyRequest } from 'fastify';
import type { ApiKeyRecord } from '../../access/key-store.js';
import { parsedQuery } from './params.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRecord;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function presentedKey(request: FastifyRequest): string | undefined {
  const fromHeader = header(request, 'x-api-key') ?? header(request, 'apikey');
  if (fromHeader !== undefined) return fromHeader;
  const authorization = header(request, 'authorization');
  if (authorization !== undefined && /^bearer /i.test(authorization)) return authorization.slice(7).trim();
  const params = parsedQuery(request).params;
  return params.get('apikey')?.[0] ?? params.get('apiKey')?.[0];
}

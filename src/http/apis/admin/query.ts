/** The console's query parameters, read from the app's strict parser (src/http/query-string.ts). */
import type { FastifyRequest } from 'fastify';
import type { ParsedQuery } from '../../edge/query-string.js';

/** The first value of `name`, or undefined when absent or not decodable. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  return (request.query as unknown as ParsedQuery).params.get(name)?.[0];
}

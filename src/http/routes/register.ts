/**
 * Registers a read-only route: GET (and HEAD, which Fastify derives) with its handler, and the
 * other methods on the same path answering 405 with an Allow header (SPEC.md §7.1).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api-error.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Guard = (request: FastifyRequest) => Promise<void>;

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function methodNotAllowed(allow: string): () => never {
  return () => {
    throw new ApiError(405, `method not allowed; this resource allows ${allow}`, [], { allow });
  };
}

export function registerGet(app: FastifyInstance, url: string, guard: Guard | undefined, handler: Handler): void {
  app.route({ method: 'GET', url, ...(guard ? { preHandler: guard } : {}), handler });
  app.route({ method: [...OTHER_METHODS], url, handler: methodNotAllowed('GET, HEAD, OPTIONS') });
}

/**
 * Registers a read-only route: GET (and HEAD, which Fastify derives) with its handler and
 * documentation schema, and the other methods on the same path answering 405 with an Allow
 * header (SPEC.md §7.1).
 */
// The swagger plugin's type augmentation adds summary, tags, security and hide to schemas.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { ApiError } from '../api-error.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** A preHandler: throws ApiError to refuse; may set response headers (see access-guard.ts). */
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export function methodNotAllowed(allow: string): () => never {
  return () => {
    throw new ApiError(405, `method not allowed; this resource allows ${allow}`, [], { allow });
  };
}

export interface GetRoute {
  readonly url: string;
  readonly guard?: Guard | undefined;
  readonly schema: FastifySchema;
  readonly handler: Handler;
}

export function registerGet(app: FastifyInstance, route: GetRoute): void {
  app.route({ method: 'GET', url: route.url, schema: route.schema, ...(route.guard ? { preHandler: route.guard } : {}), handler: route.handler });
  // Refused in onRequest, before any body is read: a wrong method is a 405 whatever its body
  // (too large, not JSON), and no body is buffered for an answer that ignores it.
  const refuse = methodNotAllowed('GET, HEAD, OPTIONS');
  app.route({ method: [...OTHER_METHODS], url: route.url, schema: { hide: true }, onRequest: async () => refuse(), handler: refuse });
}

export interface PostRoute {
  readonly url: string;
  readonly guard?: Guard | undefined;
  readonly schema: FastifySchema;
  readonly handler: Handler;
}

/** A POST route; the other methods answer 405 (OPTIONS stays with CORS preflight). */
export function registerPost(app: FastifyInstance, route: PostRoute): void {
  app.route({ method: 'POST', url: route.url, schema: route.schema, ...(route.guard ? { preHandler: route.guard } : {}), handler: route.handler });
  app.route({ method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], url: route.url, schema: { hide: true }, handler: methodNotAllowed('POST, OPTIONS') });
}

/**
 * Registers a route: GET (with the HEAD Fastify derives) or POST, with its handler and
 * documentation schema, and the other methods on the same path answering 405 with an Allow
 * header (SPEC.md §7.1).
 */
// The swagger plugin's type augmentation adds summary, tags, security and hide to schemas.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { ApiError } from './api-error.js';

/** Async, or synchronous when it sends its answer itself (the Search API's lookups and lists). */
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | void;
/**
 * The access check: refuses with an ApiError (thrown, rejected or passed to `done`); may set
 * response headers (see access-guard.ts). Either async, or a callback hook taking `done`.
 */
type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | ((request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function methodNotAllowed(allow: string): () => never {
  return () => {
    throw new ApiError(405, `method not allowed; this resource allows ${allow}`, [], { allow });
  };
}

export interface Route {
  readonly url: string;
  readonly guard?: Guard | undefined;
  readonly schema: FastifySchema;
  readonly handler: Handler;
  /** A body limit of its own (POST); the app's otherwise. */
  readonly bodyLimit?: number;
}

function register(app: FastifyInstance, method: 'GET' | 'POST', route: Route): void {
  // The key is checked first, right after the app's own request checks: on POST before the
  // body is read (nobody gets a body parsed unasked), and in the same hook stage as those
  // checks, which spares every request a stage of its own.
  const guard = route.guard ? { onRequest: route.guard } : {};
  app.route({ method, url: route.url, schema: route.schema, ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}), ...guard, handler: route.handler });
  // Refused in onRequest, before any body is read: a wrong method is a 405 whatever its body
  // (too large, not JSON), and no body is buffered for an answer that ignores it.
  const refuse = methodNotAllowed(method === 'GET' ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS');
  const others = METHODS.filter((m) => m !== method);
  app.route({ method: others, url: route.url, schema: { hide: true }, onRequest: async () => refuse(), handler: refuse });
}

/** GET (and HEAD). */
export function registerGet(app: FastifyInstance, route: Route): void {
  register(app, 'GET', route);
}

/** POST; OPTIONS stays with CORS preflight. */
export function registerPost(app: FastifyInstance, route: Route): void {
  register(app, 'POST', route);
}

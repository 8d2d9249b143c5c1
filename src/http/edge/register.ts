/**
 * Registers a route: GET (with the HEAD Fastify derives), POST, PATCH or DELETE, with its
 * handler and documentation schema, and the other methods on the same path answering 405 with
 * an Allow header (docs/errors.md).
 */
// The swagger plugin's type augmentation adds summary, tags, security and hide to schemas.
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { ApiError } from './api-error.js';

/** Async, or synchronous when it sends its answer itself (the Search API's lookups and lists). */
type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | void;
/**
 * The access check: refuses with an ApiError (thrown, rejected or passed to `done`); may set
 * response headers (see access-guard.ts). Either async, or a callback hook taking `done`.
 */
type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | ((request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void);

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The 405 of a path that allows `allow`. */
export function methodNotAllowedError(allow: string): ApiError {
  return new ApiError(405, `method not allowed; this resource allows ${allow}`, [], { allow });
}

function methodNotAllowed(allow: string): () => never {
  return () => {
    throw methodNotAllowedError(allow);
  };
}

export interface Route {
  readonly url: string;
  readonly guard?: Guard | undefined;
  readonly schema: FastifySchema;
  readonly handler: Handler;
  /** A body limit of its own (POST); the app's otherwise. */
  readonly bodyLimit?: number;
  /** Checks after the body is read and before it is validated (Fastify's preValidation). */
  readonly preValidation?: ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | ((request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void);
  /** A validator of the route's own, where its scope's does not fit (Fastify's route option). */
  readonly validatorCompiler?: FastifySchemaCompiler<unknown>;
}

type Method = (typeof METHODS)[number];

/** The `Allow` of a path serving `methods`: HEAD with GET, OPTIONS always (CORS preflight). */
function allowOf(methods: readonly Method[]): string {
  return [...methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'].join(', ');
}

/**
 * Registers the methods of one path, each with its route, and every other method answering 405
 * with the path's Allow. A resource (GET, PATCH and DELETE on `/watch/v1/webhooks/:id`) is
 * registered in one call so that its Allow names them all.
 */
export function registerMethods(app: FastifyInstance, url: string, routes: Partial<Record<Method, Omit<Route, 'url'>>>): void {
  const served = METHODS.filter((m) => routes[m] !== undefined);
  for (const method of served) {
    const route = routes[method]!;
    // The key is checked first, right after the app's own request checks: on POST before the
    // body is read (nobody gets a body parsed unasked), and in the same hook stage as those
    // checks, which spares every request a stage of its own.
    const guard = route.guard ? { onRequest: route.guard } : {};
    app.route({ method, url, schema: route.schema, ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}), ...guard, ...(route.preValidation ? { preValidation: route.preValidation } : {}), ...(route.validatorCompiler ? { validatorCompiler: route.validatorCompiler } : {}), handler: route.handler });
  }
  // Refused in onRequest, before any body is read: a wrong method is a 405 whatever its body
  // (too large, not JSON), and no body is buffered for an answer that ignores it.
  const allow = allowOf(served);
  const refuse = methodNotAllowed(allow);
  const others = METHODS.filter((m) => !served.includes(m));
  // `allow` in the config: the not-found handler answers the methods Fastify does not route
  // (TRACE, PROPFIND, …) with the same 405 (allowed-methods.ts).
  if (others.length > 0) app.route({ method: others, url, schema: { hide: true }, config: { allow }, onRequest: async () => refuse(), handler: refuse });
}

/** GET (and HEAD). */
export function registerGet(app: FastifyInstance, route: Route): void {
  registerMethods(app, route.url, { GET: route });
}

/** POST; OPTIONS stays with CORS preflight. */
export function registerPost(app: FastifyInstance, route: Route): void {
  registerMethods(app, route.url, { POST: route });
}

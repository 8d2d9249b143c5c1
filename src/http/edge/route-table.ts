/**
 * A record of every route as it is registered, so tests and the OpenAPI check can enumerate
 * the interface instead of hard-coding it (new APIs are covered automatically).
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  /** Not in the OpenAPI document: 405 answers, /openapi.json, /docs. */
  readonly hidden: boolean;
  /** Needs an API key (its schema names a security scheme). */
  readonly keyed: boolean;
  /** Set on the 405 answers of a path (register.ts): the methods the path allows. */
  readonly allow?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly routeTable: readonly RouteEntry[];
  }
}

export function recordRoutes(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { hide?: boolean; security?: readonly unknown[] } | undefined;
    const hidden = schema?.hide === true;
    const keyed = (schema?.security?.length ?? 0) > 0;
    const allow = (route.config as { allow?: string } | undefined)?.allow;
    for (const method of methods) routes.push({ method, url: route.url, hidden, keyed, ...(allow === undefined ? {} : { allow }) });
  });
}

/**
 * 405 for any method on a known path. The API routes register a 405 answer for the common
 * methods (register.ts); the rarer methods Node's parser accepts (TRACE, PROPFIND, MKCOL, …),
 * and any other method on the console's pages (which register only what they serve), are not
 * routed and reach the not-found handler, which asks this module whether the path is a route's:
 * then the answer is a 405 with that route's `Allow`, not a 404.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from './route-table.js';

interface PathPattern {
  readonly pattern: RegExp;
  readonly allow: string;
}

/** A route pattern (`/v3/banks/:bankCode/branches`) as a regular expression over request paths. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.split(/(:[A-Za-z_]\w*)/).map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const PATTERNS = new WeakMap<readonly RouteEntry[], { readonly count: number; readonly patterns: readonly PathPattern[] }>();

/** Each path's `Allow`: the one its 405 answers declare, else the methods registered on it. */
function patternsOf(routes: readonly RouteEntry[]): readonly PathPattern[] {
  const kept = PATTERNS.get(routes);
  if (kept !== undefined && kept.count === routes.length) return kept.patterns;
  const declared = new Map<string, string>();
  const registered = new Map<string, Set<string>>();
  for (const r of routes) {
    if (r.allow !== undefined) declared.set(r.url, r.allow);
    else if (r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*')) (registered.get(r.url) ?? registered.set(r.url, new Set()).get(r.url)!).add(r.method);
  }
  const allowOf = (methods: Set<string>) => [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
  const patterns = [...new Set([...declared.keys(), ...registered.keys()])].map((url) => ({ pattern: patternOf(url), allow: declared.get(url) ?? allowOf(registered.get(url)!) }));
  PATTERNS.set(routes, { count: routes.length, patterns });
  return patterns;
}

/** The `Allow` of the route at `path` (without its query), or undefined for a path no route has. */
export function allowedMethodsAt(app: FastifyInstance, path: string): string | undefined {
  return patternsOf(app.routeTable).find((p) => p.pattern.test(path))?.allow;
}

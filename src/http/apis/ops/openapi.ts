/**
 * The published interface: /openapi.json generated from the route schemas by @fastify/swagger,
 * and /docs, Swagger UI (swagger-ui-dist from npm) over that document, whose "Try it out" sends
 * requests to this same server with the key given under "Authorize". Every file is served by
 * Ginko itself, no external script: the service may run where the internet is out of reach.
 * Neither needs a key.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../../../package-root.js';
import { ApiError } from '../../edge/api-error.js';
import { registerGet } from '../../edge/register.js';

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page's files, read once at start: Swagger UI's bundle and stylesheet and Ginko's start script. */
const DOCS_ASSETS: Readonly<Record<string, { readonly path: string; readonly type: string }>> = {
  'swagger-ui.css': { path: join(SWAGGER_UI, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { path: join(SWAGGER_UI, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'docs-init.js': { path: join(PACKAGE_ROOT, 'src', 'http', 'apis', 'ops', 'docs', 'docs-init.js'), type: 'text/javascript; charset=utf-8' },
};

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ginko API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<script src="/docs/assets/swagger-ui-bundle.js" defer></script>
<script src="/docs/assets/docs-init.js" defer></script>
</head><body>
<main id="swagger-ui"><noscript>The interactive documentation needs JavaScript; the document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript></main>
</body></html>`;

/**
 * Users paste API keys into /docs ("Authorize"): it runs only its own scripts, talks only to
 * this server, cannot be framed by another site (clickjacking) and sends no Referer. Swagger UI
 * sets style attributes, hence inline styles.
 */
export const DOCS_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function registerOpenApi(app: FastifyInstance): void {
  registerGet(app, {
    url: '/openapi.json',
    schema: { hide: true },
    handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  });
  registerGet(app, {
    url: '/docs',
    schema: { hide: true },
    handler: async (_request, reply) => reply.type('text/html; charset=utf-8').headers(DOCS_SECURITY_HEADERS).header('cache-control', 'public, max-age=300').send(DOCS_PAGE),
  });
  // Read on the first request for each: Swagger UI's bundle alone is 1.5 MB, which a server
  // whose /docs nobody opens need not hold.
  const kept = new Map<string, Buffer>();
  registerGet(app, {
    url: '/docs/assets/:file',
    schema: { hide: true },
    handler: async (request, reply) => {
      const name = (request.params as { file: string }).file;
      const file = Object.hasOwn(DOCS_ASSETS, name) ? DOCS_ASSETS[name] : undefined;
      if (!file) throw new ApiError(404, 'no such file');
      let body = kept.get(name);
      if (body === undefined) kept.set(name, (body = readFileSync(file.path)));
      return reply.type(file.type).header('cache-control', 'public, max-age=3600').send(body);
    },
  });
}

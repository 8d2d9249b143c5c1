/**
 * Assembles the Fastify application: transport checks, CORS, logging, error mapping and the
 * route table. This file reads as the table of contents of the HTTP interface.
 */
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { handleClientError } from './client-errors.js';
import { ApiError } from './api-error.js';
import { installErrorHandling, pathOf, sendError, toApiError } from './errors.js';
import { parseQueryString } from './query-string.js';
import { redactUrl } from './redact.js';
import { recordRoutes } from './route-table.js';
import { registerHealth } from './routes/health.js';
import { registerOpenApi } from './routes/openapi.js';
import { registerResolveApi } from './routes/resolve.js';
import { registerSearchApi } from './routes/search.js';
import type { AppServices } from './services.js';

export const MAX_URL_LENGTH = 8192;
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Headers a browser may send cross-origin, and the ones its scripts may read. */
const CORS_ALLOWED_HEADERS = ['apikey', 'x-api-key', 'authorization', 'content-type', 'x-debug-resolve'];
const CORS_EXPOSED_HEADERS = ['x-ratelimit-limit-second', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day', 'ratelimit-reset', 'retry-after', 'x-request-id'];

export interface AppOptions {
  readonly logger?: FastifyServerOptions['logger'];
  /** Passed through for the HTTPS listener; absent for in-process tests and --trust-proxy. */
  readonly https?: { readonly cert: string; readonly key: string };
}

/** Request-line text that is not RFC 3986 (raw UTF-8, spaces, controls) is a 400 (SPEC.md §4.2). */
const NON_URI_CHARACTER = /[^\x21-\x7e]/;

// Keys never reach the logs (docs/access.md): see redact.ts.
export { redactUrl } from './redact.js';

export async function buildApp(services: AppServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per response is written by the onResponse hook; Fastify's two cost ~35%.
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: handleClientError,
    frameworkErrors: (error, _request, reply) => sendError(reply, toApiError(error)),
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    return503OnClosing: true,
    trustProxy: services.trustProxy,
    // request.query holds a ParsedQuery (see search/params.ts), not Fastify's plain record.
    routerOptions: { maxParamLength: 200, querystringParser: (raw: string) => parseQueryString(raw) as unknown as Record<string, unknown> },
    ...(options.https ? { https: { cert: options.https.cert, key: options.https.key } } : {}),
  } as FastifyServerOptions);

  installErrorHandling(app);
  recordRoutes(app);
  // Route schemas document the interface (OpenAPI); the handlers parse and validate their own
  // input so that every error names its parameter in the Search error format.
  app.setValidatorCompiler(() => (value) => ({ value }));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const url = request.raw.url ?? '';
    if (url.length > MAX_URL_LENGTH) throw new ApiError(414, `the URL is longer than ${MAX_URL_LENGTH} characters`);
    if (NON_URI_CHARACTER.test(url)) {
      throw ApiError.invalidParameter('url', pathOf(url).slice(0, 200), 'the URL contains characters that are not percent-encoded; encode query and path values as UTF-8 per RFC 3986');
    }
    if (services.trustProxy && request.headers['x-forwarded-proto'] !== 'https') {
      throw new ApiError(403, 'HTTPS is required: the proxy must forward X-Forwarded-Proto: https');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'response',
    );
  });

  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 86_400,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ginko',
        version: '1',
        description: 'Directory of Japanese financial institutions and their branches (Search API v1–v3). Data: zengin-code (MIT).',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'apikey' },
        },
      },
    },
  });

  registerHealth(app, services);
  registerOpenApi(app);
  for (const version of ['v1', 'v2', 'v3'] as const) registerSearchApi(app, services, version);
  await registerResolveApi(app, services);

  return app;
}


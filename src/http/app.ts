/**
 * Assembles the Fastify application: transport checks, CORS, logging, error mapping and the
 * route table. This file reads as the table of contents of the HTTP interface.
 */
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifySchemaCompiler, type FastifyServerOptions, LogController } from 'fastify';
import { ADMIN_PREFIX, adminApi } from './apis/admin/index.js';
import { decorateAccessedRequests } from './access-guard.js';
import { handleClientError } from './client-errors.js';
import { addCorsHeadersFor, registerPreflight } from './cors.js';
import { ApiError } from './api-error.js';
import { installJsonBodyParser } from './json-body.js';
import { installErrorHandling, pathOf, sendError, toApiError } from './errors.js';
import { BODY_LIMIT_BYTES, MAX_HEADER_BYTES, MAX_URL_LENGTH, REQUEST_TIMEOUT_MS } from './limits.js';
import { HotPath, installHotPath } from './hot-path.js';
import { installMetrics, metricsFor, type MetricsSetup, registerMetricsRoute } from './metrics.js';
import { parseQueryString } from './query-string.js';
import { requestIdGenerator } from './request-id.js';
import { logResponse } from './response-log.js';
import { recordRoutes } from './route-table.js';
import { registerHealth } from './routes/health.js';
import { registerHistoryApi } from './routes/history.js';
import { registerMasterApi } from './routes/master.js';
import { registerWidget } from './routes/widget.js';
import { registerOpenApi } from './routes/openapi.js';
import { registerResolveApi } from './routes/resolve.js';
import { registerSearchApi } from './routes/search.js';
import type { AppServices } from './services.js';

// Every limit of the HTTP edge is in limits.ts (docs/limits.md); these names stay for importers.
export { BODY_LIMIT_BYTES, MAX_URL_LENGTH } from './limits.js';

export interface AppOptions {
  readonly logger?: FastifyServerOptions['logger'];
  /** Passed through for the HTTPS listener; absent for in-process tests and --trust-proxy. */
  readonly https?: { readonly cert: string; readonly key: string };
  /** Who may read /metrics and whether process metrics are collected (docs/operations.md#metrics). */
  readonly metrics?: MetricsSetup;
}

/** Request-line text that is not RFC 3986 (raw UTF-8, spaces, controls) is a 400 (SPEC.md §4.2). */
const NON_URI_CHARACTER = /[^\x21-\x7e]/;

// Keys never reach the logs (docs/access.md): see redact.ts.
export { redactUrl } from './redact.js';

export async function buildApp(services: AppServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const metrics = metricsFor(services, options.metrics ?? {});
  const requestId = requestIdGenerator(services.trustProxy);
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per response is written by the onResponse hook; Fastify's two cost ~35%.
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: (err, socket) => handleClientError(err, socket, (reason) => metrics.clientError(reason)),
    // Errors before routing (a path that is not UTF-8) skip onRequest: set the request id here.
    frameworkErrors: (error, request, reply) => sendError(reply.header('x-request-id', request.id), toApiError(error)),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // genReqId reads x-request-id itself, and only behind a trusted proxy (request-id.ts).
    requestIdHeader: false,
    genReqId: requestId,
    return503OnClosing: true,
    trustProxy: services.trustProxy,
    // request.query holds a ParsedQuery (see search/params.ts), not Fastify's plain record.
    // Path parameters as long as the URL allows, so an over-long code gets the handler's 400
    // naming the parameter rather than a bare 404 from the router.
    routerOptions: { maxParamLength: MAX_URL_LENGTH, querystringParser: (raw: string) => parseQueryString(raw) as unknown as Record<string, unknown> },
    ...(options.https ? { https: { cert: options.https.cert, key: options.https.key, maxHeaderSize: MAX_HEADER_BYTES } } : { http: { maxHeaderSize: MAX_HEADER_BYTES } }),
  } as FastifyServerOptions);

  // Requests log through the app's logger itself, not a child each: the one line per response
  // carries the request id itself, and a child per request is a measurable cost. Fastify skips
  // the child only for its null logger; a custom childLoggerFactory costs a validation of the
  // returned logger per request, so the default factory is kept and `child` returns the logger.
  const log = app.log;
  log.child = () => log;
  installErrorHandling(app);
  decorateAccessedRequests(app);
  installJsonBodyParser(app);
  recordRoutes(app);
  const { recordsRequests } = installMetrics(app, services, metrics, options.metrics ?? {});
  // Route schemas document the interface (OpenAPI); the handlers parse and validate their own
  // input so that every error names its parameter in the Search error format. No validator at
  // all, rather than one that accepts everything: Fastify then skips the validation step.
  // Fastify's types want a function; an absent validator is what its own code checks for.
  app.setValidatorCompiler(() => undefined as unknown as ReturnType<FastifySchemaCompiler<unknown>>);

  // Hooks run on every request: plain callbacks, no promise or closure per request.
  app.addHook('onRequest', function checkRequest(request, reply, done) {
    reply.header('x-request-id', request.id);
    addCorsHeadersFor(request, reply);
    const url = request.raw.url ?? '';
    if (url.length > MAX_URL_LENGTH) throw new ApiError(414, `the URL is longer than ${MAX_URL_LENGTH} characters`);
    if (NON_URI_CHARACTER.test(url)) {
      throw ApiError.invalidParameter('url', pathOf(url).slice(0, 200), 'the URL contains characters that are not percent-encoded; encode query and path values as UTF-8 per RFC 3986');
    }
    if (services.trustProxy && request.headers['x-forwarded-proto'] !== 'https') {
      throw new ApiError(403, 'HTTPS is required: the proxy must forward X-Forwarded-Proto: https');
    }
    done();
  });

  // pino's check, once: at warn and above (the bench) no response hook is installed at all.
  const logsResponses = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;
  if (logsResponses) {
    app.addHook('onResponse', function logEachResponse(request, reply, done) {
      logResponse(log, { reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, elapsedMs: reply.elapsedTime, ip: request.ip, keyId: request.apiKey?.id });
      done();
    });
  }

  // Requests of the four APIs counted per key, API and outcome for the console's Usage page.
  const usage = services.console?.recorder;
  if (usage) {
    app.addHook('onResponse', function countUsage(request, reply, done) {
      usage.count(request.url, reply.statusCode, request.apiKey?.id ?? request.refusedKeyId);
      done();
    });
  }

  registerPreflight(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ginko',
        version: '1',
        description: 'Directory of Japanese financial institutions and their branches: Search API v1–v3 with freeword search, Change History, Master Export. Data: zengin-code (MIT).',
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
  registerMetricsRoute(app, services, options.metrics ?? {});
  registerOpenApi(app);
  for (const version of ['v1', 'v2', 'v3'] as const) registerSearchApi(app, services, version);
  registerHistoryApi(app, services);
  registerMasterApi(app, services);
  registerWidget(app);
  await registerResolveApi(app, services);
  if (services.console) await app.register(adminApi({ app: services, console: services.console }), { prefix: ADMIN_PREFIX });

  const hot = new HotPath({
    directories: services.directories,
    access: services.access,
    trustProxy: services.trustProxy,
    requestId,
    metrics: recordsRequests ? metrics : undefined,
    log: logsResponses ? log : undefined,
    usage,
  });
  installHotPath(app, hot);
  app.decorate('hotPath', hot);
  return app;
}


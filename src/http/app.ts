/**
 * Assembles the HTTP application: the edge (src/http/edge: request checks, access guard,
 * logging, metrics, the one writer) and the APIs (src/http/apis: a plugin each, with its
 * schemas and its own error shape). Every request goes through the one Fastify pipeline
 * (docs/architecture.md). This file reads as the table of contents of the interface.
 */
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ACCOUNTS_PREFIX, accountsApi } from './apis/accounts/accounts-api.js';
import { ADMIN_PREFIX, adminApi } from './apis/admin/index.js';
import { historyApi } from './apis/history/history-api.js';
import { KANA_PREFIX, kanaApi } from './apis/kana/kana-api.js';
import { HEALTH_PATH } from './apis/ops/health.js';
import { masterApi } from './apis/master/master-api.js';
import { opsApi } from './apis/ops/ops-api.js';
import { RESOLVE_PREFIX, resolveApi } from './apis/resolve/resolve-api.js';
import { searchApi } from './apis/search/search-api.js';
import { ZENGIN_PREFIX, zenginApi } from './apis/zengin/zengin-api.js';
import { widgetApi } from './apis/widget/widget-api.js';
import { WATCH_PREFIX, watchApi } from './apis/watch/watch-api.js';
import { YUCHO_PREFIX, yuchoApi } from './apis/yucho/yucho-api.js';
import { decorateAccessedRequests } from './edge/access-guard.js';
import { clientAddress, forwardedAsHttps } from './edge/client-address.js';
import { ApiError } from './edge/api-error.js';
import { handleClientError } from './edge/client-errors.js';
import { hasNonUriCharacter, notPercentEncodedError } from './edge/request-target.js';
import { registerPreflight } from './edge/cors.js';
import { DETAILED_ERRORS, type ErrorShape, SEARCH_ERRORS } from './edge/error-shapes.js';
import { handleErrorsAs, pathOf, toApiError } from './edge/errors.js';
import { closingError, ConnectionDrain, stopAccepting } from './edge/drain.js';
import { installJsonBodyParser } from './edge/json-body.js';
import { DUPLICATE_HOST_MESSAGE, hasDuplicateHost, validHostHeader } from './edge/host-header.js';
import { BODY_LIMIT_BYTES, DRAIN_TIMEOUT_MS, EDGE_TIMEOUTS, type EdgeTimeouts, MAX_URL_LENGTH } from './edge/limits.js';
import { redactUrl } from './edge/redact.js';
import { installMetrics, metricsFor, type MetricsSetup } from './edge/metrics.js';
import { parseQueryRecord } from './edge/query-string.js';
import { requestIdGenerator } from './edge/request-id.js';
import { recordRoutes } from './edge/route-table.js';
import { edgeServer } from './edge/server.js';
import { schemaValidator } from './edge/validation.js';
import { openAnswer, sendError } from './edge/writer.js';
import type { LogStream } from '../logging/log-sink.js';
import type { AppServices } from './services.js';

export interface AppOptions {
  /**
   * The log: pino at `level`, writing JSON lines to `stream` (src/logging/log-sink.ts in
   * `ginko serve`); none when absent. At `info`, one line per response.
   */
  readonly logger?: { readonly level: string; readonly stream: LogStream };
  /** Passed through for the HTTPS listener; absent for in-process tests and --trust-proxy. */
  readonly https?: { readonly cert: string; readonly key: string };
  /** Who may read /metrics and whether process metrics are collected (docs/operations.md#metrics). */
  readonly metrics?: MetricsSetup;
  /** The server's request and header timeouts; the documented ones (limits.ts) unless a test sets others. */
  readonly timeouts?: EdgeTimeouts;
}

/** The APIs under their prefixes, each answering errors in its own shape. */
const PREFIXED_APIS = [
  { prefix: '/v1', errors: SEARCH_ERRORS, plugin: (s: AppServices) => searchApi(s, 'v1') },
  { prefix: '/v2', errors: SEARCH_ERRORS, plugin: (s: AppServices) => searchApi(s, 'v2') },
  { prefix: '/v3', errors: SEARCH_ERRORS, plugin: (s: AppServices) => searchApi(s, 'v3') },
  { prefix: '/history/v1', errors: DETAILED_ERRORS, plugin: historyApi },
  { prefix: RESOLVE_PREFIX, errors: DETAILED_ERRORS, plugin: resolveApi },
  { prefix: ACCOUNTS_PREFIX, errors: DETAILED_ERRORS, plugin: accountsApi },
  { prefix: '/master/v1', errors: DETAILED_ERRORS, plugin: masterApi },
  { prefix: YUCHO_PREFIX, errors: DETAILED_ERRORS, plugin: yuchoApi },
  { prefix: KANA_PREFIX, errors: DETAILED_ERRORS, plugin: kanaApi },
  { prefix: ZENGIN_PREFIX, errors: SEARCH_ERRORS, plugin: (s: AppServices) => zenginApi(s, s.openZenginJson ?? false) },
  { prefix: WATCH_PREFIX, errors: DETAILED_ERRORS, plugin: watchApi },
] as const;

/**
 * The error shape of a path, for errors outside the APIs' plugins: before any route is found (a
 * URL that is not UTF-8) and on the routes every path shares (CORS preflight).
 */
export function errorsForPath(url: string): ErrorShape {
  const path = pathOf(url);
  return PREFIXED_APIS.find((api) => path === api.prefix || path.startsWith(api.prefix + '/'))?.errors ?? SEARCH_ERRORS;
}

export async function buildApp(services: AppServices, options: AppOptions = {}): Promise<FastifyInstance> {
  const setup = options.metrics ?? {};
  const metrics = metricsFor(services, setup);
  const requestId = requestIdGenerator(services.trustProxy);
  /** Set when the server starts closing (preClose below): requests still arriving get a 503. */
  let closing = false;
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per response is written by the onResponse hook; Fastify's two cost ~35%.
    logController: new LogController({ disableRequestLogging: true }),
    // Node's server with the edge's limits and timeouts (edge/server.ts).
    serverFactory: edgeServer(options.https, options.timeouts ?? EDGE_TIMEOUTS),
    // The server is made by serverFactory; this only tells Fastify's start-up line to say https.
    ...(options.https ? { https: true } : {}),
    clientErrorHandler: (err, socket) => handleClientError(err, socket, (reason) => metrics.clientError(reason), { shapeOf: errorsForPath, requestId }),
    // Errors before routing (a path that is not UTF-8) skip onRequest: open the answer here.
    frameworkErrors: (error, request, reply) => {
      openAnswer(reply, request.id, request.headers.origin);
      sendError(reply, toApiError(error), errorsForPath(request.url));
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // genReqId reads x-request-id itself, and only behind a trusted proxy (request-id.ts).
    requestIdHeader: false,
    genReqId: requestId,
    // Requests that arrive while the server closes get the 503 of checkRequest below, in the API's
    // error shape, rather than Fastify's own body.
    return503OnClosing: false,
    // Fastify's request.ip, protocol and host follow the same proxies (the edge's own code reads
    // the client address through edge/client-address.ts).
    trustProxy: services.trustProxy ? (address: string) => services.trustProxy!.trusts(address) : false,
    // request.query holds a QueryRecord (edge/query-string.ts): strictly decoded, repeated
    // parameters as arrays, what the route schemas validate.
    // Path parameters as long as the URL allows, so an over-long code gets the handler's 400
    // naming the parameter rather than a bare 404 from the router.
    routerOptions: { maxParamLength: MAX_URL_LENGTH, querystringParser: (raw: string) => parseQueryRecord(raw) as unknown as Record<string, unknown> },
  } as FastifyServerOptions);

  handleErrorsAs(app, errorsForPath);
  decorateAccessedRequests(app);
  installJsonBodyParser(app);
  recordRoutes(app);
  installMetrics(app, services, metrics, setup);
  // Route schemas validate their input and document it (OpenAPI): edge/validation.ts.
  app.setValidatorCompiler(schemaValidator);

  app.addHook('onRequest', function checkRequest(request, reply, done) {
    openAnswer(reply, request.id, request.headers.origin);
    // From preClose below on; Fastify adds Connection: close then too.
    if (closing) throw closingError();
    const url = request.raw.url ?? '';
    if (url.length > MAX_URL_LENGTH) throw new ApiError(414, `the URL is longer than ${MAX_URL_LENGTH} characters`);
    if (hasNonUriCharacter(url)) throw notPercentEncodedError();
    if (hasDuplicateHost(request.raw.rawHeaders)) {
      throw new ApiError(400, DUPLICATE_HOST_MESSAGE, [{ message: DUPLICATE_HOST_MESSAGE, paramName: 'host', invalidValue: request.headers.host ?? '', loc: ['header', 'host'] }]);
    }
    if (!validHostHeader(request.headers.host)) throw ApiError.invalidParameter('host', request.headers.host!.slice(0, 200), 'the Host header is not a valid host name');
    // Readiness probes reach a replica directly, without the proxy's headers (docs/deployment.md).
    if (services.trustProxy && !forwardedAsHttps(request.raw, services.trustProxy) && pathOf(url) !== HEALTH_PATH) {
      throw new ApiError(403, 'HTTPS is required: the proxy must forward X-Forwarded-Proto: https');
    }
    done();
  });
  // The console's usage counts per key, API and outcome (src/console/usage-recorder.ts), taken
  // as the answer is sent rather than once it is written: a Usage or Keys page asked for after
  // an answer arrived includes its request.
  const usage = services.console?.recorder;
  if (usage) {
    app.addHook('onSend', function countUsage(request, reply, payload, done) {
      usage.count(request.url, reply.statusCode, request.apiKey?.id ?? request.refusedKeyId);
      done(null, payload);
    });
  }
  // One line per response (docs/operations.md#logs), the key in the URL redacted.
  if (options.logger && (app.log as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }).isLevelEnabled('info')) {
    app.addHook('onResponse', function logResponse(request, reply, done) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      app.log.info({ reqId: request.id, method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms, ip: clientAddress(request.raw, services.trustProxy), keyId: request.apiKey?.id }, 'response');
      done();
    });
  }
  const drain = new ConnectionDrain(app.server);
  app.addHook('preClose', async () => {
    closing = true;
    stopAccepting(app.server);
    // Fastify closes the server next, and Node's server.close() destroys every connection whose
    // answer has been ended, even one whose write Node reports done only in the next turn: its
    // 'finish', and with it its log line and metrics, would be lost. So one turn first; then an
    // answer still waiting for a slow client is waited for, within DRAIN_TIMEOUT_MS (edge/drain.ts).
    await nextTurn();
    const { unsent, waitedMs } = await drain.drained(DRAIN_TIMEOUT_MS);
    if (unsent > 0) app.log.warn({ unsent, waitedMs }, 'closing: answers still being sent to slow clients are cut off');
    else if (waitedMs > 0) app.log.info({ waitedMs }, 'closing: waited for answers still being sent');
  });
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

  await app.register(opsApi(services, setup));
  for (const api of PREFIXED_APIS) await app.register(api.plugin(services), { prefix: api.prefix });
  await app.register(widgetApi);
  if (services.console) await app.register(adminApi({ app: services, console: services.console }), { prefix: ADMIN_PREFIX });
  return app;
}

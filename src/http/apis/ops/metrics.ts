/**
 * GET /metrics (docs/operations.md#metrics): Prometheus text, open, behind any valid key, or
 * absent, as the operator chose.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../../access/authenticator.js';
import { checkRestrictions } from '../../../access/restrictions.js';
import { METRICS_CONTENT_TYPE } from '../../../metrics/metrics.js';
import { MESSAGES, requestReferrer } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
import { DEFAULT_METRICS_ACCESS, type MetricsSetup } from '../../edge/metrics.js';
import { presentedKey } from '../../edge/presented-key.js';
import { registerGet } from '../../edge/register.js';
import type { AppServices } from '../../services.js';

/** GET /metrics, unless metrics are off (then the path is a plain 404). */
export function registerMetricsRoute(app: FastifyInstance, services: AppServices, setup: MetricsSetup): void {
  const access = setup.access ?? DEFAULT_METRICS_ACCESS;
  if (access === 'off') return;
  const metrics = app.metrics;
  registerGet(app, {
    url: '/metrics',
    ...(access === 'key' ? { guard: metricsKeyGuard(services.auth) } : {}),
    schema: {
      summary: `Prometheus metrics (text exposition format 0.0.4); ${access === 'key' ? 'needs any valid API key' : 'no key needed'} (docs/operations.md#metrics)`,
      tags: ['Operations'],
      ...(access === 'key' ? { security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }] } : {}),
      produces: ['text/plain'],
      response: { 200: { description: 'Metrics in the Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } } },
    },
    handler: async (_request, reply) => reply.type(METRICS_CONTENT_TYPE).header('cache-control', 'no-store').send(await metrics.render()),
  });
}

/**
 * A key check without rate limiting or maintenance: scrapes must keep working while keyed
 * routes are in maintenance, and must not use up a key's daily requests.
 */
function metricsKeyGuard(auth: Authenticator): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const result = await auth.authenticate(presentedKey(request));
    if (!result.ok) throw new ApiError(401, MESSAGES[result.reason]);
    const restricted = checkRestrictions(result.key, { ip: request.ip, referrer: requestReferrer(request.headers) });
    if (restricted) throw new ApiError(403, MESSAGES[restricted]);
  };
}

/** Operations: readiness, metrics and the published interface (/openapi.json, /docs); no API key by default. */
import type { FastifyInstance } from 'fastify';
import type { MetricsSetup } from '../../edge/metrics.js';
import type { AppServices } from '../../services.js';
import { registerHealth } from './health.js';
import { registerMetricsRoute } from './metrics.js';
import { registerOpenApi } from './openapi.js';

export function opsApi(services: AppServices, metrics: MetricsSetup): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    registerHealth(app, services);
    registerMetricsRoute(app, services, metrics);
    registerOpenApi(app);
  };
}

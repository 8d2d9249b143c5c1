/** Readiness (docs/deployment.md#health-checks): 200 without a key once the dataset is loaded, also in maintenance mode. */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';
import { registerGet } from '../../edge/register.js';
import { sendJson } from '../../edge/writer.js';

/** Also answered to a direct probe behind --trust-proxy, without the proxy's headers (app.ts). */
export const HEALTH_PATH = '/healthz';

const HealthSchema = Type.Object(
  {
    status: Type.Literal('ok'),
    version: Type.String({ example: '2026-08-24T00:00:00+0900' }),
    banks: Type.Integer({ example: 1146 }),
    branches: Type.Integer({ example: 28944 }),
    maintenance: Type.Boolean({ description: 'true while keyed routes answer 503 for maintenance', example: false }),
  },
  { additionalProperties: false },
);

export function registerHealth(app: FastifyInstance, services: AppServices): void {
  registerGet(app, {
    url: HEALTH_PATH,
    schema: { summary: 'Readiness: 200 once the dataset is loaded; no key needed', tags: ['Operations'], response: { 200: HealthSchema } },
    handler: async (_request, reply) => {
      const d = services.snapshots.current.directory;
      return sendJson(reply, JSON.stringify({ status: 'ok', version: d.version, banks: d.banks.length, branches: d.branchCount, maintenance: services.access.maintenance }));
    },
  });
}

/** The audit log page (also `ginko admin audit`). */
import type { FastifyInstance } from 'fastify';
import { hidden } from '../hidden.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendPage } from '../session.js';

export const AUDIT_PAGE_ENTRIES = 200;

export function registerAudit(app: FastifyInstance, services: AdminServices): void {
  app.get('/audit', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    return sendPage(reply, 200, 'audit', frameOf(request, 'audit'), { entries: await services.console.audit.list({ limit: AUDIT_PAGE_ENTRIES }) });
  });
}

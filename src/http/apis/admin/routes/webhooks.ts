/**
 * The Webhooks page (docs/console.md#webhooks): every key's webhooks with their latest events and
 * delivery attempts, until when a rotated-out secret still signs, and a retry for an event that
 * failed (due at once, with another 3 days before it is given up), recorded in the audit log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RETRY_POLICY } from '../../../../webhooks/retry-schedule.js';
import { KeyStore } from '../../../../store/key-store.js';
import { jstTimestamp } from '../../../../history/records.js';
import { previousSigns, WEBHOOK_ID } from '../../../../store/webhook-store.js';
import { EVENT_ID } from '../../../../webhooks/events.js';
import { hidden } from '../hidden.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendErrorPage, sendPage, translate } from '../session.js';

/** Events and attempts shown per webhook. */
const RECENT = 10;

export function registerWebhooks(app: FastifyInstance, services: AdminServices): void {
  const { webhooks, outbox } = services.app.webhooks;
  const keys = new KeyStore(services.console.db);

  async function page(request: FastifyRequest, reply: FastifyReply, notice?: string) {
    const [all, keyList] = await Promise.all([webhooks.listAll(), keys.list()]);
    const labels = new Map(keyList.map((k) => [k.id, k.name]));
    const now = Date.now();
    const rows = await Promise.all(
      all.map(async (w) => ({
        ...w,
        keyName: labels.get(w.keyId) ?? '',
        previousSecretExpiresAt: previousSigns(w.previousSecretUntil, now) ? jstTimestamp(w.previousSecretUntil!) : null,
        events: await outbox.recentEvents(w.id, RECENT),
        deliveries: await outbox.attempts(w.id, RECENT),
      })),
    );
    return sendPage(reply, 200, 'webhooks', frameOf(request, 'webhooks', { notice }), { webhooks: rows });
  }

  app.get('/webhooks', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const retried = queryParam(request, 'retried');
    return page(request, reply, retried !== undefined && EVENT_ID.test(retried) ? translate(request)('webhooks.retried', { id: retried }) : undefined);
  });

  app.post<{ Params: { id: string; event: string } }>('/webhooks/:id/events/:event/retry', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const { id, event } = request.params;
    const retried = WEBHOOK_ID.test(id) && EVENT_ID.test(event) && (await outbox.retryNow(id, event, Date.now(), RETRY_POLICY.giveUpAfterMs));
    if (!retried) return sendErrorPage(request, reply, 404, translate(request)('error.unknownEvent', { id: event.slice(0, 40), webhook: id.slice(0, 40) }));
    await services.console.audit.record({ operator: request.operatorSession!.operator, action: 'webhook.retry', target: id, detail: { event }, ip: request.ip });
    return reply.redirect(`/admin/webhooks?retried=${event}#${id}`, 303);
  });
}

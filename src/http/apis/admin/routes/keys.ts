/** The Keys page: list with today's requests, create (shown once), edit restrictions, revoke. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jstDay } from '../../../../access/jst.js';
import { type ApiKeyRecord } from '../../../../access/api-key.js';
import { KeyStore } from '../../../../store/key-store.js';
import { PlanStore } from '../../../../store/plan-store.js';
import { formOf, lines } from '../form-body.js';
import { hidden } from '../hidden.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendErrorPage, sendPage, translate } from '../session.js';

const KEY_ID = /^key_[0-9a-f]{12}$/;
const MAX_LABEL = 200;

export function registerKeys(app: FastifyInstance, services: AdminServices): void {
  const db = services.console.db;
  const keys = new KeyStore(db);
  const plans = new PlanStore(db);

  async function listPage(request: FastifyRequest, reply: FastifyReply, status = 200, extra: { notice?: string; error?: string } = {}) {
    await services.console.recorder.flush();
    const [all, planList, today] = await Promise.all([keys.list(), plans.list(), services.console.usage.perKeyOn(jstDay(Date.now()))]);
    const limits = new Map(planList.map((p) => [p.name, p.perDay]));
    const rows = all.map((k) => ({ ...k, today: today.get(k.id) ?? 0, limit: limits.get(k.plan) }));
    return sendPage(reply, status, 'keys', frameOf(request, 'keys', extra), { keys: rows, plans: planList.map((p) => p.name) });
  }

  async function keyOr404(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<ApiKeyRecord | undefined> {
    const record = KEY_ID.test(request.params.id) ? await keys.get(request.params.id) : undefined;
    if (!record) sendErrorPage(request, reply, 404, translate(request)('error.unknownKey', { id: request.params.id.slice(0, 40) }));
    return record;
  }

  app.get('/keys', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const t = translate(request);
    const saved = queryParam(request, 'saved');
    const revoked = queryParam(request, 'revoked');
    const notice = saved && KEY_ID.test(saved) ? t('keys.saved', { id: saved }) : revoked && KEY_ID.test(revoked) ? t('keys.revokedDone', { id: revoked }) : undefined;
    return listPage(request, reply, 200, { notice });
  });

  app.post('/keys', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const form = formOf(request.body);
    const input = { plan: form.plan ?? '', name: (form.name ?? '').trim().slice(0, MAX_LABEL), referrers: lines(form.referrers), ips: lines(form.ips) };
    let created: Awaited<ReturnType<KeyStore['create']>>;
    try {
      created = await keys.create(input);
    } catch (err) {
      return listPage(request, reply, 400, { error: translate(request)('error.invalid', { message: (err as Error).message }) });
    }
    const { record } = created;
    await services.console.audit.record({ operator: request.operatorSession!.operator, action: 'key.create', target: record.id, detail: { plan: record.plan, name: record.name, referrers: record.referrers, ips: record.ips }, ip: request.ip });
    // Shown once, on this answer only: never cached, never logged.
    return sendPage(reply.header('cache-control', 'no-store'), 201, 'key-created', frameOf(request, 'keys'), { key: created.key, record });
  });

  app.get<{ Params: { id: string } }>('/keys/:id', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const record = await keyOr404(request, reply);
    if (!record) return reply;
    return sendPage(reply, 200, 'key-edit', frameOf(request, 'keys'), { record, referrers: record.referrers.join('\n'), ips: record.ips.join('\n') });
  });

  app.post<{ Params: { id: string } }>('/keys/:id', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const record = await keyOr404(request, reply);
    if (!record) return reply;
    const form = formOf(request.body);
    const change = { name: (form.name ?? record.name).trim().slice(0, MAX_LABEL), referrers: lines(form.referrers), ips: lines(form.ips) };
    try {
      await keys.update(record.id, change);
      // This server applies the new restrictions from the next request on.
      services.app.auth.forget(record.keyHash);
    } catch (err) {
      const t = translate(request);
      return sendPage(reply, 400, 'key-edit', frameOf(request, 'keys', { error: t('error.invalid', { message: (err as Error).message }) }), { record, referrers: form.referrers ?? '', ips: form.ips ?? '' });
    }
    await services.console.audit.record({ operator: request.operatorSession!.operator, action: 'key.update', target: record.id, detail: change, ip: request.ip });
    return reply.redirect(`/admin/keys?saved=${record.id}`, 303);
  });

  app.get<{ Params: { id: string } }>('/keys/:id/revoke', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const record = await keyOr404(request, reply);
    if (!record) return reply;
    const t = translate(request);
    return sendPage(reply, 200, 'confirm', frameOf(request, 'keys'), {
      heading: t('keys.revoke.title', { id: record.id }),
      warning: t('keys.revoke.warning'),
      confirm: t('keys.revoke.confirm'),
      action: `/admin/keys/${record.id}/revoke`,
      cancelHref: '/admin/keys',
    });
  });

  app.post<{ Params: { id: string } }>('/keys/:id/revoke', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const record = await keyOr404(request, reply);
    if (!record) return reply;
    await keys.revoke(record.id);
    // Refused by this server from the next request on; by the others within the key cache's 2 s.
    services.app.auth.forget(record.keyHash);
    await services.console.audit.record({ operator: request.operatorSession!.operator, action: 'key.revoke', target: record.id, detail: {}, ip: request.ip });
    return reply.redirect(`/admin/keys?revoked=${record.id}`, 303);
  });
}

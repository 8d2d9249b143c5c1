/** The Plans page: each plan's limits (requests, Master Export, webhooks), editable, and a new plan (as `ginko plans set`). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLAN_NAME } from '../../../../access/plans.js';
import { PlanStore } from '../../../../store/plan-store.js';
import { formOf } from '../form-body.js';
import { hidden } from '../hidden.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendPage, translate } from '../session.js';

function positiveInteger(text: string | undefined, field: string): number {
  const n = Number(text);
  if (!/^\d{1,15}$/.test(text ?? '') || !Number.isSafeInteger(n) || n < 1) throw new Error(`${field} must be a positive integer`);
  return n;
}

/** A webhook limit of the form: a whole number from 0, or undefined (left as it is) when the field is absent. */
function webhookLimit(text: string | undefined, field: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text)) throw new Error(`${field} must be a whole number from 0`);
  return Number(text);
}

export function registerPlans(app: FastifyInstance, services: AdminServices): void {
  const plans = new PlanStore(services.console.db);

  async function page(request: FastifyRequest, reply: FastifyReply, status: number, extra: { notice?: string; error?: string }) {
    return sendPage(reply, status, 'plans', frameOf(request, 'plans', extra), { plans: await plans.list() });
  }

  app.get('/plans', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const saved = queryParam(request, 'saved');
    return page(request, reply, 200, { notice: saved !== undefined && PLAN_NAME.test(saved) ? translate(request)('plans.saved', { name: saved }) : undefined });
  });

  app.post('/plans', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const form = formOf(request.body);
    let plan;
    try {
      const webhooks = webhookLimit(form.webhooks, 'webhooks');
      const webhookCodes = webhookLimit(form.webhookCodes, 'codes per webhook');
      plan = {
        name: (form.name ?? '').trim(),
        perSecond: positiveInteger(form.perSecond, 'per second'),
        perDay: positiveInteger(form.perDay, 'per day'),
        exportAllowed: form.exportAllowed === '1',
        ...(webhooks === undefined ? {} : { webhooks }),
        ...(webhookCodes === undefined ? {} : { webhookCodes }),
      };
      await plans.set(plan);
    } catch (err) {
      return page(request, reply, 400, { error: translate(request)('error.invalid', { message: (err as Error).message }) });
    }
    const { name: _name, ...detail } = plan;
    await services.console.audit.record({ operator: request.operatorSession!.operator, action: 'plan.set', target: plan.name, detail, ip: request.ip });
    return reply.redirect(`/admin/plans?saved=${plan.name}`, 303);
  });
}

/**
 * The Usage page (charts and tables) and /admin/api/usage, the same numbers as JSON: per day
 * for the last 30 days and per minute for the last hour, by API and by outcome.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KeyStore } from '../../../../store/key-store.js';
import { USAGE_APIS, USAGE_OUTCOMES } from '../../../../console/usage-kinds.js';
import { lastDays, lastMinutes, type UsageSeries, usageSeries } from '../../../../console/usage-series.js';
import { hidden } from '../hidden.js';
import { queryParam } from '../query.js';
import type { AdminServices } from '../services.js';
import { frameOf, requireSession, sendPage } from '../session.js';

export const USAGE_DAYS = 30;
export const USAGE_MINUTES = 60;
const KEY_FILTER = /^(key_[0-9a-f]{12}|-)$/;

export function registerUsage(app: FastifyInstance, services: AdminServices): void {
  const keys = new KeyStore(services.console.db);

  async function seriesFor(request: FastifyRequest): Promise<{ key: string; daily: UsageSeries; minutes: UsageSeries }> {
    const asked = queryParam(request, 'key') ?? '';
    const key = KEY_FILTER.test(asked) ? asked : '';
    // This replica's latest counts first, so a request made a moment ago is already shown.
    await services.console.recorder.flush();
    const now = Date.now();
    const days = lastDays(now, USAGE_DAYS);
    const minutes = lastMinutes(now, USAGE_MINUTES);
    const [dailyRows, minuteRows] = await Promise.all([services.console.usage.daily(days[0]!, key || undefined), services.console.usage.minutes(minutes[0]!, key || undefined)]);
    return { key, daily: usageSeries(days, dailyRows), minutes: usageSeries(minutes, minuteRows) };
  }

  app.get('/usage', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const { key, daily, minutes } = await seriesFor(request);
    // A data block, not a script: `<` is escaped so that no value can end the element.
    const chartJson = JSON.stringify({ daily, minutes, apis: USAGE_APIS, outcomes: USAGE_OUTCOMES }).replace(/</g, '\\u003c');
    return sendPage(reply, 200, 'usage', frameOf(request, 'usage'), { keys: await keys.list(), key, daily, minutes, chartJson, apis: USAGE_APIS, outcomes: USAGE_OUTCOMES });
  });

  app.get('/api/usage', hidden(), async (request, reply) => {
    if (await requireSession(services, request, reply)) return reply;
    const { key, daily, minutes } = await seriesFor(request);
    return reply.type('application/json; charset=utf-8').send({ key: key || null, daily, minutes });
  });
}

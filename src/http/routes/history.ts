/**
 * The Change History API (SPEC.md §4.9): updates and changes of the dataset, read from the
 * in-memory history of the live dataset. Its own rate limit, counted apart from Search
 * (SPEC.md §8), and the §7.2 error shape (src/http/errors.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HistoryView } from '../../history/history-view.js';
import { QueryError } from '../../search/query-error.js';
import { accessGuard } from '../access-guard.js';
import { ApiError } from '../api-error.js';
import { parsedQuery } from '../search/params.js';
import { cachedAnswer } from '../search/response-cache.js';
import type { AppServices } from '../services.js';
import { ChangeEnvelopeSchema, ChangesPageSchema, ChangesQuerySchema, DetailedErrorSchema, LatestUpdateSchema, UpdatesPageSchema, UpdatesQuerySchema } from '../schemas/history.js';
import { registerGet } from './register.js';

/** SPEC.md §8: 2 requests per second and 5,000 per day per key, whatever the plan. */
export const HISTORY_LIMITS = Object.freeze({ perSecond: 2, perDay: 5000 });

const KEY_PARAMS = ['apikey', 'apiKey'];
const UPDATES_PARAMS = ['from_date', 'to_date', 'limit', 'cursor'];
const CHANGES_PARAMS = [...UPDATES_PARAMS, 'after_update_id', 'bank_code', 'branch_code', 'resource_type', 'change_type'];

/** The operation's parameters, each at most once; any other parameter is a 400 naming it. */
function readQuery(request: FastifyRequest, accepted: readonly string[]): Record<string, string> {
  const query = parsedQuery(request);
  if (query.malformed) throw new QueryError(query.malformed.name, query.malformed.raw, query.malformed.message);
  const out: Record<string, string> = {};
  for (const [name, values] of query.params) {
    if (KEY_PARAMS.includes(name)) continue;
    if (!accepted.includes(name)) throw new QueryError(name, values[0]!, accepted.length === 0 ? `this operation takes no query parameters` : `parameter "${name}" is not accepted here; accepted: ${accepted.join(', ')}`);
    if (values.length > 1) throw new QueryError(name, values.join(','), `parameter "${name}" must be given once`);
    out[name] = values[0]!;
  }
  return out;
}

export function registerHistoryApi(app: FastifyInstance, services: AppServices): void {
  const guard = accessGuard(services, { bucket: 'history', limits: HISTORY_LIMITS });
  const doc = (summary: string, ok: object, extra: object = {}) => ({
    summary,
    tags: ['Change History'],
    security: [{ apiKeyHeader: [] }],
    response: { 200: ok, '4xx': DetailedErrorSchema },
    ...extra,
  });
  /**
   * A handler answering from the view served now: the answer is serialized by the route's
   * response schema and kept for this view (search/response-cache.ts), which an import replaces.
   */
  const answer =
    (make: (request: FastifyRequest, history: HistoryView) => object) =>
    (request: FastifyRequest, reply: FastifyReply): void => {
      const history = services.history.history;
      const json = cachedAnswer(history, request.url, parsedQuery(request), () => reply.serialize(make(request, history)) as string);
      reply.type('application/json; charset=utf-8').send(json);
    };

  registerGet(app, {
    url: '/history/v1/updates',
    guard,
    schema: doc('List dataset updates, oldest first', UpdatesPageSchema, { querystring: UpdatesQuerySchema }),
    handler: answer((request, history) => {
      const page = history.listUpdates(readQuery(request, UPDATES_PARAMS), services.cursors);
      return { updates: page.items, next_cursor: page.next_cursor };
    }),
  });

  registerGet(app, {
    url: '/history/v1/updates/latest',
    guard,
    schema: doc('The latest update: the one of the snapshot being served', LatestUpdateSchema),
    handler: answer((request, history) => {
      readQuery(request, []);
      const update = history.latest;
      if (!update) throw ApiError.notFound('no update has been recorded yet');
      return { update };
    }),
  });

  registerGet(app, {
    url: '/history/v1/changes',
    guard,
    schema: doc('List changes, in update order', ChangesPageSchema, { querystring: ChangesQuerySchema }),
    handler: answer((request, history) => {
      const page = history.listChanges(readQuery(request, CHANGES_PARAMS), services.cursors);
      return { changes: page.items, next_cursor: page.next_cursor };
    }),
  });

  registerGet(app, {
    url: '/history/v1/changes/:change_id',
    guard,
    schema: doc('One change', ChangeEnvelopeSchema, { params: { type: 'object', properties: { change_id: { type: 'string', example: 'chg-20260331-000001' } } } }),
    handler: answer((request, history) => {
      readQuery(request, []);
      const id = (request.params as { change_id: string }).change_id;
      const change = history.change(id);
      if (!change) throw ApiError.notFound(`change ${id} does not exist`);
      return { change };
    }),
  });
}

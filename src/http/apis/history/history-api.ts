/**
 * The Change History API (SPEC.md §4.9): updates and changes of the dataset, read from the
 * in-memory history of the live dataset. Its own rate limit, counted apart from Search
 * (SPEC.md §8), and the detailed error shape (src/http/edge/error-shapes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HistoryView } from '../../../history/history-view.js';
import { QueryError } from '../../../shared/query-error.js';
import { accessGuard } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
import { cachedAnswer, type FastRoute } from '../../edge/answer-cache.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { DETAILED_ERRORS } from '../../edge/error-shapes.js';
import { parsedQuery } from '../../edge/query-string.js';
import type { AppServices } from '../../services.js';
import { ChangeEnvelopeSchema, ChangesPageSchema, ChangesQuerySchema, DetailedErrorSchema, LatestUpdateSchema, UpdatesPageSchema, UpdatesQuerySchema } from './schemas.js';
import { registerGet } from '../../edge/register.js';
import { sendJson } from '../../edge/writer.js';

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

/** The Change History API, registered under the prefix `/history/v1`. */
export function historyApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (app) => registerHistoryRoutes(app, services);
}

const PREFIX = '/history/v1';

function registerHistoryRoutes(app: FastifyInstance, services: AppServices): void {
  handleErrorsAs(app, DETAILED_ERRORS);
  const policy = { bucket: 'history', limits: HISTORY_LIMITS };
  const guard = accessGuard(services, policy);
  const doc = (summary: string, ok: object, extra: object = {}) => ({
    summary,
    tags: ['Change History'],
    security: [{ apiKeyHeader: [] }],
    response: { 200: ok, '4xx': DetailedErrorSchema },
    ...extra,
  });
  /**
   * A handler answering from the history served now: the answer is serialized by the route's
   * response schema and kept with the snapshot (edge/answer-cache.ts), which an import replaces
   * together with the history, so the fast branch may answer it again.
   */
  const answer = (path: string, make: (request: FastifyRequest, history: HistoryView) => object) => {
    const fast: FastRoute = { url: PREFIX + path, policy, errors: DETAILED_ERRORS };
    return (request: FastifyRequest, reply: FastifyReply): void => {
      const history = services.history.history;
      const json = cachedAnswer(services.snapshots.current, request.url, parsedQuery(request), () => reply.serialize(make(request, history)) as string, fast);
      sendJson(reply, json);
    };
  };

  registerGet(app, {
    url: '/updates',
    guard,
    schema: doc('List dataset updates, oldest first', UpdatesPageSchema, { querystring: UpdatesQuerySchema }),
    handler: answer('/updates', (request, history) => {
      const page = history.listUpdates(readQuery(request, UPDATES_PARAMS), services.cursors);
      return { updates: page.items, next_cursor: page.next_cursor };
    }),
  });

  registerGet(app, {
    url: '/updates/latest',
    guard,
    schema: doc('The latest update: the one of the snapshot being served', LatestUpdateSchema),
    handler: answer('/updates/latest', (request, history) => {
      readQuery(request, []);
      const update = history.latest;
      if (!update) throw ApiError.notFound('no update has been recorded yet');
      return { update };
    }),
  });

  registerGet(app, {
    url: '/changes',
    guard,
    schema: doc('List changes, in update order', ChangesPageSchema, { querystring: ChangesQuerySchema }),
    handler: answer('/changes', (request, history) => {
      const page = history.listChanges(readQuery(request, CHANGES_PARAMS), services.cursors);
      return { changes: page.items, next_cursor: page.next_cursor };
    }),
  });

  registerGet(app, {
    url: '/changes/:change_id',
    guard,
    schema: doc('One change', ChangeEnvelopeSchema, { params: { type: 'object', properties: { change_id: { type: 'string', example: 'chg-20260331-000001' } } } }),
    handler: answer('/changes/:change_id', (request, history) => {
      readQuery(request, []);
      const id = (request.params as { change_id: string }).change_id;
      const change = history.change(id);
      if (!change) throw ApiError.notFound(`change ${id} does not exist`);
      return { change };
    }),
  });
}

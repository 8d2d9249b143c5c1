/**
 * The Change History API (docs/history.md): updates and changes of the dataset, read from the
 * in-memory history of the live dataset, and the lineage of each code (docs/lineage.md), derived
 * from the snapshot served. Its own rate limit, counted apart from Search
 * (docs/access.md), and the detailed error shape (src/http/edge/error-shapes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangesQuery, HistoryView } from '../../../history/history-view.js';
import { accessGuard } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
import { cachedAnswer } from '../../edge/answer-cache.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { DETAILED_ERRORS } from '../../edge/error-shapes.js';
import type { AppServices } from '../../services.js';
import { LINEAGE } from '../../../lineage/served.js';
import { DetailedErrorSchema } from '../../edge/detailed-schemas.js';
import {
  ChangeEnvelopeSchema,
  ChangeIdParamsSchema,
  ChangesPageSchema,
  ChangesQuerySchema,
  LatestUpdateSchema,
  LineageBankParamsSchema,
  LineageBranchParamsSchema,
  LineageEnvelopeSchema,
  NoQuerySchema,
  UpdatesPageSchema,
  UpdatesQuerySchema,
} from './schemas.js';
import { registerGet } from '../../edge/register.js';
import { sendJson } from '../../edge/writer.js';

/** docs/history.md: 2 requests per second and 5,000 per day per key, whatever the plan. */
export const HISTORY_LIMITS = Object.freeze({ perSecond: 2, perDay: 5000 });

/** The query as the route's schema validated it (schemas.ts): each parameter given once, limit an integer. */
function queryOf(request: FastifyRequest): ChangesQuery {
  return request.query as ChangesQuery;
}

/** The Change History API, registered under the prefix `/history/v1`. */
export function historyApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (app) => registerHistoryRoutes(app, services);
}

function registerHistoryRoutes(app: FastifyInstance, services: AppServices): void {
  handleErrorsAs(app, DETAILED_ERRORS);
  const guard = accessGuard(services, { bucket: 'history', limits: HISTORY_LIMITS });
  const doc = (summary: string, ok: object, extra: object = {}) => ({
    summary,
    tags: ['Change History'],
    security: [{ apiKeyHeader: [] }],
    response: { 200: ok, '4xx': DetailedErrorSchema },
    ...extra,
  });
  /**
   * A route answering from the history served now: the answer is serialized by the route's
   * response schema and kept with the snapshot (edge/answer-cache.ts), which an import replaces
   * together with the history.
   */
  const route = (path: string, schema: object, make: (request: FastifyRequest, history: HistoryView) => object) =>
    registerGet(app, {
      url: path,
      guard,
      schema,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const history = services.history.history;
        return sendJson(reply, await cachedAnswer(services.snapshots.current, request, () => reply.serialize(make(request, history)) as string));
      },
    });

  route('/updates', doc('List dataset updates, oldest first', UpdatesPageSchema, { querystring: UpdatesQuerySchema }), (request, history) => {
    const page = history.listUpdates(queryOf(request), services.cursors);
    return { updates: page.items, next_cursor: page.next_cursor };
  });

  route('/updates/latest', doc('The latest update: the one of the snapshot being served', LatestUpdateSchema, { querystring: NoQuerySchema }), (_request, history) => {
    const update = history.latest;
    if (!update) throw ApiError.notFound('no update has been recorded yet');
    return { update };
  });

  route('/changes', doc('List changes, in update order', ChangesPageSchema, { querystring: ChangesQuerySchema }), (request, history) => {
    const page = history.listChanges(queryOf(request), services.cursors);
    return { changes: page.items, next_cursor: page.next_cursor };
  });

  // Lineage (docs/lineage.md): computed from the snapshot served now, serialized by the schema.
  const lineageDoc = (summary: string, params: object) => doc(summary, LineageEnvelopeSchema, { params, querystring: NoQuerySchema });
  registerGet(app, {
    url: '/lineage/:bankCode',
    guard,
    schema: lineageDoc('Where an institution code went: its status today, successor and every change since 2019', LineageBankParamsSchema),
    handler: async (request) => {
      const { bankCode } = request.params as { bankCode: string };
      // Built in slices when a request needs it first (src/dataset/snapshot.ts deriveInSlices).
      const lineage = (await services.snapshots.current.deriveInSlices(LINEAGE)).bank(bankCode);
      if (!lineage) throw ApiError.notFound(`bank code ${bankCode} is in no version of the data`);
      return { lineage };
    },
  });
  registerGet(app, {
    url: '/lineage/:bankCode/:branchCode',
    guard,
    schema: lineageDoc('Where a branch code went: its status today, successor and every change since 2019', LineageBranchParamsSchema),
    handler: async (request) => {
      const { bankCode, branchCode } = request.params as { bankCode: string; branchCode: string };
      const lineage = (await services.snapshots.current.deriveInSlices(LINEAGE)).branch(bankCode, branchCode);
      if (!lineage) throw ApiError.notFound(`branch code ${bankCode}-${branchCode} is in no version of the data`);
      return { lineage };
    },
  });

  route('/changes/:change_id', doc('One change', ChangeEnvelopeSchema, { params: ChangeIdParamsSchema, querystring: NoQuerySchema }), (request, history) => {
    const id = (request.params as { change_id: string }).change_id;
    const change = history.change(id);
    if (!change) throw ApiError.notFound(`change ${id} does not exist`);
    return { change };
  });
}

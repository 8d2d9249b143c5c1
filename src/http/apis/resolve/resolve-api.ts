/**
 * POST /resolve/v1/bank-branch (docs/resolve.md): the Resolve matcher over HTTP; and
 * POST /resolve/v1/bank-branch/batch: up to 1,000 pairs in one request, counted as that many
 * requests of the day and as one of the second (docs/resolve.md#batch). Registered in its own
 * plugin so that it reads JSON its own way and answers errors in its own shape: the body arrives
 * as text and resolve/body.ts turns every problem into a 422 naming the field (docs/errors.md).
 *
 * Order of checks: key (401/403/429/503, before the body is read) → body size (413) → media
 * type (415) → body (422: JSON, then its schema) → for a batch, its other N − 1 requests of the
 * day (429, the whole batch, which is then not counted at all) → answer. Other methods on the
 * path answer 405.
 */
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LimitPolicy } from '../../../access/access-control.js';
import type { Snapshot } from '../../../dataset/snapshot.js';
import { cachedResult } from '../../../dataset/result-cache.js';
import { mapInSlices } from '../../../shared/slices.js';
import { MAX_INPUT_LENGTH, resolve } from '../../../resolve/resolve.js';
import { RESOLVE_INDEX } from '../../../resolve/resolve-index.js';
import type { ResolveAnswer, ResolveInput } from '../../../resolve/types.js';
import { accessGuard, chargeItems } from '../../edge/access-guard.js';
import { sendJson } from '../../edge/writer.js';
import { batchItemsOf } from './batch-body.js';
import { RESOLVE_BATCH_BODY_LIMIT, RESOLVE_BODY_LIMIT } from './limits.js';
import { installDetailedJsonBodies, missingBody, RESOLVE_SHAPE, resolveInputOf } from './body.js';
import { ResolveBatchRequestSchema, ResolveBatchResponseSchema, ResolveMessageErrorSchema, ResolveRequestSchema, ResolveResponseSchema, ResolveValidationErrorSchema } from './schemas.js';
import type { AppServices } from '../../services.js';
import { registerPost } from '../../edge/register.js';

export const RESOLVE_PREFIX = '/resolve/v1';
export const RESOLVE_PATH = `${RESOLVE_PREFIX}/bank-branch`;
export const DEBUG_HEADER = 'x-debug-resolve';
export const RESOLVE_BATCH_PATH = `${RESOLVE_PATH}/batch`;

const RESOLVE_POLICY: LimitPolicy = { bucket: 'resolve' };

/** Estimated bytes of a kept answer: the object, its reasons, and each candidate. */
const ANSWER_BYTES = 400;
const CANDIDATE_BYTES = 150;

/**
 * The answer to one input: the matcher is a function of the snapshot and the input, so a
 * repeated input (the same bank and branch typed by many users) is answered from the results
 * kept per snapshot.
 */
function answerOf(snapshot: Snapshot, input: ResolveInput): ResolveAnswer {
  return cachedResult(
    snapshot,
    `resolve\n${input.context ?? ''}\n${input.bankName.slice(0, MAX_INPUT_LENGTH)}\n${input.branchName.slice(0, MAX_INPUT_LENGTH)}`,
    () => resolve(snapshot, input).answer,
    (answer) => ANSWER_BYTES + CANDIDATE_BYTES * answer.candidates.length,
  );
}

/**
 * The snapshot served now, its Resolve index ready: built in slices if a request needs it first
 * (right after a start or an import), and each bank's branch index then warmed a bank at a time
 * between requests, from the first Resolve request on: processes that never resolve never build it.
 */
async function resolveReady(services: AppServices): Promise<Snapshot> {
  const snapshot = services.snapshots.current;
  await snapshot.deriveInSlices(RESOLVE_INDEX);
  snapshot.warm(RESOLVE_INDEX);
  return snapshot;
}

function wantsDebug(request: FastifyRequest): boolean {
  const value = request.headers[DEBUG_HEADER];
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() === 'true';
}

/** The Resolve API, registered under the prefix `/resolve/v1`. */
export function resolveApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (scope) => {
    const guard = accessGuard(services, RESOLVE_POLICY);
    // Every problem of the body at once, in the 422 shape of docs/errors.md (body.ts).
    installDetailedJsonBodies(scope, RESOLVE_SHAPE, RESOLVE_BODY_LIMIT);

    registerPost(scope, {
      bodyLimit: RESOLVE_BODY_LIMIT,
      url: RESOLVE_PATH.slice(RESOLVE_PREFIX.length),
      guard,
      schema: {
        summary: 'Resolve a typed bank and branch name to official codes',
        description: 'Candidates (at most 10) and a decision: auto_confirm, needs_review, ambiguous or unresolved. See docs/resolve.md.',
        tags: ['Resolve v1 (beta)'],
        security: [{ apiKeyHeader: [] }],
        headers: { type: 'object', properties: { [DEBUG_HEADER]: { type: 'string', enum: ['true'], description: 'Adds `debug`: normalized input, scores per candidate, dataset version' } } },
        body: ResolveRequestSchema,
        response: { 200: ResolveResponseSchema, 401: ResolveMessageErrorSchema, 422: ResolveValidationErrorSchema, '4xx': ResolveMessageErrorSchema },
      },
      // Validation sees a missing body as null, like a JSON null: tell the two apart first.
      preValidation: (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        done(request.body === undefined ? missingBody(['bank_name', 'branch_name']) : undefined);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const input = resolveInputOf(request.body);
        const snapshot = await resolveReady(services);
        if (wantsDebug(request)) {
          // A debug view is made afresh: the kept answers hold the JSON and the decision only.
          const outcome = resolve(snapshot, input);
          scope.metrics.resolveDecisions.inc({ decision: outcome.answer.decision });
          sendJson(reply, JSON.stringify({ ...outcome.answer, debug: outcome.debug }));
          return;
        }
        const answer = answerOf(snapshot, input);
        scope.metrics.resolveDecisions.inc({ decision: answer.decision });
        sendJson(reply, JSON.stringify(answer));
      },
    });

    registerPost(scope, {
      bodyLimit: RESOLVE_BATCH_BODY_LIMIT,
      url: RESOLVE_BATCH_PATH.slice(RESOLVE_PREFIX.length),
      guard,
      schema: {
        summary: 'Resolve up to 1,000 bank and branch names in one request',
        description: `Each item is answered as POST ${RESOLVE_PATH} answers it, in order, with its id. A batch of N items counts as N requests against the key's daily limit and as one request against its per-second limit; if the N do not fit the day, the whole batch is refused with 429 and not counted. No debug. See docs/resolve.md#batch.`,
        tags: ['Resolve v1 (beta)'],
        security: [{ apiKeyHeader: [] }],
        body: ResolveBatchRequestSchema,
        response: { 200: ResolveBatchResponseSchema, 401: ResolveMessageErrorSchema, 422: ResolveValidationErrorSchema, '4xx': ResolveMessageErrorSchema },
      },
      preValidation: (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        done(request.body === undefined ? missingBody(['items']) : undefined);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const items = batchItemsOf(request.body);
        await chargeItems(services, request, reply, RESOLVE_POLICY, items.length, scope.metrics);
        const snapshot = await resolveReady(services);
        // In slices that share the event loop (src/shared/slices.ts): 1,000 names in romaji take
        // a few hundred milliseconds, which other clients must not wait for.
        const results = await mapInSlices(items, ({ id, input }) => ({ id, ...answerOf(snapshot, input) }));
        for (const { decision } of results) scope.metrics.resolveDecisions.inc({ decision });
        return sendJson(reply, JSON.stringify({ results }));
      },
    });
  };
}

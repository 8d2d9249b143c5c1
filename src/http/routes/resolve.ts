/**
 * POST /resolve/v1/bank-branch (SPEC.md §4.8): the Resolve matcher over HTTP. Registered in
 * its own scope so that it reads JSON its own way: the body arrives as text and
 * resolve/body.ts turns every problem into a 422 naming the field (SPEC.md §7.2).
 *
 * Order of checks: key (401/403/429/503, before the body is read) → body size (413) → media
 * type (415) → body (422) → answer. Other methods on the path answer 405.
 */
import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Directory } from '../../dataset/directory.js';
import { cachedResult } from '../../search/result-cache.js';
import { MAX_INPUT_LENGTH, resolve } from '../../resolve/resolve.js';
import { resolveIndex } from '../../resolve/resolve-index.js';
import { accessGuard } from '../access-guard.js';
import { RawJsonBody, readResolveBody } from '../resolve/body.js';
import { ResolveMessageErrorSchema, ResolveRequestSchema, ResolveResponseSchema, ResolveValidationErrorSchema } from '../schemas/resolve.js';
import type { AppServices } from '../services.js';
import { registerPost } from './register.js';

export const RESOLVE_PATH = '/resolve/v1/bank-branch';
/** Two names of at most 200 characters fit many times over; anything larger is not a resolve request. */
export const RESOLVE_BODY_LIMIT = 16 * 1024;
export const DEBUG_HEADER = 'x-debug-resolve';

function wantsDebug(request: FastifyRequest): boolean {
  const value = request.headers[DEBUG_HEADER];
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase() === 'true';
}

/**
 * Builds every bank's branch index a bank at a time between other work, once per dataset,
 * starting with its first resolve request: later requests do not pay for it, and processes
 * that never resolve (most tests, Search-only deployments) never build it. A bank not yet
 * indexed is indexed when a request needs it.
 */
function warmInBackground(directory: Directory): void {
  const index = resolveIndex(directory);
  const codes = directory.banks.map((b) => b.code);
  let next = 0;
  const step = () => {
    const until = performance.now() + 5;
    while (next < codes.length && performance.now() < until) index.branches(codes[next++]!);
    if (next < codes.length) setImmediate(step).unref();
  };
  setImmediate(step).unref();
}

export async function registerResolveApi(app: FastifyInstance, services: AppServices): Promise<void> {
  const warmed = new WeakSet<Directory>();
  const guard = accessGuard(services, { bucket: 'resolve' });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: RESOLVE_BODY_LIMIT }, (_request, body, done) => {
      done(null, new RawJsonBody(body as string));
    });

    registerPost(scope, {
      bodyLimit: RESOLVE_BODY_LIMIT,
      url: RESOLVE_PATH,
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
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const input = readResolveBody(request.body);
        const directory = services.directories.current;
        if (!warmed.has(directory)) {
          warmed.add(directory);
          warmInBackground(directory);
        }
        // The matcher is a function of the snapshot and the input: a repeated input (the same
        // bank and branch typed by many users) is answered from the results kept per snapshot.
        const { outcome, json } = cachedResult(directory, `resolve\n${input.context ?? ''}\n${input.bankName.slice(0, MAX_INPUT_LENGTH)}\n${input.branchName.slice(0, MAX_INPUT_LENGTH)}`, () => {
          const made = resolve(directory, input);
          return { outcome: made, json: JSON.stringify(made.answer) };
        });
        app.metrics.resolveDecisions.inc({ decision: outcome.answer.decision });
        const body = wantsDebug(request) ? JSON.stringify({ ...outcome.answer, debug: outcome.debug }) : json;
        return reply.type('application/json; charset=utf-8').send(body);
      },
    });
  });
}

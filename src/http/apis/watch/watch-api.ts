/**
 * The Watch API (docs/webhooks.md): a key's webhooks, the codes they watch and where their events
 * go, under `/watch/v1`. A key sees and changes only its own webhooks: another key's id is a 404
 * like an id that does not exist. Counted per key in its own bucket, `watch`, within the plan's
 * limits; how many webhooks and codes a key may have is the plan's too (docs/access.md). Errors
 * in the detailed shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jstTimestamp } from '../../../history/records.js';
import { hostProblem } from '../../../delivery/receiver-address.js';
import type { AttemptRecord } from '../../../store/webhook-outbox.js';
import { previousSigns, WebhookLimitReached, type WebhookRecord } from '../../../store/webhook-store.js';
import { checkReceiverUrl } from '../../../webhooks/address-rules.js';
import { DELIVERIES_DEFAULT_LIMIT, FEED_MAX_LIMIT, MAX_CODES_PER_WEBHOOK, MAX_PREVIOUS_SECRET_SECONDS, WEBHOOK_BODY_LIMIT_BYTES } from '../../../webhooks/limits.js';
import { newWebhookSecret } from '../../../webhooks/signature.js';
import { distinctCodes, unknownCodes } from '../../../webhooks/watched-codes.js';
import { LINEAGE } from '../../../lineage/served.js';
import { accessGuard } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
import { DetailedErrorSchema } from '../../edge/detailed-schemas.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { DETAILED_ERRORS } from '../../edge/error-shapes.js';
import { registerMethods } from '../../edge/register.js';
import { sendJson } from '../../edge/writer.js';
import type { AppServices } from '../../services.js';
import {
  ChangeWebhookSchema,
  CreateWebhookSchema,
  DeliveriesQuerySchema,
  DeliveriesSchema,
  EventsPageSchema,
  EventsQuerySchema,
  NoQuerySchema,
  RotateSecretSchema,
  TestDeliverySchema,
  WebhookEnvelopeSchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
  WebhookWithSecretSchema,
} from './schemas.js';

export const WATCH_PREFIX = '/watch/v1';

/** A webhook as the API shows it: never its secrets. */
function present(record: WebhookRecord, now = Date.now()) {
  return {
    id: record.id,
    url: record.url,
    codes: record.codes,
    description: record.description,
    created_at: record.createdAt,
    disabled_at: record.disabledAt,
    disabled_reason: record.disabledReason,
    previous_secret_expires_at: previousSigns(record.previousSecretUntil, now) ? jstTimestamp(record.previousSecretUntil!) : null,
  };
}

function presentAttempt(a: AttemptRecord) {
  return { event_id: a.eventId, attempt: a.attempt, at: a.at, status: a.status, latency_ms: a.latencyMs, outcome: a.outcome, error: a.error };
}

/** A 400 naming a field of the body. */
function bodyError(field: string, value: unknown, message: string): ApiError {
  const invalidValue = (typeof value === 'string' ? value : JSON.stringify(value) ?? '').slice(0, 200);
  return new ApiError(400, message, [{ message, paramName: field, invalidValue, type: 'value_error', loc: ['body', field], input: invalidValue }]);
}

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

/** The Watch API, registered under the prefix `/watch/v1`. */
export function watchApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (app) => registerWatchRoutes(app, services);
}

function registerWatchRoutes(app: FastifyInstance, services: AppServices): void {
  handleErrorsAs(app, DETAILED_ERRORS);
  const guard = accessGuard(services, { bucket: 'watch' });
  const { webhooks, outbox } = services.webhooks;
  const allowPrivate = services.webhooks.options.allowPrivate;
  const doc = (summary: string, ok: Record<number, object>, extra: object = {}) => ({
    summary,
    tags: ['Watch'],
    security: [{ apiKeyHeader: [] }],
    response: { ...ok, '4xx': DetailedErrorSchema },
    ...extra,
  });
  const keyOf = (request: FastifyRequest) => request.apiKey!.id;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  async function ownWebhook(request: FastifyRequest): Promise<WebhookRecord> {
    const id = idOf(request);
    const record = await webhooks.get(keyOf(request), id);
    if (!record) throw ApiError.notFound(`webhook ${id} does not exist`);
    return record;
  }

  /** The receiver's URL, or a 400 naming `url`: its scheme and form, then every address its host resolves to. */
  async function checkedUrl(text: string): Promise<string> {
    const check = checkReceiverUrl(text, allowPrivate);
    if (!check.ok) throw bodyError('url', text, check.message);
    const problem = check.literal ? undefined : await hostProblem(check.host, allowPrivate);
    if (problem) throw bodyError('url', text, problem);
    return check.url.href;
  }

  /** The codes each once, or a 400 naming `codes`: more than the plan allows, or codes no version of the data lists. */
  async function checkedCodes(request: FastifyRequest, given: readonly string[]): Promise<string[]> {
    const codes = distinctCodes(given);
    const plan = request.plan!;
    const allowed = Math.min(plan.webhookCodes, MAX_CODES_PER_WEBHOOK);
    if (codes.length > allowed) throw bodyError('codes', `${codes.length} codes`, `codes holds ${plural(codes.length, 'code')}; the plan "${plan.name}" of this API key allows ${plural(allowed, 'code')} per webhook`);
    // Built in slices when this request needs it first (src/dataset/snapshot.ts deriveInSlices).
    const unknown = unknownCodes(codes, await services.snapshots.current.deriveInSlices(LINEAGE));
    if (unknown.length > 0) throw bodyError('codes', unknown.join(','), `codes holds codes no version of the data lists: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}`);
    return codes;
  }

  registerMethods(app, '/webhooks', {
    GET: {
      guard,
      schema: doc("This key's webhooks, oldest first", { 200: WebhookListSchema }, { querystring: NoQuerySchema }),
      handler: async (request) => ({ webhooks: (await webhooks.list(keyOf(request))).map((record) => present(record)) }),
    },
    POST: {
      guard,
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: doc('Create a webhook: its signing secret is in this answer only', { 201: WebhookWithSecretSchema }, { body: CreateWebhookSchema, querystring: NoQuerySchema }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const body = request.body as { url: string; codes: string[]; description?: string | null };
        const plan = request.plan!;
        const noMoreWebhooks = () => new ApiError(403, plan.webhooks === 0 ? `the plan "${plan.name}" of this API key includes no webhooks` : `the plan "${plan.name}" of this API key allows ${plural(plan.webhooks, 'webhook')}; delete one to create another`);
        // A plan without webhooks is refused before the body is looked at; otherwise the store
        // checks the count as it inserts, so two creates at once cannot both take the last place.
        if (plan.webhooks === 0) throw noMoreWebhooks();
        const codes = await checkedCodes(request, body.codes);
        const url = await checkedUrl(body.url);
        const secret = newWebhookSecret();
        const record = await webhooks.create({ keyId: keyOf(request), url, codes, description: body.description ?? null, secret, createdAt: jstTimestamp(Date.now()) }, plan.webhooks).catch((error: unknown) => {
          throw error instanceof WebhookLimitReached ? noMoreWebhooks() : error;
        });
        // The secret exists in this answer and the store only: no log line carries a body.
        return reply.code(201).send({ webhook: present(record), secret });
      },
    },
  });

  const withId = (summary: string, ok: Record<number, object>, extra: object = {}) => doc(summary, ok, { params: WebhookIdParamsSchema, ...extra });

  registerMethods(app, '/webhooks/:id', {
    GET: {
      guard,
      schema: withId('One of this key’s webhooks', { 200: WebhookEnvelopeSchema }, { querystring: NoQuerySchema }),
      handler: async (request) => ({ webhook: present(await ownWebhook(request)) }),
    },
    PATCH: {
      guard,
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: withId('Change the URL, codes or description of a webhook, or stop and start its deliveries', { 200: WebhookEnvelopeSchema }, { body: ChangeWebhookSchema, querystring: NoQuerySchema }),
      handler: async (request) => {
        const record = await ownWebhook(request);
        const body = request.body as { url?: string; codes?: string[]; description?: string | null; enabled?: boolean };
        const codes = body.codes === undefined ? undefined : await checkedCodes(request, body.codes);
        const url = body.url === undefined ? undefined : await checkedUrl(body.url);
        const changed = await webhooks.update(keyOf(request), record.id, {
          ...(url === undefined ? {} : { url }),
          ...(codes === undefined ? {} : { codes }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
          at: jstTimestamp(Date.now()),
        });
        if (!changed) throw ApiError.notFound(`webhook ${record.id} does not exist`);
        return { webhook: present(changed) };
      },
    },
    DELETE: {
      guard,
      schema: withId('Delete a webhook, its pending events and its delivery log', { 204: { description: 'Deleted', type: 'null' } }, { querystring: NoQuerySchema }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const id = idOf(request);
        if (!(await webhooks.delete(keyOf(request), id))) throw ApiError.notFound(`webhook ${id} does not exist`);
        return reply.code(204).send();
      },
    },
  });

  registerMethods(app, '/webhooks/:id/deliveries', {
    GET: {
      guard,
      schema: withId("The webhook's latest delivery attempts, newest first: status, latency, error", { 200: DeliveriesSchema }, { querystring: DeliveriesQuerySchema }),
      handler: async (request) => {
        const record = await ownWebhook(request);
        const limit = (request.query as { limit?: number }).limit ?? DELIVERIES_DEFAULT_LIMIT;
        return { deliveries: (await outbox.attempts(record.id, limit)).map(presentAttempt) };
      },
    },
  });

  registerMethods(app, '/webhooks/:id/events', {
    GET: {
      guard,
      schema: withId("The webhook's events, oldest first, from after a given one: the pull feed, for receivers that cannot be reached", { 200: EventsPageSchema }, { querystring: EventsQuerySchema }),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const record = await ownWebhook(request);
        const { after, limit = FEED_MAX_LIMIT } = request.query as { after?: string; limit?: number };
        const page = await outbox.feed(record.id, after, limit);
        if (!page) throw ApiError.invalidParameter('after', after!, `after is not the id of an event of webhook ${record.id}`);
        // The events exactly as delivered: their stored bodies, not serialized again.
        return sendJson(reply, `{"events":[${page.payloads.join(',')}],"has_more":${page.hasMore}}`);
      },
    },
  });

  registerMethods(app, '/webhooks/:id/test', {
    POST: {
      guard,
      schema: withId('Send a signed ping to the webhook now and answer how its receiver answered', { 200: TestDeliverySchema }, { querystring: NoQuerySchema }),
      handler: async (request) => {
        const record = await ownWebhook(request);
        const secrets = (await webhooks.secretsOf(record.id))!;
        return { delivery: presentAttempt(await services.webhooks.ping(record, secrets)) };
      },
    },
  });

  registerMethods(app, '/webhooks/:id/secret', {
    POST: {
      guard,
      schema: withId('Rotate the signing secret: the new one is in this answer only; the replaced one keeps signing beside it for previous_valid_seconds', { 200: WebhookWithSecretSchema }, { body: RotateSecretSchema, querystring: NoQuerySchema }),
      // No body at all is the default rotation, as {} is.
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
      handler: async (request) => {
        const record = await ownWebhook(request);
        const keep = (request.body as { previous_valid_seconds?: number }).previous_valid_seconds ?? MAX_PREVIOUS_SECRET_SECONDS;
        const now = Date.now();
        const secret = newWebhookSecret();
        const rotated = await webhooks.rotateSecret(keyOf(request), record.id, secret, keep === 0 ? null : now + keep * 1000);
        if (!rotated) throw ApiError.notFound(`webhook ${record.id} does not exist`);
        // As at creation: the secret is in this answer and the store only.
        return { webhook: present(rotated, now), secret };
      },
    },
  });
}

/**
 * TypeBox schemas of the Watch API (docs/webhooks.md): the bodies its routes validate
 * (src/http/edge/validation.ts: a 400 naming the field), its parameters and its answers, as the
 * OpenAPI document publishes them. Examples are real answers on the bundled data.
 */
import { Type } from '@sinclair/typebox';
import { querySchema } from '../../edge/detailed-schemas.js';
import { ChangeSchema, LineageEnvelopeSchema } from '../history/schemas.js';
import { EVENT_ID } from '../../../webhooks/events.js';
import { DELIVERIES_DEFAULT_LIMIT, DELIVERIES_MAX_LIMIT, FEED_MAX_LIMIT, MAX_CODES_PER_WEBHOOK, MAX_DESCRIPTION_LENGTH, MAX_PREVIOUS_SECRET_SECONDS, MAX_RECEIVER_URL_LENGTH } from '../../../webhooks/limits.js';
import { WATCHED_CODE_PATTERN } from '../../../webhooks/watched-codes.js';

const nullableString = (extra: object = {}) => Type.Union([Type.String(extra), Type.Null()]);

const CODES_MESSAGE = 'each of codes must be a bank code (4 digits, e.g. 0537) or a bank and branch code (e.g. 0005-135)';

const url = Type.String({
  description: 'Where events are POSTed: https:// (http:// too on a server started with --webhook-allow-private); not a loopback, private, link-local or metadata address',
  maxLength: MAX_RECEIVER_URL_LENGTH,
  example: 'https://erp.example.co.jp/hooks/ginko',
  'x-error-message': { required: 'url is required', type: 'url must be a string', maxLength: `url must be at most ${MAX_RECEIVER_URL_LENGTH} characters` },
});

const codes = Type.Array(Type.String({ pattern: WATCHED_CODE_PATTERN }), {
  description: `The codes to watch, 1 to the plan's limit (at most ${MAX_CODES_PER_WEBHOOK}): a bank code watches the bank and all its branches, a bank and branch code one branch; a code that merged or changed is followed to its successor`,
  minItems: 1,
  maxItems: MAX_CODES_PER_WEBHOOK,
  example: ['0537', '0005-135'],
  'x-error-message': { required: 'codes is required', type: 'codes must be an array of codes', minItems: 'codes must hold at least one code', maxItems: `codes may hold at most ${MAX_CODES_PER_WEBHOOK} codes`, pattern: CODES_MESSAGE },
});

const description = Type.Union([Type.String({ maxLength: MAX_DESCRIPTION_LENGTH }), Type.Null()], {
  description: `A note of your own, at most ${MAX_DESCRIPTION_LENGTH} characters`,
  example: 'payees of the accounts-payable system',
  'x-error-message': `description must be a string of at most ${MAX_DESCRIPTION_LENGTH} characters, or null`,
});

const BODY_FIELDS = (names: readonly string[]) => `field "{name}" is not accepted here; accepted: ${names.join(', ')}`;

export const CreateWebhookSchema = Type.Object(
  { url, codes, description: Type.Optional(description) },
  { additionalProperties: false, 'x-unknown-parameter': BODY_FIELDS(['url', 'codes', 'description']), 'x-error-message': { type: 'the body must be a JSON object with url and codes' } },
);

export const ChangeWebhookSchema = Type.Object(
  {
    url: Type.Optional(url),
    codes: Type.Optional(codes),
    description: Type.Optional(description),
    enabled: Type.Optional(Type.Boolean({ description: 'false stops deliveries; true starts them again (after a 410 Gone disabled the webhook)', example: true, 'x-error-message': 'enabled must be true or false' })),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    'x-unknown-parameter': BODY_FIELDS(['url', 'codes', 'description', 'enabled']),
    'x-error-message': { type: 'the body must be a JSON object with url, codes, description or enabled', minProperties: 'the body must change at least one of url, codes, description, enabled' },
  },
);

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ example: 'wh_3f9a0c1b2d4e5f60' }),
    url: Type.String({ example: 'https://erp.example.co.jp/hooks/ginko' }),
    codes: Type.Array(Type.String(), { example: ['0537', '0005-135'] }),
    description: nullableString({ example: 'payees of the accounts-payable system' }),
    created_at: Type.String({ description: 'ISO 8601 with +09:00', example: '2026-11-22T19:04:26+09:00' }),
    disabled_at: nullableString({ description: 'When deliveries stopped (410 Gone from the receiver, or enabled: false); null while enabled', example: null }),
    disabled_reason: nullableString({ example: null }),
    previous_secret_expires_at: nullableString({ description: 'Until when the secret the last rotation replaced still signs deliveries beside the current one; null when it does not', example: null }),
  },
  { additionalProperties: false },
);

/** The answer of a create and of a rotation: the webhook, and its new secret, which no later answer shows. */
export const WebhookWithSecretSchema = Type.Object(
  {
    webhook: WebhookSchema,
    secret: Type.String({ description: 'The signing secret: shown in this answer only', example: 'whsec_Qm9vZ2xlIGlzIG5vdCBhIHNlY3JldCBrZXkh' }),
  },
  { additionalProperties: false },
);

export const RotateSecretSchema = Type.Object(
  {
    previous_valid_seconds: Type.Optional(
      Type.Integer({
        description: `How long the replaced secret keeps signing beside the new one, 0 to ${MAX_PREVIOUS_SECRET_SECONDS} seconds; default ${MAX_PREVIOUS_SECRET_SECONDS} (a day). 0: it stops at once`,
        minimum: 0,
        maximum: MAX_PREVIOUS_SECRET_SECONDS,
        example: 3600,
        'x-error-message': `previous_valid_seconds must be an integer from 0 to ${MAX_PREVIOUS_SECRET_SECONDS}`,
      }),
    ),
  },
  { additionalProperties: false, 'x-unknown-parameter': BODY_FIELDS(['previous_valid_seconds']), 'x-error-message': { type: 'the body must be a JSON object, {} or with previous_valid_seconds' } },
);

export const WebhookEnvelopeSchema = Type.Object({ webhook: WebhookSchema }, { additionalProperties: false });
export const WebhookListSchema = Type.Object({ webhooks: Type.Array(WebhookSchema) }, { additionalProperties: false });

export const DeliverySchema = Type.Object(
  {
    event_id: Type.String({ example: 'evt_5b0e9c3f1a2d4e6f7a8b9c0d' }),
    attempt: Type.Integer({ minimum: 1, example: 1 }),
    at: Type.String({ description: 'When the attempt began: ISO 8601 with milliseconds and +09:00', example: '2026-11-22T19:04:28.513+09:00' }),
    status: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status; null when it did not answer", example: 200 }),
    latency_ms: Type.Integer({ example: 41 }),
    outcome: Type.Union([Type.Literal('delivered'), Type.Literal('retry'), Type.Literal('gone')], { description: 'delivered (2xx), gone (410: the webhook was disabled) or retry (anything else)', example: 'delivered' }),
    error: nullableString({ description: "Why it failed: the receiver's status and the start of its body, or why there was no answer", example: null }),
  },
  { additionalProperties: false },
);

export const DeliveriesSchema = Type.Object({ deliveries: Type.Array(DeliverySchema, { description: 'Newest first' }) }, { additionalProperties: false });
export const TestDeliverySchema = Type.Object({ delivery: DeliverySchema }, { additionalProperties: false });

export const ChangeEventSchema = Type.Object(
  {
    id: Type.String({ description: 'Also in the Ginko-Event-Id header: handle each id once', example: 'evt_5b0e9c3f1a2d4e6f7a8b9c0d' }),
    type: Type.Literal('change'),
    created_at: Type.String({ example: '2026-11-22T19:04:26+09:00' }),
    change: ChangeSchema,
    lineage: Type.Union([LineageEnvelopeSchema.properties.lineage, Type.Null()], { description: 'The lineage of the changed code when it is merged, code_changed or closed; null otherwise' }),
  },
  { additionalProperties: false },
);

export const EventsPageSchema = Type.Object(
  {
    events: Type.Array(ChangeEventSchema, { description: 'Oldest first' }),
    has_more: Type.Boolean({ description: 'true: ask again with after set to the id of the last event' }),
  },
  { additionalProperties: false },
);

export const WebhookIdParamsSchema = Type.Object({ id: Type.String({ example: 'wh_3f9a0c1b2d4e5f60', maxLength: 100, 'x-error-message': 'id is not the id of a webhook' }) });

export const NoQuerySchema = querySchema({});

export const DeliveriesQuerySchema = querySchema({
  limit: Type.Optional(
    Type.Integer({ description: `1 to ${DELIVERIES_MAX_LIMIT}; default ${DELIVERIES_DEFAULT_LIMIT}`, minimum: 1, maximum: DELIVERIES_MAX_LIMIT, example: 20, 'x-error-message': `limit must be an integer from 1 to ${DELIVERIES_MAX_LIMIT}` }),
  ),
});

export const EventsQuerySchema = querySchema({
  after: Type.Optional(Type.String({ description: 'The id of the last event you have: the page starts after it', pattern: EVENT_ID.source, example: 'evt_5b0e9c3f1a2d4e6f7a8b9c0d', 'x-error-message': 'after must be the id of an event, evt_ and 24 hex digits' })),
  limit: Type.Optional(Type.Integer({ description: `1 to ${FEED_MAX_LIMIT}; default ${FEED_MAX_LIMIT}`, minimum: 1, maximum: FEED_MAX_LIMIT, example: 100, 'x-error-message': `limit must be an integer from 1 to ${FEED_MAX_LIMIT}` })),
});

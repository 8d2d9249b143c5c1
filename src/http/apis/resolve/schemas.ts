/**
 * TypeBox schemas of the Resolve API (docs/resolve.md), for the OpenAPI document.
 * Examples are real answers for the bundled dataset.
 */
import { Type } from '@sinclair/typebox';
import { CONTEXT_POLICIES } from '../../../resolve/policy.js';
import { DECISIONS, REASON_CODES, RESOLVE_CONTEXTS, type ResolveContext } from '../../../resolve/types.js';
import { MAX_BATCH_ITEMS, MAX_ID_LENGTH, MAX_NAME_LENGTH } from './limits.js';

const name = (description: string, example: string) => Type.String({ description, maxLength: MAX_NAME_LENGTH, example });

export const ResolveRequestSchema = Type.Object(
  {
    bank_name: name('Bank name as typed: official, short, reading (kana, hiragana, half-width), abbreviation or alias', 'みずほ'),
    branch_name: name('Branch name as typed, with or without 支店/出張所/営業部; empty to ask for the main office', '東京支店'),
    context: Type.Optional(
      Type.Unsafe<ResolveContext | null>({
        type: 'string',
        enum: [...RESOLVE_CONTEXTS, null],
        nullable: true,
        description: `Judgment policy; default "default" (also when null). Thresholds (auto_total/min_gap): ${RESOLVE_CONTEXTS.map((c) => `${c} ${CONTEXT_POLICIES[c].autoTotal / 100}/${CONTEXT_POLICIES[c].minGap / 100}`).join(', ')}. Any other value is a 422.`,
      }),
    ),
  },
  { description: 'Unknown fields are ignored.' },
);

const MatchSchema = Type.Object(
  {
    bank_code: Type.String({ pattern: '^[0-9]{4}$', example: '0001' }),
    bank_name: Type.String({ example: 'みずほ銀行' }),
    branch_code: Type.String({ pattern: '^[0-9]{3}$', example: '001' }),
    branch_name: Type.String({ example: '東京営業部' }),
  },
  { additionalProperties: false },
);

const ReasonCodeSchema = Type.Union(REASON_CODES.map((c) => Type.Literal(c)));

export const ResolveResponseSchema = Type.Object(
  {
    decision: Type.Union(DECISIONS.map((d) => Type.Literal(d)), { description: 'The contract: only auto_confirm may be used without review', example: 'auto_confirm' }),
    best_match: Type.Optional(MatchSchema),
    candidates: Type.Array(MatchSchema, { maxItems: 10, description: 'Best first; empty when unresolved' }),
    reason_codes: Type.Array(ReasonCodeSchema, { description: 'For explanation and audit, not for the decision' }),
    reason_details: Type.Array(Type.Object({ code: ReasonCodeSchema, message_ja: Type.String() }, { additionalProperties: false })),
    reason_summary_ja: Type.Optional(Type.String({ description: 'Message of the most important reason; present when there is a reason' })),
    debug: Type.Optional(Type.Object({}, { additionalProperties: true, description: 'Only with the header x-debug-resolve: true: normalized input, scores per candidate, dataset version (keys may change during the beta)' })),
  },
  { additionalProperties: false },
);

const BatchIdSchema = Type.Union([Type.String({ maxLength: MAX_ID_LENGTH }), Type.Integer()], { description: 'Echoed back with the item\'s result', example: 'row-1' });

export const ResolveBatchRequestSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { id: BatchIdSchema, bank_name: ResolveRequestSchema.properties.bank_name, branch_name: ResolveRequestSchema.properties.branch_name, context: ResolveRequestSchema.properties.context },
        { description: 'As the body of POST /resolve/v1/bank-branch, with an id. Unknown fields are ignored.' },
      ),
      { minItems: 1, maxItems: MAX_BATCH_ITEMS, description: `1 to ${MAX_BATCH_ITEMS} items; counted as that many requests against the key's limits` },
    ),
  },
  { description: 'Unknown fields are ignored.' },
);

export const ResolveBatchResponseSchema = Type.Object(
  {
    results: Type.Array(Type.Composite([Type.Object({ id: BatchIdSchema }), Type.Omit(ResolveResponseSchema, ['debug'])], { additionalProperties: false }), {
      description: 'One per item, in the order of the items',
    }),
  },
  { additionalProperties: false },
);

export const ResolveMessageErrorSchema = Type.Object(
  { message: Type.String({ example: 'an API key is required: send it in the x-api-key header or the apikey query parameter' }), request_id: Type.String({ example: 'req-1' }) },
  { additionalProperties: false },
);

export const ResolveValidationErrorSchema = Type.Object(
  {
    detail: Type.Array(
      Type.Object(
        {
          type: Type.String({ example: 'missing' }),
          loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), { example: ['body', 'bank_name'] }),
          msg: Type.String({ example: 'Field required' }),
          input: Type.Unknown(),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    request_id: Type.String({ example: 'req-1' }),
  },
  { additionalProperties: false },
);

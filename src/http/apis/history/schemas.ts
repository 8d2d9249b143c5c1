/**
 * TypeBox schemas of the Change History API (docs/history.md): what its routes validate
 * (src/http/edge/validation.ts) and the OpenAPI document publishes.
 */
import { Type } from '@sinclair/typebox';
import { querySchema } from '../../edge/detailed-schemas.js';
import { CHANGE_TYPES, HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT, RESOURCE_TYPES } from '../../../history/history-view.js';
import { LINEAGE_CHANGE_TYPES, LINEAGE_STATUSES } from '../../../lineage/types.js';
import { MAX_CURSOR_LENGTH } from '../../../shared/cursor.js';

const nullableString = (extra: object = {}) => Type.Union([Type.String(extra), Type.Null()]);

export const UpdateSchema = Type.Object(
  {
    update_id: Type.String({ example: 'upd-20260331' }),
    previous_update_id: nullableString({ example: 'upd-20260225' }),
    effective_date: Type.String({ format: 'date', example: '2026-03-31' }),
    created_at: Type.String({ description: 'ISO 8601 with +09:00', example: '2026-11-22T19:04:26+09:00' }),
    run_type: Type.Union([Type.Literal('baseline'), Type.Literal('seed'), Type.Literal('import')], { example: 'seed' }),
    validation_result: Type.String({ example: 'passed' }),
    bank_rows: Type.Integer({ example: 1152 }),
    branch_rows: Type.Integer({ example: 28973 }),
  },
  { additionalProperties: false },
);

const FieldChangeSchema = Type.Object({ field: Type.String({ example: 'name' }), before: nullableString({ example: '市ケ谷' }), after: nullableString({ example: '市ヶ谷' }) }, { additionalProperties: false });

export const ChangeSchema = Type.Object(
  {
    change_id: Type.String({ example: 'chg-20260331-000042' }),
    update_id: Type.String({ example: 'upd-20260331' }),
    previous_update_id: nullableString({ example: 'upd-20260225' }),
    effective_date: Type.String({ format: 'date', example: '2026-03-31' }),
    created_at: Type.String({ example: '2026-11-22T19:04:26+09:00' }),
    resource_type: Type.Union([Type.Literal('bank'), Type.Literal('branch')], { example: 'branch' }),
    change_type: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('renamed'), Type.Literal('code_changed'), Type.Literal('updated')], { example: 'renamed' }),
    reason: Type.Object({ label_ja: Type.String({ example: '支店名の変更' }) }, { additionalProperties: false }),
    bank: Type.Object({ code: Type.String({ example: '0010' }), name: nullableString({ example: 'りそな銀行' }) }, { additionalProperties: false }),
    branch: Type.Object({ code: nullableString({ example: '725' }), name: nullableString({ example: '市ヶ谷' }) }, { additionalProperties: false }),
    before: Type.Record(Type.String(), Type.String(), { description: 'Main fields before; {} for an addition' }),
    after: Type.Record(Type.String(), Type.String(), { description: 'Main fields after; {} for a removal' }),
    changed_fields: Type.Array(Type.String(), { example: ['name', 'halfWidthKana'] }),
    field_changes: Type.Array(FieldChangeSchema),
  },
  { additionalProperties: false },
);

const cursor = nullableString({ description: 'Repeat the request with cursor set to this for the next page; null on the last page' });

export const UpdatesPageSchema = Type.Object({ updates: Type.Array(UpdateSchema), next_cursor: cursor }, { additionalProperties: false });
export const LatestUpdateSchema = Type.Object({ update: UpdateSchema }, { additionalProperties: false });
export const ChangesPageSchema = Type.Object({ changes: Type.Array(ChangeSchema), next_cursor: cursor }, { additionalProperties: false });
export const ChangeEnvelopeSchema = Type.Object({ change: ChangeSchema }, { additionalProperties: false });

const LineageRecordSchema = Type.Object(
  {
    bank_code: Type.String({ example: '0147' }),
    bank_name: Type.String({ example: '福井銀行' }),
    branch_code: nullableString({ example: '110', description: 'null for an institution' }),
    branch_name: nullableString({ example: '春江中央' }),
  },
  { additionalProperties: false },
);

const nullableRecord = (description: string) => Type.Union([LineageRecordSchema, Type.Null()], { description });

const LineageEventSchema = Type.Object(
  {
    effective_date: Type.String({ format: 'date', example: '2026-05-24' }),
    change_type: Type.Union(
      LINEAGE_CHANGE_TYPES.map((t) => Type.Literal(t)),
      { example: 'merged' },
    ),
    before: nullableRecord('null for an addition'),
    after: nullableRecord('null for a removal; the successor for merged and code_changed'),
  },
  { additionalProperties: false },
);

/** GET /history/v1/lineage/{bankCode}[/{branchCode}] (docs/lineage.md#response). */
export const LineageEnvelopeSchema = Type.Object(
  {
    lineage: Type.Object(
      {
        bank_code: Type.String({ example: '0537' }),
        branch_code: nullableString({ example: '110', description: 'null for an institution' }),
        status: Type.Union(
          LINEAGE_STATUSES.map((s) => Type.Literal(s)),
          { example: 'merged', description: 'active, renamed, code_changed, merged or closed (docs/lineage.md#statuses)' },
        ),
        current: nullableRecord('The record as the newest version lists it; null when it no longer does'),
        successor: nullableRecord('The record that carries it on today (merged, code_changed); its branch is null where only the institution is known'),
        since: Type.String({ format: 'date', example: '2026-05-24', description: 'Effective date of the version that first showed the status' }),
        events: Type.Array(LineageEventSchema, { description: 'Every change, oldest first, followed through its successors' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/**
 * The query parameters: each declared once, with what it accepts and the message of the 400
 * naming it (src/http/edge/validation.ts). A parameter given twice, or one not listed, is a 400.
 */
const q = (description: string, message: string, extra: object = {}) => Type.Optional(Type.String({ description, ...extra, 'x-error-message': message }));

/** Longer than any update id; the id itself is checked against the history. */
export const MAX_UPDATE_ID_LENGTH = 100;

const DATE_MESSAGE = (name: string) => `${name} must be a date YYYY-MM-DD`;

const UPDATES_QUERY = {
  from_date: q('Updates on or after this date (YYYY-MM-DD)', DATE_MESSAGE('from_date'), { format: 'date', example: '2026-03-01' }),
  to_date: q('Updates on or before this date (YYYY-MM-DD)', DATE_MESSAGE('to_date'), { format: 'date', example: '2026-06-30' }),
  limit: Type.Optional(Type.Integer({ description: `1 to ${HISTORY_MAX_LIMIT}; default ${HISTORY_DEFAULT_LIMIT}`, minimum: 1, maximum: HISTORY_MAX_LIMIT, example: 100, 'x-error-message': `limit must be an integer from 1 to ${HISTORY_MAX_LIMIT}` })),
  cursor: q('next_cursor of an earlier response with the same conditions', `cursor must be at most ${MAX_CURSOR_LENGTH} characters`, { maxLength: MAX_CURSOR_LENGTH }),
};

export const UpdatesQuerySchema = querySchema(UPDATES_QUERY);

export const ChangesQuerySchema = querySchema({
  ...UPDATES_QUERY,
  after_update_id: q('Only changes of updates after this one', 'after_update_id is not the id of an update', { maxLength: MAX_UPDATE_ID_LENGTH, example: 'upd-20260331' }),
  bank_code: q('4-digit bank code', 'bank_code must be 4 half-width digits', { pattern: '^[0-9]{4}$', example: '0010' }),
  branch_code: q('3-digit branch code', 'branch_code must be 3 half-width digits', { pattern: '^[0-9]{3}$', example: '725' }),
  resource_type: q(RESOURCE_TYPES.join(' or '), `resource_type must be one of ${RESOURCE_TYPES.join(', ')}`, { enum: [...RESOURCE_TYPES], example: 'branch' }),
  change_type: q(CHANGE_TYPES.join(', '), `change_type must be one of ${CHANGE_TYPES.join(', ')}`, { enum: [...CHANGE_TYPES], example: 'renamed' }),
});

/** The operations that take no parameter but the key. */
export const NoQuerySchema = querySchema({});

const BANK_CODE_PARAM = Type.String({ description: '4-digit bank code', pattern: '^[0-9]{4}$', example: '0537', 'x-error-message': 'bankCode must be 4 half-width digits' });

export const LineageBankParamsSchema = Type.Object({ bankCode: BANK_CODE_PARAM });
export const LineageBranchParamsSchema = Type.Object({
  bankCode: BANK_CODE_PARAM,
  branchCode: Type.String({ description: '3-digit branch code', pattern: '^[0-9]{3}$', example: '110', 'x-error-message': 'branchCode must be 3 half-width digits' }),
});

/** Any text: an unknown id is a 404 naming it. */
export const ChangeIdParamsSchema = Type.Object({ change_id: Type.String({ example: 'chg-20260331-000001', maxLength: MAX_UPDATE_ID_LENGTH, 'x-error-message': 'change_id is not the id of a change' }) });

/** TypeBox schemas of the Change History API (SPEC.md §2.8, §4.9), for the OpenAPI document. */
import { Type } from '@sinclair/typebox';

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

/** The error shape of the snake_case APIs (SPEC.md §7.2; docs/errors.md). */
export const DetailedErrorSchema = Type.Object(
  {
    message: Type.String({ example: 'limit must be an integer from 1 to 1000' }),
    request_id: Type.String({ example: 'req-3f9a1c07-2s' }),
    detail: Type.Optional(
      Type.Array(
        Type.Object({ type: Type.String({ example: 'value_error' }), loc: Type.Array(Type.String(), { example: ['query', 'limit'] }), msg: Type.String(), input: Type.String() }, { additionalProperties: false }),
      ),
    ),
  },
  { additionalProperties: false },
);

const q = (description: string, extra: object = {}) => Type.Optional(Type.String({ description, ...extra }));

export const UpdatesQuerySchema = Type.Object({
  from_date: q('Updates on or after this date (YYYY-MM-DD)', { example: '2026-03-01' }),
  to_date: q('Updates on or before this date (YYYY-MM-DD)', { example: '2026-06-30' }),
  limit: q('1 to 1000; default 100', { example: '100' }),
  cursor: q('next_cursor of an earlier response with the same conditions'),
});

export const ChangesQuerySchema = Type.Object({
  ...UpdatesQuerySchema.properties,
  after_update_id: q('Only changes of updates after this one', { example: 'upd-20260331' }),
  bank_code: q('4-digit bank code', { example: '0010' }),
  branch_code: q('3-digit branch code', { example: '725' }),
  resource_type: q('bank or branch', { example: 'branch' }),
  change_type: q('added, removed, renamed, code_changed or updated', { example: 'renamed' }),
});

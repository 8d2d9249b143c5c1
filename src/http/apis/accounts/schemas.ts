/**
 * TypeBox schemas of POST /accounts/v1/validate (docs/payee-checks.md): what the body's
 * validator checks (a 422 in Resolve's shape, src/http/apis/resolve/body.ts) and the OpenAPI
 * document publishes. Fields are text as records hold them: their form (4 digits, 7 digits, 全銀
 * kana) is the check's to judge, as problems of the item (verdict `invalid`), not the body's.
 * Examples are real answers for the bundled dataset.
 */
import { Type } from '@sinclair/typebox';
import { PAYEE_FIELDS, PAYEE_PROBLEM_CODES, PAYEE_VERDICTS } from '../../../payee/payee-problems.js';
import { MAX_ID_LENGTH } from '../resolve/limits.js';
import { MAX_HOLDER_KANA_LENGTH, MAX_PAYEE_CODE_LENGTH, MAX_PAYEE_ITEMS, MAX_PAYEE_NAME_LENGTH, MAX_PAYEE_SYMBOL_LENGTH } from './limits.js';

const text = (maxLength: number, description: string, example: string) => Type.Optional(Type.String({ maxLength, description, example }));

const PayeeIdSchema = Type.Union([Type.String({ maxLength: MAX_ID_LENGTH }), Type.Integer()], { description: "Echoed back with the item's result", example: 'row-1' });

export const PayeeItemSchema = Type.Object(
  {
    id: PayeeIdSchema,
    bank_code: Type.String({ maxLength: MAX_PAYEE_CODE_LENGTH, description: '金融機関コード: 4 half-width digits', example: '0537' }),
    branch_code: text(MAX_PAYEE_CODE_LENGTH, '支店コード: 3 half-width digits; may be left out for ゆうちょ銀行 (9900) when symbol is given', '110'),
    bank_name: text(MAX_PAYEE_NAME_LENGTH, 'Bank name as the record holds it: official, short (みずほ), reading (ﾐｽﾞﾎｷﾞﾝｺｳ)', '福邦銀行'),
    branch_name: text(MAX_PAYEE_NAME_LENGTH, 'Branch name as the record holds it, with or without 支店; or its reading', '春江中央'),
    account_type: text(MAX_PAYEE_CODE_LENGTH, '預金種目: 1 普通, 2 当座, 4 貯蓄, 9 その他', '1'),
    account_number: text(MAX_PAYEE_CODE_LENGTH, '口座番号: 7 half-width digits', '1234567'),
    holder_kana: text(MAX_HOLDER_KANA_LENGTH, '受取人名 as it would be sent: checked by the 全銀 kana rules (docs/kana.md)', 'ﾔﾏﾀﾞ ﾀﾛｳ'),
    symbol: text(MAX_PAYEE_SYMBOL_LENGTH, 'ゆうちょ銀行 記号 (5 digits, may carry the 番号: 14030-12345671); converted to branch_code, account_type and account_number first (docs/yucho.md)', '14030'),
    number: text(MAX_PAYEE_CODE_LENGTH, 'ゆうちょ銀行 番号 of the passbook', '12345671'),
  },
  { description: 'One payee record. Unknown fields are ignored; an empty field counts as not given.' },
);

export const PayeeValidateRequestSchema = Type.Object(
  {
    items: Type.Array(PayeeItemSchema, { minItems: 1, maxItems: MAX_PAYEE_ITEMS, description: `1 to ${MAX_PAYEE_ITEMS} records; counted as that many requests against the key's Resolve limits` }),
  },
  { description: 'Unknown fields are ignored.' },
);

const RecordSchema = Type.Object(
  {
    bank_code: Type.String({ pattern: '^[0-9]{4}$', example: '0147' }),
    bank_name: Type.String({ example: '福井銀行' }),
    branch_code: Type.Union([Type.String({ pattern: '^[0-9]{3}$' }), Type.Null()], { example: '110' }),
    branch_name: Type.Union([Type.String(), Type.Null()], { example: '春江中央' }),
  },
  { additionalProperties: false },
);

const nullable = (description: string) => Type.Union([RecordSchema, Type.Null()], { description });

export const PayeeResultSchema = Type.Object(
  {
    id: PayeeIdSchema,
    verdict: Type.Union(PAYEE_VERDICTS.map((v) => Type.Literal(v)), { description: 'The most serious of the problems; ok when there is none', example: 'merged' }),
    current: nullable('The record as the newest version lists it; null when it no longer does, or the codes are not valid'),
    successor: nullable('Where a merged or moved record went today (its branch null where only the institution is known); null otherwise'),
    problems: Type.Array(
      Type.Object(
        {
          field: Type.Union(PAYEE_FIELDS.map((f) => Type.Literal(f)), { example: 'branch_code' }),
          code: Type.Union(PAYEE_PROBLEM_CODES.map((c) => Type.Literal(c)), { example: 'branch_merged' }),
          message_ja: Type.String({ example: 'この支店は他の金融機関に引き継がれました。successor の金融機関・支店コードに変更してください' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Most serious first; empty for ok' },
    ),
  },
  { additionalProperties: false },
);

export const PayeeValidateResponseSchema = Type.Object(
  { results: Type.Array(PayeeResultSchema, { description: 'One per item, in the order of the items' }) },
  { additionalProperties: false },
);

/**
 * TypeBox schemas of the ゆうちょ API (docs/yucho.md): what GET /yucho/v1/account validates
 * (src/http/edge/validation.ts) and the OpenAPI document publishes. The parameters are text as
 * people copy them from a passbook (full-width digits, dashes): their form is checked by the
 * rule itself (src/payee/yucho-account.ts), which names the parameter at fault.
 */
import { Type } from '@sinclair/typebox';
import { DEPOSIT_TYPES } from '../../../payee/deposit-types.js';
import { JP_BANK_CODE, YUCHO_DEPOSIT_TYPES } from '../../../payee/yucho-account.js';
import { querySchema } from '../../edge/detailed-schemas.js';

/** Longer than any 記号・番号 written with separators; the rule checks the form. */
const MAX_SYMBOL_LENGTH = 40;
const MAX_DIGITS_LENGTH = 20;

const text = (name: string, maxLength: number, description: string, example: string) =>
  Type.Optional(Type.String({ description, maxLength, example, 'x-error-message': `${name} must be at most ${maxLength} characters` }));

const TYPE_LIST = YUCHO_DEPOSIT_TYPES.map((t) => `${t} (${DEPOSIT_TYPES[t]})`).join(', ').replace(/, ([^,]*)$/, ' or $1');

export const YuchoQuerySchema = querySchema({
  symbol: text('symbol', MAX_SYMBOL_LENGTH, '記号: 5 digits starting with 1 (総合口座・通常貯金・通常貯蓄貯金) or 0 (振替口座); full-width digits, dashes and the 番号 after it (14030-12345671) accepted. Give symbol (and number), or branch_code, account_type and account_number.', '14030'),
  number: text('number', MAX_DIGITS_LENGTH, '番号 of the passbook; for a 記号 starting with 1 it ends in 1. Optional: without it the answer has no account_number.', '12345671'),
  branch_code: text('branch_code', MAX_DIGITS_LENGTH, '店番 of a transfer: 3 digits ending in 8 or 9 (the reverse direction)', '408'),
  account_type: Type.Optional(
    Type.String({ description: `預金種目: ${TYPE_LIST} (the reverse direction)`, enum: [...YUCHO_DEPOSIT_TYPES], example: '1', 'x-error-message': `account_type must be ${TYPE_LIST}` }),
  ),
  account_number: text('account_number', MAX_DIGITS_LENGTH, '口座番号 of a transfer: up to 7 digits (the reverse direction)', '1234567'),
});

const transferAccount = {
  bank_code: Type.Literal(JP_BANK_CODE),
  branch_code: Type.String({ pattern: '^[0-9]{3}$', example: '408' }),
  branch_name: Type.String({ description: 'The branch name in the served master', example: '四〇八' }),
  branch_kana: Type.String({ description: 'Its reading in half-width kana, as transfer files write it', example: 'ﾖﾝｾﾞﾛﾊﾁ' }),
  account_type: Type.Union(YUCHO_DEPOSIT_TYPES.map((t) => Type.Literal(t)), { description: TYPE_LIST, example: '1' }),
  account_type_name: Type.Union(YUCHO_DEPOSIT_TYPES.map((t) => Type.Literal(DEPOSIT_TYPES[t])), { example: '普通' }),
};

export const TransferAccountSchema = Type.Object(
  {
    ...transferAccount,
    account_number: Type.Optional(Type.String({ pattern: '^[0-9]{7}$', description: '7 digits; absent when no number was given', example: '1234567' })),
  },
  { additionalProperties: false, description: 'From symbol (and number)' },
);

export const PassbookAccountSchema = Type.Object(
  {
    ...transferAccount,
    account_number: Type.String({ pattern: '^[0-9]{7}$', example: '1234567' }),
    symbol: Type.String({ pattern: '^[01][0-9]{2}\\*\\*$', description: 'The 記号, `*` where the rule does not determine the digit', example: '140**' }),
    number: Type.String({ pattern: '^[0-9]{1,8}$', description: 'The 番号 as passbooks print it, without leading zeros', example: '12345671' }),
    undetermined: Type.Array(
      Type.Object(
        {
          field: Type.Union([Type.Literal('symbol'), Type.Literal('middle_digit')]),
          positions: Type.Array(Type.Integer({ minimum: 1 }), { description: '1-based digit positions within the field', example: [4, 5] }),
          message: Type.String({ example: 'the 4th and 5th digits of the 記号 do not follow from the 店番; read them from the passbook' }),
        },
        { additionalProperties: false },
      ),
      { description: 'What the rule cannot determine: the 4th and 5th digits of the 記号, and for a 振替口座 the digit printed between 記号 and 番号' },
    ),
  },
  { additionalProperties: false, description: 'From branch_code, account_type and account_number' },
);

export const YuchoAccountSchema = Type.Union([TransferAccountSchema, PassbookAccountSchema]);

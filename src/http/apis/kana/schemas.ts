/**
 * TypeBox schemas of the kana API (docs/kana.md): the bodies POST /kana/v1/normalize and
 * POST /kana/v1/equivalent validate (src/http/edge/validation.ts: a 400 naming the field) and
 * their answers, as the OpenAPI document publishes them. Unknown body fields are ignored.
 */
import { Type } from '@sinclair/typebox';
import { KANA_PROBLEM_REASONS, ZENGIN_NAME_FIELD_NAMES, ZENGIN_NAME_FIELDS } from '../../../payee/zengin-kana.js';

/** Far longer than any name field (40); a name longer than this is not a name. */
export const MAX_TEXT_LENGTH = 200;

const name = (field: string, description: string, example: string) =>
  Type.String({
    description,
    maxLength: MAX_TEXT_LENGTH,
    example,
    'x-error-message': { required: `${field} is required`, type: `${field} must be a string`, maxLength: `${field} must be at most ${MAX_TEXT_LENGTH} characters` },
  });

const FIELD_LIST = ZENGIN_NAME_FIELD_NAMES.map((f) => `${f} (${ZENGIN_NAME_FIELDS[f].label}, at most ${ZENGIN_NAME_FIELDS[f].maxLength}, symbols ${[...ZENGIN_NAME_FIELDS[f].symbols].join(' ')})`).join('; ');

export const NormalizeRequestSchema = Type.Object(
  {
    text: name('text', 'The name as typed: kana of any script and width, Latin letters, digits, legal forms in kanji or kana', 'かぶしきがいしゃ　ぎんこうしょうじ'),
    field: Type.Optional(
      Type.Union(
        ZENGIN_NAME_FIELD_NAMES.map((f) => Type.Literal(f)),
        { description: `The transfer field whose rules apply; default payee. ${FIELD_LIST}`, example: 'payee', 'x-error-message': `field must be ${ZENGIN_NAME_FIELD_NAMES.join(' or ')}` },
      ),
    ),
  },
  { 'x-error-message': { type: 'the body must be a JSON object with text' } },
);

export const NormalizeResponseSchema = Type.Object(
  {
    normalized: Type.String({ description: 'In the 全銀 half-width set, legal forms abbreviated by position; kanji and characters outside the set kept', example: 'ｶ)ｷﾞﾝｺｳｼﾖｳｼﾞ' }),
    valid: Type.Boolean({ description: 'Whether normalized may be sent in the field as it is', example: true }),
    length: Type.Integer({ description: 'Characters of normalized as the field counts them (ﾞ and ﾟ are one each)', example: 12 }),
    problems: Type.Array(
      Type.Object(
        {
          index: Type.Integer({ minimum: 0, description: 'Position in text, in characters from 0', example: 3 }),
          char: Type.String({ description: 'The character of text at index ("" for empty)', example: '商' }),
          reason: Type.Union(KANA_PROBLEM_REASONS.map((r) => Type.Literal(r)), { example: 'kanji' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Empty when valid; in the order of the text' },
    ),
  },
  { additionalProperties: false },
);

export const EquivalentRequestSchema = Type.Object(
  {
    a: name('a', 'A name as typed or as a statement shows it', 'ｷﾞﾝｺｳ ﾀﾛｳ'),
    b: name('b', 'The other name', 'ぎんこうたろう'),
  },
  { 'x-error-message': { type: 'the body must be a JSON object with a and b' } },
);

export const EquivalentResponseSchema = Type.Object(
  {
    equivalent: Type.Boolean({ description: 'Whether a bank would read the two as the same name', example: true }),
    a_normalized: Type.String({ description: 'a in the 全銀 set (remitter rules)', example: 'ｷﾞﾝｺｳ ﾀﾛｳ' }),
    b_normalized: Type.String({ example: 'ｷﾞﾝｺｳﾀﾛｳ' }),
  },
  { additionalProperties: false },
);

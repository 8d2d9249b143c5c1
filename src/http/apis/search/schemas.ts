/**
 * TypeBox schemas of the Search API: the single description of each resource and envelope,
 * used for the OpenAPI document (/openapi.json) and checked against real responses in tests.
 * Examples are real records of the bundled dataset.
 */
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { ItemsKey } from './presenters.js';
import type { SearchVersion } from './views.js';
import { MAX_CURSOR_LENGTH } from '../../../shared/cursor.js';
import { MAX_FIELDS_LENGTH } from '../../../search/fields.js';
import { FILTER_LIMITS } from '../../../search/filter/limits.js';
import { FREEWORD_MAX_LENGTH } from '../../../search/freeword/index.js';
import { MAX_SORT_LENGTH } from '../../../search/sort.js';
import { CALLBACK_NAME, CALLBACK_NAME_MESSAGE, MAX_CALLBACK_LENGTH } from './jsonp.js';
import { DEFAULT_BUSINESS_TYPES_LIMIT, DEFAULT_LIMIT, MAX_LIMIT } from '../../../search/list-params.js';
import { MAX_QUERY_PARAMETERS } from '../../edge/query-string.js';

const VERSION_EXAMPLE = '2026-08-24T00:00:00+0900';

const text = (description: string, example: string) => Type.String({ description, example });

export const BankSchema = Type.Object(
  {
    code: text('Bank code, 4 half-width digits', '0001'),
    name: text('Full name with the type suffix', 'みずほ銀行'),
    halfWidthKana: text('Half-width katakana and printable ASCII only', 'ﾐｽﾞﾎｷﾞﾝｺｳ'),
    fullWidthKana: text('Full-width katakana and full-width ASCII forms only', 'ミズホギンコウ'),
    hiragana: text('Hiragana and full-width ASCII forms only', 'みずほぎんこう'),
    businessTypeCode: text('Institution type code, 5 digits', '00200'),
    businessType: text('Institution type name', '都市銀行'),
  },
  { additionalProperties: false },
);

export const BankV1Schema = Type.Omit(BankSchema, ['businessTypeCode', 'businessType'], { additionalProperties: false });

export const BranchSchema = Type.Object(
  {
    code: text('Branch code, 3 half-width digits', '001'),
    name: text('Branch name', '東京営業部'),
    halfWidthKana: text('Half-width katakana and printable ASCII only', 'ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ'),
    fullWidthKana: text('Full-width katakana and full-width ASCII forms only', 'トウキヨウエイギヨウブ'),
    hiragana: text('Hiragana and full-width ASCII forms only', 'とうきようえいぎようぶ'),
  },
  { additionalProperties: false },
);

export const BusinessTypeSchema = Type.Object(
  { code: text('Institution type code', '00200'), name: text('Institution type name', '都市銀行') },
  { additionalProperties: false },
);

export const VersionSchema = Type.Object(
  { version: Type.String({ description: 'Database version, YYYY-MM-DDThh:mm:ss+0900', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+0900$', example: VERSION_EXAMPLE }) },
  { additionalProperties: false },
);

const LIMIT_MESSAGE = `limit must be an integer from 1 to ${MAX_LIMIT}`;

export const SearchErrorSchema = Type.Object(
  {
    httpStatusCode: Type.Integer({ example: 400 }),
    code: Type.String({ example: 'INVALID_PARAMETER' }),
    message: Type.String({ example: LIMIT_MESSAGE }),
    validationErrors: Type.Array(
      Type.Object({ message: Type.String(), paramName: Type.String({ example: 'limit' }), invalidValue: Type.String({ example: 'abc' }) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/** Resources with `fields` applied: every property optional. */
const partial = (schema: TObject) => Type.Partial(schema, { additionalProperties: false });

export function bankSchema(version: SearchVersion): TObject {
  return version === 'v1' ? BankV1Schema : BankSchema;
}

export function listEnvelopeSchema(version: SearchVersion, kind: ItemsKey, item: TObject, withBank: boolean, withVersion: boolean): TObject {
  const itemsKey = version === 'v3' ? kind : 'data';
  const props: Record<string, TSchema> = { [itemsKey]: Type.Array(partial(item)) };
  if (withBank && version === 'v3') props.bank = bankSchema(version);
  Object.assign(props, {
    size: Type.Integer({ minimum: 0, description: 'Number of items in this page' }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT }),
    hasNext: Type.Boolean(),
    nextCursor: Type.Optional(Type.String({ description: 'Present when hasNext', pattern: '^[A-Za-z0-9_.-]+$' })),
    hasPrev: Type.Boolean(),
    prevCursor: Type.Optional(Type.String({ description: 'Present when hasPrev', pattern: '^[A-Za-z0-9_.-]+$' })),
  });
  if (withVersion) props.version = VersionSchema.properties.version;
  return Type.Object(props, { additionalProperties: false });
}

export function getBranchSchema(version: SearchVersion): TSchema {
  if (version === 'v3') return Type.Object({ bank: BankSchema, branch: partial(BranchSchema) }, { additionalProperties: false });
  return Type.Array(partial(BranchSchema), { description: 'Every branch of the bank with this code (several where codes repeat)' });
}

/**
 * The query parameters, each declared once: what it accepts and the message of the 400 naming
 * it (src/http/edge/validation.ts). A parameter given twice is a 400 (businessTypeCode may
 * repeat). What a schema cannot say (the filter language, cursors, `fields` and `sort` against
 * the version's fields) is checked by the engine, which names the parameter too.
 */
const param = (description: string, message: string | Record<string, string>, extra: object = {}) => Type.String({ description, ...extra, 'x-error-message': message });

const atMost = (name: string, length: number) => `${name} must be at most ${length} characters`;
const BUSINESS_TYPE_CODE = { pattern: '^[0-9]{5}$', example: '01100' };
const BUSINESS_TYPE_MESSAGE = 'businessTypeCode must be 5 half-width digits, e.g. 01100';

export const QUERY_DOCS = {
  apikey: param('API key (or header x-api-key / apikey / Authorization: Bearer)', 'parameter "apikey" must be given once'),
  apiKey: param('API key, alternative spelling', 'parameter "apiKey" must be given once'),
  filter: param('Filter expression (docs/filter.md): comparisons such as code>=0001;name==*信用* joined by ; (and) and , (or)', `the filter is longer than ${FILTER_LIMITS.maxLength} characters`, { maxLength: FILTER_LIMITS.maxLength, example: 'name==*信用*' }),
  freeword: param('Search text: name, kana or hiragana, any width or script', { maxLength: atMost('freeword', FREEWORD_MAX_LENGTH), required: 'freeword is required: the text to search for' }, { maxLength: FREEWORD_MAX_LENGTH, example: 'みずほ' }),
  businessTypeCode: Type.Union([Type.String(BUSINESS_TYPE_CODE), Type.Array(Type.String(BUSINESS_TYPE_CODE), { maxItems: MAX_QUERY_PARAMETERS })], {
    description: 'Institution type code, 5 digits; repeat for OR (businessTypeCode[]= accepted)',
    'x-error-message': BUSINESS_TYPE_MESSAGE,
  }),
  limit: Type.Integer({ description: `1 to ${MAX_LIMIT}; default ${DEFAULT_LIMIT} (${DEFAULT_BUSINESS_TYPES_LIMIT} for institution types)`, minimum: 1, maximum: MAX_LIMIT, example: 20, 'x-error-message': LIMIT_MESSAGE }),
  cursor: param('nextCursor or prevCursor of an earlier response with the same conditions', atMost('cursor', MAX_CURSOR_LENGTH), { maxLength: MAX_CURSOR_LENGTH }),
  callback: param(
    `JSONP callback name, at most ${MAX_CALLBACK_LENGTH} characters`,
    { maxLength: atMost('callback', MAX_CALLBACK_LENGTH), pattern: CALLBACK_NAME_MESSAGE },
    { maxLength: MAX_CALLBACK_LENGTH, pattern: CALLBACK_NAME.source, example: 'onBanks' },
  ),
  fields: param('Comma-separated fields to keep in each resource', atMost('fields', MAX_FIELDS_LENGTH), { maxLength: MAX_FIELDS_LENGTH, example: 'code,name' }),
  sort: param('Comma-separated fields, + ascending (default) or - descending', atMost('sort', MAX_SORT_LENGTH), { maxLength: MAX_SORT_LENGTH, example: '-hiragana,code' }),
} as const;

export type QueryDocName = keyof typeof QUERY_DOCS;

/** Parameters an operation cannot do without. */
const REQUIRED: readonly QueryDocName[] = ['freeword'];

/** The query of an operation; parameters the Search API does not know (`_=`) are ignored. */
export function querySchema(names: readonly QueryDocName[]): TObject {
  return Type.Object(Object.fromEntries(names.map((n) => [n, REQUIRED.includes(n) ? QUERY_DOCS[n] : Type.Optional(QUERY_DOCS[n])])));
}

/** The path parameters: a bank code is 4 digits, a branch code 3. */
const pathCode = (name: string, digits: number, description: string) =>
  Type.String({ description, pattern: `^[0-9]{${digits}}$`, example: digits === 4 ? '0001' : '001', 'x-error-message': `${name} must be ${digits} half-width digits` });

export const BANK_PARAMS = Type.Object({ code: pathCode('code', 4, 'Bank code, 4 digits') });
export const BANK_CODE_PARAMS = Type.Object({ bankCode: pathCode('bankCode', 4, 'Bank code, 4 digits') });
export const BRANCH_PARAMS = Type.Object({ bankCode: pathCode('bankCode', 4, 'Bank code, 4 digits'), code: pathCode('code', 3, 'Branch code, 3 digits') });

/** TypeBox schemas of the zengin-code JSON shape (docs/search-api.md#the-zengin-code-json-shape). */
import { Type } from '@sinclair/typebox';

const ZenginRecordSchema = Type.Object(
  {
    code: Type.String({ example: '0001' }),
    name: Type.String({ description: 'Short name, without the type suffix', example: 'みずほ' }),
    kana: Type.String({ description: 'Zengin full-width katakana', example: 'ミズホ' }),
    hira: Type.String({ example: 'みずほ' }),
    roma: Type.String({ example: 'mizuho' }),
  },
  { additionalProperties: false },
);

export const ZenginRecordsSchema = Type.Record(Type.String({ pattern: '^[0-9]{3,4}$' }), ZenginRecordSchema, { description: 'Keyed by code, in code order' });

/** `/api/branches/{bankCode}.json`: a bank code is 4 digits; an empty one (`/api/branches/.json`) names no bank, a 404. */
export const ZenginBranchesParamsSchema = Type.Object({
  bankCode: Type.String({ description: 'Bank code, 4 digits', pattern: '^([0-9]{4})?$', example: '0001', 'x-error-message': 'bankCode must be 4 half-width digits' }),
});

/** Only the key may be given in the query. */
export const ZenginQuerySchema = Type.Object({
  apikey: Type.Optional(Type.String({ description: 'API key (or header x-api-key)' })),
  apiKey: Type.Optional(Type.String({ description: 'API key, alternative spelling' })),
});

/**
 * Schemas shared by the APIs that answer in the detailed error shape (History, Resolve, Master
 * Export, ゆうちょ, kana; error-shapes.ts): the error body, and the query of an operation.
 */
import { type TProperties, Type } from '@sinclair/typebox';

/** The error shape of the snake_case APIs (docs/errors.md#history-resolve-and-master-export). */
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

/** The key is checked before validation (a wrong one is a 401); here it is only allowed. */
const KEY_QUERY = {
  apikey: Type.Optional(Type.String({ description: 'API key (or header x-api-key)' })),
  apiKey: Type.Optional(Type.String({ description: 'API key, alternative spelling' })),
};

/** The query of an operation: `properties` and nothing else (the API key aside). */
export function querySchema<T extends TProperties>(properties: T) {
  const names = Object.keys(properties);
  return Type.Object(
    { ...properties, ...KEY_QUERY },
    {
      additionalProperties: false,
      'x-unknown-parameter': names.length === 0 ? 'this operation takes no query parameters' : `parameter "{name}" is not accepted here; accepted: ${names.join(', ')}`,
    },
  );
}


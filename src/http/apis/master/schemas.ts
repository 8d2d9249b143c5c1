/**
 * TypeBox schemas of the Master Export API (docs/export.md): what its routes
 * validate (src/http/edge/validation.ts) and the OpenAPI document publishes.
 */
import { Type } from '@sinclair/typebox';

export const ExportInfoSchema = Type.Object(
  {
    dataset_id: Type.String({ description: 'The id of the update whose snapshot this is', example: 'upd-20260824' }),
    published_at: Type.String({ description: 'When this file was built, ISO 8601 with +09:00', example: '2026-11-22T20:30:00+09:00' }),
    zip_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    zip_size_bytes: Type.Integer({ example: 1630000 }),
    bank_row_count: Type.Integer({ example: 1146 }),
    branch_row_count: Type.Integer({ example: 28944 }),
    version: Type.String({ example: '2026-08-24T00:00:00+0900' }),
    effective_date: Type.String({ format: 'date', example: '2026-08-24' }),
  },
  { additionalProperties: false },
);

/** A dataset id: the update_id of an update, as /master/v1/latest names it. */
export const DATASET_ID_PATTERN = '^upd-[0-9]{8}(?:-[0-9]{1,4})?$';
const DATASET_ID_MESSAGE = 'dataset_id must be the dataset_id of /master/v1/latest, e.g. upd-20260824';

/** What POST /download-url validates (src/http/edge/validation.ts); unknown fields are ignored. */
export const DownloadUrlRequestSchema = Type.Object(
  {
    dataset_id: Type.String({
      example: 'upd-20260824',
      maxLength: 100,
      pattern: DATASET_ID_PATTERN,
      'x-error-message': { required: 'dataset_id is required', type: 'dataset_id must be a string', maxLength: DATASET_ID_MESSAGE, pattern: DATASET_ID_MESSAGE },
    }),
  },
  { 'x-error-message': { type: 'the body must be a JSON object with dataset_id' } },
);

/** The signed URL's query; its signature is checked by the handler (a bad one is a 403). */
export const DownloadQuerySchema = Type.Object({
  key: Type.Optional(Type.String({ maxLength: 100, description: 'The id of the API key that asked for the URL', 'x-error-message': 'this download URL is not valid: it was altered or not issued by this service' })),
  expires: Type.Optional(Type.String({ maxLength: 20, 'x-error-message': 'this download URL is not valid: it was altered or not issued by this service' })),
  signature: Type.Optional(Type.String({ maxLength: 200, 'x-error-message': 'this download URL is not valid: it was altered or not issued by this service' })),
});

export const DownloadUrlSchema = Type.Object(
  {
    dataset_id: Type.String({ example: 'upd-20260824' }),
    download_url: Type.String({ description: 'Signed; downloads the ZIP without a key until expires_at, or until the issuing key is revoked', example: 'https://localhost:8443/master/v1/downloads/upd-20260824.zip?key=key_3f9a1c2b4d5e&expires=1795350000&signature=…' }),
    expires_at: Type.String({ description: 'ISO 8601 with +09:00', example: '2026-11-22T20:40:00+09:00' }),
  },
  { additionalProperties: false },
);

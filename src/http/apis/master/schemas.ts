/** TypeBox schemas of the Master Export API (SPEC.md §4.10; docs/export.md), for the OpenAPI document. */
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

export const DownloadUrlRequestSchema = Type.Object({ dataset_id: Type.String({ example: 'upd-20260824', maxLength: 100 }) }, { additionalProperties: false });

export const DownloadUrlSchema = Type.Object(
  {
    dataset_id: Type.String({ example: 'upd-20260824' }),
    download_url: Type.String({ description: 'Signed; downloads the ZIP without a key until expires_at, or until the issuing key is revoked', example: 'https://localhost:8443/master/v1/downloads/upd-20260824.zip?key=key_3f9a1c2b4d5e&expires=1795350000&signature=…' }),
    expires_at: Type.String({ description: 'ISO 8601 with +09:00', example: '2026-11-22T20:40:00+09:00' }),
  },
  { additionalProperties: false },
);

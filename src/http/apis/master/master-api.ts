/**
 * The Master Export API (docs/export.md): the whole master as a ZIP for plans
 * with the export entitlement, downloaded through short-lived signed URLs.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOWNLOAD_URL_TTL_SECONDS, DOWNLOADS_PER_URL } from '../../../export/signed-url.js';
import { jstTimestamp } from '../../../history/records.js';
import { accessGuard } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { DETAILED_ERRORS } from '../../edge/error-shapes.js';
import type { AppServices } from '../../services.js';
import { DetailedErrorSchema } from '../../edge/detailed-schemas.js';
import { DownloadQuerySchema, DownloadUrlRequestSchema, DownloadUrlSchema, ExportInfoSchema } from './schemas.js';
import { registerGet, registerPost } from '../../edge/register.js';

/** Download URLs a key may have issued per JST day (and per second), whatever its plan but `unlimited`. */
export const DOWNLOAD_URL_LIMITS = Object.freeze({ perSecond: 2, perDay: 100 });

function requireExport(request: FastifyRequest): void {
  if (!request.plan?.exportAllowed) {
    throw new ApiError(403, `the plan "${request.plan?.name ?? '?'}" of this API key does not include Master Export; it needs a contracted plan (standard, pro)`);
  }
}

/** The Master Export API, registered under the prefix `/master/v1`. */
export function masterApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (app) => registerMasterRoutes(app, services);
}

function registerMasterRoutes(app: FastifyInstance, services: AppServices): void {
  handleErrorsAs(app, DETAILED_ERRORS);
  const keyed = accessGuard(services, { bucket: 'master' });
  const issuing = accessGuard(services, { bucket: 'export-url', limits: DOWNLOAD_URL_LIMITS });
  const doc = (summary: string, ok: object, extra: object = {}) => ({ summary, tags: ['Master Export'], response: { 200: ok, '4xx': DetailedErrorSchema }, ...extra });
  const currentDataset = () => {
    const latest = services.history.history.latest;
    if (!latest) throw ApiError.notFound('no dataset has been recorded yet');
    return latest.update_id;
  };

  registerGet(app, {
    url: '/latest',
    guard: keyed,
    schema: doc('The current master file: id, checksum, size, row counts', ExportInfoSchema, { security: [{ apiKeyHeader: [] }] }),
    handler: async (request) => {
      requireExport(request);
      return (await services.exports.ensure(currentDataset()))!;
    },
  });

  registerPost(app, {
    url: '/download-url',
    guard: issuing,
    schema: doc('A signed URL that downloads a master file without the key for 10 minutes', DownloadUrlSchema, { body: DownloadUrlRequestSchema, security: [{ apiKeyHeader: [] }] }),
    // The entitlement before the body: a key without it learns nothing about the body's rules.
    preValidation: async (request: FastifyRequest) => requireExport(request),
    handler: async (request) => {
      const id = (request.body as { dataset_id: string }).dataset_id;
      const info = id === currentDataset() ? await services.exports.ensure(id) : await services.exports.info(id);
      if (!info) throw ApiError.notFound(`dataset ${id} has no master file`);
      const signed = services.downloads.sign(id, request.apiKey!.id, Math.floor(Date.now() / 1000));
      // Never from the request's Host: a client (or a proxy passing its Host on) would choose
      // the host of a link the service hands out.
      return { dataset_id: id, download_url: services.publicUrl() + signed.path, expires_at: jstTimestamp(signed.expiresAt * 1000) };
    },
  });

  registerGet(app, {
    url: '/downloads/:file',
    schema: {
      summary: 'Download a master file through a signed URL (no key)',
      tags: ['Master Export'],
      params: Type.Object({ file: Type.String({ example: 'upd-20260824.zip', maxLength: 100, 'x-error-message': 'file must be the name of a master file, e.g. upd-20260824.zip' }) }),
      querystring: DownloadQuerySchema,
      response: { 200: { description: 'application/zip', type: 'string', format: 'binary' }, '4xx': DetailedErrorSchema },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const file = (request.params as { file: string }).file;
      const id = file.endsWith('.zip') ? file.slice(0, -4) : file;
      const query = request.query as { key?: string; expires?: string; signature?: string };
      const verdict = await services.downloads.verify(id, query, Math.floor(Date.now() / 1000));
      if (verdict === 'revoked') throw new ApiError(403, 'the API key that asked for this download URL has been revoked');
      if (verdict === 'expired') throw new ApiError(403, 'this download URL has expired; ask /master/v1/download-url for a new one');
      if (verdict === 'invalid') throw new ApiError(403, 'this download URL is not valid: it was altered or not issued by this service');
      // Counted only for a URL this service signed, across replicas with Redis; the window
      // outlives the URL, which expires at most DOWNLOAD_URL_TTL_SECONDS after it was signed.
      const uses = await services.access.parts.counters.add(`download-url:${query.signature}`, 1, DOWNLOAD_URL_TTL_SECONDS);
      if (uses.count > DOWNLOADS_PER_URL) throw new ApiError(403, `this download URL has been used ${DOWNLOADS_PER_URL} times, the most one URL allows; ask /master/v1/download-url for a new one`);
      const bytes = await services.exports.zip(id);
      if (!bytes) throw ApiError.notFound(`dataset ${id} has no master file`);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="ginko-master-${id}.zip"`)
        .header('cache-control', 'private, max-age=600')
        .send(bytes);
    },
  });
}

/**
 * The zengin-code JSON shape over HTTP (docs/search-api.md#the-zengin-code-json-shape):
 * `GET /api/banks.json` and `GET /api/branches/{bankCode}.json`, the files of the zengin-code
 * package as of the snapshot served now, for tools written against those files. Search's key
 * rules and error resource; `--open-zengin-json` serves them without a key too, each client
 * address limited to OPEN_LIMITS. ETag and Cache-Control let a cache keep them for a day:
 * `public` when served without a key, `private` when a key was needed.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openableGuard } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
import { cachedAnswer } from '../../edge/answer-cache.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { SEARCH_ERRORS } from '../../edge/error-shapes.js';
import { registerGet } from '../../edge/register.js';
import { JSON_CONTENT_TYPE } from '../../edge/writer.js';
import type { AppServices } from '../../services.js';
import { SearchErrorSchema } from '../search/schemas.js';
import { ZenginBranchesParamsSchema, ZenginQuerySchema, ZenginRecordsSchema } from './schemas.js';
import { zenginBanksJson, zenginBranchesJson } from './zengin-json.js';

export const ZENGIN_PREFIX = '/api';

/** Per client address, for requests without a key when the files are open: a tool fetching both files now and then fits many times over. */
export const OPEN_LIMITS = Object.freeze({ perSecond: 5, perDay: 5_000 });

/** How long a cache may keep a file, in seconds: the data changes at most once a day. */
const MAX_AGE_SECONDS = 86_400;

function send(request: FastifyRequest, reply: FastifyReply, body: Buffer, open: boolean): FastifyReply {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', `${open ? 'public' : 'private'}, max-age=${MAX_AGE_SECONDS}`);
  const held = request.headers['if-none-match'];
  if (held !== undefined && held.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return reply.code(304).send();
  return reply.type(JSON_CONTENT_TYPE).send(body);
}

/** The zengin-code JSON files, registered under `/api`; `open`: also without a key. */
export function zenginApi(services: AppServices, open: boolean): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    handleErrorsAs(app, SEARCH_ERRORS);
    const guard = openableGuard(services, { bucket: 'search' }, open, OPEN_LIMITS);
    const doc = (summary: string, extra: object = {}) => ({
      summary,
      description: 'The zengin-code package\'s shape: names without the type suffix, Zengin full-width kana. See docs/search-api.md#the-zengin-code-json-shape.',
      tags: ['zengin-code JSON'],
      security: (open ? [{}, { apiKeyHeader: [] }, { apiKeyQuery: [] }] : [{ apiKeyHeader: [] }, { apiKeyQuery: [] }]) as readonly Record<string, readonly string[]>[],
      querystring: ZenginQuerySchema,
      response: { 200: ZenginRecordsSchema, '4xx': SearchErrorSchema },
      ...extra,
    });
    registerGet(app, {
      url: '/banks.json',
      guard,
      schema: doc('Every institution, keyed by code, as the zengin-code package\'s data'),
      handler: async (request, reply) => {
        const snapshot = services.snapshots.current;
        return send(request, reply, await cachedAnswer(snapshot, request, () => zenginBanksJson(snapshot.directory.source)), open);
      },
    });
    registerGet(app, {
      url: '/branches/:bankCode.json',
      guard,
      schema: doc('The branches of one institution, keyed by branch code', { params: ZenginBranchesParamsSchema }),
      handler: async (request, reply) => {
        const snapshot = services.snapshots.current;
        const { bankCode } = request.params as { bankCode: string };
        const body = await cachedAnswer(snapshot, request, () => {
          const json = zenginBranchesJson(snapshot.directory.source, bankCode);
          if (json === undefined) throw ApiError.notFound(bankCode === '' ? 'give a bank code: /api/branches/{bankCode}.json' : `bank ${bankCode} does not exist`);
          return json;
        });
        return send(request, reply, body, open);
      },
    });
  };
}

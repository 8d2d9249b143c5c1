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
import type { Derivation, Snapshot } from '../../../dataset/snapshot.js';
import { openableGuard } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
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

/** A file as served, with its ETag. */
interface ZenginFile {
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * The files of a snapshot by path, each made with its ETag on first request: they depend on the
 * data alone, never on the key (nor on `?apikey=`), and are at most the data's size in all.
 */
const ZENGIN_FILES: Derivation<Map<string, ZenginFile>> = { name: 'zengin-code files', build: () => new Map() };

/** The file `name` of the snapshot; undefined when `make` has none (an unknown bank), which is not kept. */
function fileOf(snapshot: Snapshot, name: string, make: () => string | undefined): ZenginFile | undefined {
  const files = snapshot.derive(ZENGIN_FILES);
  let file = files.get(name);
  if (file === undefined) {
    const text = make();
    if (text === undefined) return undefined;
    const body = Buffer.from(text);
    file = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    files.set(name, file);
  }
  return file;
}

function send(request: FastifyRequest, reply: FastifyReply, { body, etag }: ZenginFile, open: boolean): FastifyReply {
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
        return send(request, reply, fileOf(snapshot, 'banks', () => zenginBanksJson(snapshot.directory.source))!, open);
      },
    });
    registerGet(app, {
      url: '/branches/:bankCode.json',
      guard,
      schema: doc('The branches of one institution, keyed by branch code', { params: ZenginBranchesParamsSchema }),
      handler: async (request, reply) => {
        const snapshot = services.snapshots.current;
        const { bankCode } = request.params as { bankCode: string };
        const file = fileOf(snapshot, `branches/${bankCode}`, () => zenginBranchesJson(snapshot.directory.source, bankCode));
        if (file === undefined) throw ApiError.notFound(bankCode === '' ? 'give a bank code: /api/branches/{bankCode}.json' : `bank ${bankCode} does not exist`);
        return send(request, reply, file, open);
      },
    });
  };
}

/**
 * The Search API of one version (docs/search-api.md): list and get banks and branches,
 * institution types and the database version. Versions share the engine; views say which
 * fields exist and presenters shape the answer.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bank } from '../../../domain/types.js';
import { type FreewordParams, listFreewordBanks, listFreewordBranches } from '../../../search/freeword-operations.js';
import { filterMeterFor } from './filter-meter.js';
import { listBanks, listBranches, listBusinessTypes, present, readFields, type SearchContext } from '../../../search/operations.js';
import { ApiError } from '../../edge/api-error.js';
import type { AppServices } from '../../services.js';
import { accessGuard } from '../../edge/access-guard.js';
import { readSearchParams, type SearchParam, type SearchParams } from './params.js';
import { cachedAnswer } from '../../edge/answer-cache.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { SEARCH_ERRORS } from '../../edge/error-shapes.js';
import { PRESENTERS } from './presenters.js';
import { negotiate, respond } from './respond.js';
import { type SearchVersion, VIEWS } from './views.js';
import { registerGet } from '../../edge/register.js';
import {
  BANK_CODE_PARAMS,
  BANK_PARAMS,
  BRANCH_PARAMS,
  BranchSchema,
  BusinessTypeSchema,
  bankSchema,
  getBranchSchema,
  listEnvelopeSchema,
  type QueryDocName,
  querySchema,
  SearchErrorSchema,
  VersionSchema,
} from './schemas.js';

const KEY: readonly SearchParam[] = ['apiKey', 'apikey'];
const GET_PARAMS: readonly SearchParam[] = [...KEY, 'callback', 'fields'];
const LIST_PARAMS: readonly SearchParam[] = [...GET_PARAMS, 'limit', 'cursor', 'filter', 'sort'];
const FREEWORD_BRANCH_PARAMS: readonly SearchParam[] = [...GET_PARAMS, 'limit', 'cursor', 'sort', 'freeword'];
const FREEWORD_BANK_PARAMS: readonly SearchParam[] = [...FREEWORD_BRANCH_PARAMS, 'businessTypeCode'];

type Params = Record<string, string>;

/** The Search API of `version` as a plugin, registered under the prefix `/${version}`. */
export function searchApi(services: AppServices, version: SearchVersion): (app: FastifyInstance) => Promise<void> {
  return async (app) => registerSearchRoutes(app, services, version);
}

function registerSearchRoutes(app: FastifyInstance, services: AppServices, version: SearchVersion): void {
  handleErrorsAs(app, SEARCH_ERRORS);
  const views = VIEWS[version];
  const presenter = PRESENTERS[version];
  const bankOf = (ctx: SearchContext, bankCode: string): Bank => {
    const bank = ctx.snapshot.directory.bank(bankCode);
    if (!bank) throw ApiError.notFound(`bank ${bankCode} does not exist`);
    return bank;
  };

  const guard = accessGuard(services, { bucket: 'search' });
  const route = (
    path: string,
    doc: { summary: string; ok: TSchema; params?: TSchema },
    accepted: readonly SearchParam[],
    handler: (req: FastifyRequest, p: ReturnType<typeof readSearchParams>, ctx: SearchContext) => unknown | Promise<unknown>,
  ) => {
    registerGet(app, {
      url: path,
      guard,
      schema: {
        summary: doc.summary,
        tags: [`Search ${version}`],
        security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
        ...(doc.params ? { params: doc.params } : {}),
        querystring: querySchema(accepted as readonly QueryDocName[]),
        response: { 200: doc.ok, '4xx': SearchErrorSchema },
      },
      // What it throws, Fastify sends through the error handler.
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const params = readSearchParams(request, accepted);
        const callback = negotiate(request, params.callback);
        // One snapshot for the whole answer, read once: a swap never mixes two in one response.
        const filterTime = params.filter === undefined ? undefined : filterMeterFor(services.filterTime, request.apiKey);
        const ctx: SearchContext = { snapshot: services.snapshots.current, cursors: services.cursors, filterTime };
        const json = await cachedAnswer(ctx.snapshot, request, async () => JSON.stringify(await handler(request, params, ctx)));
        return respond(reply, json, callback);
      },
    });
  };
  route('/banks', { summary: 'List banks', ok: listEnvelopeSchema(version, 'banks', bankSchema(version), false, true) }, LIST_PARAMS, async (_req, p, ctx) => {
    return presenter.list('banks', await listBanks(ctx, views.bank, p), ctx.snapshot.directory.version);
  });

  route('/banks/:code', { summary: 'Get a bank', ok: bankSchema(version), params: BANK_PARAMS }, GET_PARAMS, (req, p, ctx) => {
    const code = (req.params as Params).code!;
    return present(bankOf(ctx, code), views.bank, readFields(p.fields, views.bank));
  });

  route('/banks/:bankCode/branches', { summary: 'List the branches of a bank', ok: listEnvelopeSchema(version, 'branches', BranchSchema, true, true), params: BANK_CODE_PARAMS }, LIST_PARAMS, async (req, p, ctx) => {
    const bankCode = (req.params as Params).bankCode!;
    const bank = present(bankOf(ctx, bankCode), views.bank);
    const result = (await listBranches(ctx, views.branch, bankCode, p))!;
    return presenter.list('branches', result, ctx.snapshot.directory.version, bank);
  });

  route('/banks/:bankCode/branches/:code', { summary: 'Get a branch by code', ok: getBranchSchema(version), params: BRANCH_PARAMS }, GET_PARAMS, (req, p, ctx) => {
    const { bankCode, code } = req.params as { bankCode: string; code: string };
    const bank = present(bankOf(ctx, bankCode), views.bank);
    const branches = ctx.snapshot.directory.branchesByCode(bankCode, code);
    if (branches.length === 0) throw ApiError.notFound(`branch ${code} of bank ${bankCode} does not exist`);
    const fields = readFields(p.fields, views.branch);
    return presenter.branch(bank, branches.map((b) => present(b, views.branch, fields)));
  });

  if (version !== 'v1') {
    // The freeword routes' schema requires freeword (schemas.ts).
    const freewordOf = (p: SearchParams) => p as FreewordParams;
    route('/freeword/banks', { summary: 'Search banks by name or reading (freeword)', ok: listEnvelopeSchema(version, 'banks', bankSchema(version), false, true) }, FREEWORD_BANK_PARAMS, async (_req, p, ctx) => {
      return presenter.list('banks', await listFreewordBanks(ctx, views.bank, freewordOf(p)), ctx.snapshot.directory.version);
    });

    route('/freeword/banks/:bankCode/branches', { summary: "Search a bank's branches by name or reading (freeword)", ok: listEnvelopeSchema(version, 'branches', BranchSchema, true, true), params: BANK_CODE_PARAMS }, FREEWORD_BRANCH_PARAMS, async (req, p, ctx) => {
      const bankCode = (req.params as Params).bankCode!;
      const bank = present(bankOf(ctx, bankCode), views.bank);
      return presenter.list('branches', (await listFreewordBranches(ctx, views.branch, bankCode, freewordOf(p)))!, ctx.snapshot.directory.version, bank);
    });

    route('/businessTypes', { summary: 'List institution types', ok: listEnvelopeSchema(version, 'businessTypes', BusinessTypeSchema, false, false) }, LIST_PARAMS, async (_req, p, ctx) => presenter.list('businessTypes', await listBusinessTypes(ctx, views.businessType, p), undefined));
  }

  route('/version', { summary: 'Database version', ok: VersionSchema }, KEY, (_req, _p, ctx) => ({ version: ctx.snapshot.directory.version }));
}

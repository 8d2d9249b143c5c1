/**
 * The ゆうちょ API (docs/yucho.md): GET /yucho/v1/account converts a ゆうちょ銀行 account between
 * the passbook's 記号・番号 and the 店番・預金種目・口座番号 of transfers, by Japan Post Bank's
 * rule (src/payee/yucho-account.ts), with the branch read from the snapshot being served, so the
 * answer follows imports. Keyed like Search and counted in its bucket, one request each
 * (docs/access.md); errors in the detailed shape (400 naming the parameter, 404 for a branch
 * the master does not hold).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Branch } from '../../../domain/types.js';
import { JP_BANK_CODE, passbookAccountOf, transferAccountOf, type YuchoField, type YuchoProblem } from '../../../payee/yucho-account.js';
import { accessGuard } from '../../edge/access-guard.js';
import { ApiError } from '../../edge/api-error.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { DETAILED_ERRORS } from '../../edge/error-shapes.js';
import { registerGet } from '../../edge/register.js';
import { sendJson } from '../../edge/writer.js';
import type { AppServices } from '../../services.js';
import { DetailedErrorSchema } from '../../edge/detailed-schemas.js';
import { YuchoAccountSchema, YuchoQuerySchema } from './schemas.js';

export const YUCHO_PREFIX = '/yucho/v1';

type Query = Partial<Record<YuchoField, string>>;

const FORWARD: readonly YuchoField[] = ['symbol', 'number'];
const REVERSE: readonly YuchoField[] = ['branch_code', 'account_type', 'account_number'];

function invalid(field: YuchoField, value: string | undefined, message: string, type = 'value_error'): ApiError {
  return new ApiError(400, message, [{ message, paramName: field, invalidValue: value ?? '', type, loc: ['query', field] }]);
}

function problemError(problem: YuchoProblem, query: Query): ApiError {
  return invalid(problem.field, query[problem.field], problem.message, problem.kind === 'missing' ? 'missing' : 'value_error');
}

/** The branch of ゆうちょ銀行 with this code in the served master; a 404 naming the parameter otherwise. */
function branchOf(services: AppServices, code: string, field: YuchoField, query: Query): Branch {
  const directory = services.snapshots.current.directory;
  const branch = directory.branchesByCode(JP_BANK_CODE, code)[0];
  if (branch) return branch;
  const message = `ゆうちょ銀行 (${JP_BANK_CODE}) has no branch ${code} in the master being served (${directory.version})`;
  throw new ApiError(404, message, [{ message, paramName: field, invalidValue: query[field] ?? '', type: 'not_found', loc: ['query', field] }]);
}

function answer(request: FastifyRequest, services: AppServices): object {
  const query = request.query as Query;
  const given = (fields: readonly YuchoField[]) => fields.filter((f) => query[f] !== undefined);
  const reverse = given(REVERSE);
  if (reverse.length > 0) {
    const forward = given(FORWARD);
    if (forward.length > 0) throw invalid(forward[0]!, query[forward[0]!], `give either symbol (and number) or branch_code, account_type and account_number, not both`);
    // Named by what was given, as every 400 of the interface names a parameter sent.
    const missing = REVERSE.filter((f) => query[f] === undefined);
    if (missing.length > 0) throw invalid(reverse[0]!, query[reverse[0]!], `${reverse[0]} needs ${missing.join(' and ')} too: the reverse direction takes branch_code, account_type and account_number`);
    const result = passbookAccountOf({ branchCode: query.branch_code!, accountType: query.account_type!, accountNumber: query.account_number! });
    if (!result.ok) throw problemError(result.problem, query);
    const { account, passbook } = result.value;
    const branch = branchOf(services, account.branchCode, 'branch_code', query);
    return { ...transferFields(account, branch), account_number: account.accountNumber, symbol: passbook.symbol, number: passbook.number, undetermined: passbook.undetermined };
  }
  if (query.symbol === undefined) {
    if (query.number !== undefined) throw invalid('number', query.number, 'number needs symbol too: give the 記号 of the passbook');
    throw invalid('symbol', undefined, 'symbol is required: the 記号 of the passbook (with number), or branch_code, account_type and account_number for the other direction', 'missing');
  }
  const result = transferAccountOf(query.symbol, query.number);
  if (!result.ok) throw problemError(result.problem, query);
  const account = result.value;
  const branch = branchOf(services, account.branchCode, 'symbol', query);
  return { ...transferFields(account, branch), ...(account.accountNumber === undefined ? {} : { account_number: account.accountNumber }) };
}

function transferFields(account: { readonly bankCode: string; readonly branchCode: string; readonly accountType: string; readonly accountTypeName: string }, branch: Branch) {
  return {
    bank_code: account.bankCode,
    branch_code: account.branchCode,
    branch_name: branch.name,
    branch_kana: branch.halfWidthKana,
    account_type: account.accountType,
    account_type_name: account.accountTypeName,
  };
}

/** The ゆうちょ API, registered under the prefix `/yucho/v1`. */
export function yuchoApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    handleErrorsAs(app, DETAILED_ERRORS);
    registerGet(app, {
      url: '/account',
      guard: accessGuard(services, { bucket: 'search' }),
      schema: {
        summary: 'Convert a ゆうちょ銀行 account between 記号・番号 and 店番・預金種目・口座番号',
        description:
          'symbol (and number) → the transfer account; branch_code, account_type and account_number → the 記号・番号 as far as the rule determines them. Counted as one Search request. See docs/yucho.md.',
        tags: ['ゆうちょ'],
        security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
        querystring: YuchoQuerySchema,
        response: { 200: YuchoAccountSchema, '4xx': DetailedErrorSchema },
      },
      handler: (request: FastifyRequest, reply: FastifyReply) => {
        sendJson(reply, JSON.stringify(answer(request, services)));
      },
    });
  };
}

/**
 * POST /accounts/v1/validate (docs/payee-checks.md): up to 1,000 payee records checked against
 * the snapshot served and its lineage (src/payee/payee-check.ts), each answered with its id, a
 * verdict, the record today, its successor and its problems. Counted like a Resolve batch, in
 * the Resolve count: N records as N requests of the day and one of the second, and a batch the
 * day cannot take whole refused and not counted (docs/access.md).
 *
 * Its own plugin, reading JSON as Resolve does (src/http/apis/resolve/body.ts): the body
 * arrives as text, and every problem of its shape is one entry of a 422 located in the item
 * (`["body","items",3,"bank_code"]`). A field of the right type but the wrong form is no 422:
 * it is the item's problem (verdict `invalid`).
 *
 * Order of checks: key (401/403/429/503) → body size (413) → media type (415) → body (422) →
 * the other N − 1 requests of the day (429) → answer. Other methods on the path answer 405.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LimitPolicy } from '../../../access/access-control.js';
import { type PayeeInput, payeeCheckerOf } from '../../../payee/payee-check.js';
import { mapInSlices } from '../../../shared/slices.js';
import { accessGuard, chargeItems } from '../../edge/access-guard.js';
import { registerPost } from '../../edge/register.js';
import { sendJson } from '../../edge/writer.js';
import type { AppServices } from '../../services.js';
import { type BodyShape, installDetailedJsonBodies, missingBody } from '../resolve/body.js';
import { ResolveMessageErrorSchema, ResolveValidationErrorSchema } from '../resolve/schemas.js';
import { ACCOUNTS_BODY_LIMIT } from './limits.js';
import { PayeeValidateRequestSchema, PayeeValidateResponseSchema } from './schemas.js';

export const ACCOUNTS_PREFIX = '/accounts/v1';
export const ACCOUNTS_VALIDATE_PATH = `${ACCOUNTS_PREFIX}/validate`;

/** Counted with Resolve: a payee check is a Resolve batch's kin (docs/access.md). */
const ACCOUNTS_POLICY: LimitPolicy = { bucket: 'resolve' };

/** An item as the schema accepted it. */
interface PayeeItem {
  readonly id: string | number;
  readonly bank_code: string;
  readonly branch_code?: string;
  readonly bank_name?: string;
  readonly branch_name?: string;
  readonly account_type?: string;
  readonly account_number?: string;
  readonly holder_kana?: string;
  readonly symbol?: string;
  readonly number?: string;
}

export function payeeInputOf(item: PayeeItem): PayeeInput {
  return {
    bankCode: item.bank_code,
    branchCode: item.branch_code,
    bankName: item.bank_name,
    branchName: item.branch_name,
    accountType: item.account_type,
    accountNumber: item.account_number,
    holderKana: item.holder_kana,
    symbol: item.symbol,
    number: item.number,
  };
}

const BODY_SHAPE: BodyShape = {
  fieldOrder: ['items', 'id', 'bank_code', 'branch_code', 'bank_name', 'branch_name', 'account_type', 'account_number', 'holder_kana', 'symbol', 'number'],
  enumMessage: 'Input is not one of the allowed values',
};

/** The payee checks, registered under the prefix `/accounts/v1`. */
export function accountsApi(services: AppServices): (app: FastifyInstance) => Promise<void> {
  return async (scope) => {
    installDetailedJsonBodies(scope, BODY_SHAPE, ACCOUNTS_BODY_LIMIT);

    registerPost(scope, {
      bodyLimit: ACCOUNTS_BODY_LIMIT,
      url: ACCOUNTS_VALIDATE_PATH.slice(ACCOUNTS_PREFIX.length),
      guard: accessGuard(services, ACCOUNTS_POLICY),
      schema: {
        summary: 'Check up to 1,000 payee records: valid, renamed, merged (and where to), closed or unknown',
        description:
          "Each record's codes, names, account and holder kana checked against the data served and the lineage of every code since 2019. A request of N records counts as N requests against the key's Resolve daily limit and one against its per-second limit; if the N do not fit the day, the whole request is refused with 429 and not counted. See docs/payee-checks.md.",
        tags: ['Payee checks'],
        security: [{ apiKeyHeader: [] }],
        body: PayeeValidateRequestSchema,
        response: { 200: PayeeValidateResponseSchema, 401: ResolveMessageErrorSchema, 422: ResolveValidationErrorSchema, '4xx': ResolveMessageErrorSchema },
      },
      preValidation: (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
        done(request.body === undefined ? missingBody(['items']) : undefined);
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const items = (request.body as { items: PayeeItem[] }).items;
        await chargeItems(services, request, reply, ACCOUNTS_POLICY, items.length, scope.metrics);
        const checker = await payeeCheckerOf(services.snapshots.current);
        const results = await mapInSlices(items, (item) => ({ id: item.id, ...checker.check(payeeInputOf(item)) }));
        return sendJson(reply, JSON.stringify({ results }));
      },
    });
  };
}

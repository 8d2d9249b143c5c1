/**
 * The payee-check helper (docs/payee-checks.md): payee records checked against the data served
 * and the lineage of every code — a verdict (ok, name_mismatch, renamed, merged, closed,
 * unknown_bank, unknown_branch, invalid), the record today, its successor and the problems. A
 * list longer than one request may hold is sent in several requests in turn, and the results come
 * back in the order of the items.
 */
import type { GinkoCalls } from './calls.js';
import { orThrow } from './errors.js';
import type { Answer, BodyOf } from './operations.js';

export type PayeeItem = BodyOf<'/accounts/v1/validate'>['items'][number];
export type PayeeResult = Answer<'/accounts/v1/validate', 'post'>['results'][number];

/** The most records one request may carry (docs/limits.md, "Payee check items"). */
export const VALIDATE_ACCOUNTS_MAX_ITEMS = 1000;

export interface ValidateAccountsOptions {
  /**
   * Records per request, 1 to 1,000 (the default). Each record counts as one request of the
   * key's Resolve limits and a request is served whole or refused with 429.
   */
  readonly batchSize?: number;
}

/** Every record's result, in the items' order; no request for an empty list. */
export async function validateAccounts(calls: GinkoCalls, items: readonly PayeeItem[], options: ValidateAccountsOptions = {}): Promise<PayeeResult[]> {
  const size = options.batchSize ?? VALIDATE_ACCOUNTS_MAX_ITEMS;
  if (!Number.isInteger(size) || size < 1 || size > VALIDATE_ACCOUNTS_MAX_ITEMS) throw new RangeError(`batchSize must be an integer from 1 to ${VALIDATE_ACCOUNTS_MAX_ITEMS}, not ${size}`);
  const results: PayeeResult[] = [];
  for (let start = 0; start < items.length; start += size) {
    const answer = await orThrow(calls.POST('/accounts/v1/validate', { body: { items: items.slice(start, start + size) } }));
    results.push(...answer.results);
  }
  return results;
}

/**
 * The ゆうちょ helper (docs/yucho.md): a passbook's 記号・番号 to the 店番・預金種目・口座番号 a
 * transfer needs, or back.
 */
import type { GinkoCalls } from './calls.js';
import { orThrow } from './errors.js';
import type { Answer, QueryOf } from './operations.js';

export type YuchoQuery = QueryOf<'/yucho/v1/account'>;
export type YuchoAccount = Answer<'/yucho/v1/account', 'get'>;

export function yuchoAccount(calls: GinkoCalls, query: YuchoQuery): Promise<YuchoAccount> {
  return orThrow(calls.GET('/yucho/v1/account', { params: { query } }));
}

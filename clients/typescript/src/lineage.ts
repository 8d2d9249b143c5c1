/**
 * The lineage helper (docs/lineage.md): where a bank or branch code went — its status today
 * (active, renamed, code_changed, merged, closed), the record that carries it on, and every
 * change since 2019.
 */
import type { GinkoCalls } from './calls.js';
import { orThrow } from './errors.js';
import type { Answer } from './operations.js';

export type Lineage = Answer<'/history/v1/lineage/{bankCode}', 'get'>['lineage'];

/** The lineage of a bank code, or of one of its branch codes when `branchCode` is given. */
export async function lineage(calls: GinkoCalls, bankCode: string, branchCode?: string): Promise<Lineage> {
  const answer =
    branchCode === undefined
      ? await orThrow(calls.GET('/history/v1/lineage/{bankCode}', { params: { path: { bankCode } } }))
      : await orThrow(calls.GET('/history/v1/lineage/{bankCode}/{branchCode}', { params: { path: { bankCode, branchCode } } }));
  return answer.lineage;
}

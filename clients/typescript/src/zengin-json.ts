/**
 * The zengin-code JSON files as Ginko serves them (docs/search-api.md#the-zengin-code-json-shape):
 * for code written against the zengin-code package's data.
 */
import type { GinkoCalls } from './calls.js';
import { orThrow } from './errors.js';
import type { Answer } from './operations.js';

/** `{code: {code, name, kana, hira, roma}}`, keyed by bank or branch code. */
export type ZenginRecords = Answer<'/api/banks.json', 'get'>;

export function zenginBanks(calls: GinkoCalls): Promise<ZenginRecords> {
  return orThrow(calls.GET('/api/banks.json'));
}

export function zenginBranches(calls: GinkoCalls, bankCode: string): Promise<ZenginRecords> {
  return orThrow(calls.GET('/api/branches/{bankCode}.json', { params: { path: { bankCode } } }));
}

/**
 * The 全銀 kana helpers (docs/kana.md): a payee or remitter name in the 全銀 character set, and
 * whether two spellings are the same name to a bank.
 */
import type { GinkoCalls } from './calls.js';
import { orThrow } from './errors.js';
import type { Answer, BodyOf } from './operations.js';

export type KanaField = NonNullable<BodyOf<'/kana/v1/normalize'>['field']>;
export type NormalizedKana = Answer<'/kana/v1/normalize', 'post'>;
export type KanaEquivalence = Answer<'/kana/v1/equivalent', 'post'>;

export function normalizeKana(calls: GinkoCalls, text: string, field?: KanaField): Promise<NormalizedKana> {
  return orThrow(calls.POST('/kana/v1/normalize', { body: field === undefined ? { text } : { text, field } }));
}

export function kanaEquivalent(calls: GinkoCalls, a: string, b: string): Promise<KanaEquivalence> {
  return orThrow(calls.POST('/kana/v1/equivalent', { body: { a, b } }));
}

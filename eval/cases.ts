/** The shape of eval/resolve.json and eval/resolve-real.json, shared by the builders, the runner and the tests. */
import type { Decision, ResolveContext } from '../src/resolve/types.js';

export const CASE_CLASSES = [
  'official',
  'short_name',
  'kana',
  'half_width',
  'width_script',
  'branch_suffix_added',
  'branch_suffix_omitted',
  'branch_reading_suffix',
  'typo_branch',
  'typo_bank',
  'alias',
  'former_name',
  'generic_branch',
  'jp_numeral',
  'ambiguous',
  'nonexistent_bank',
  'nonexistent_branch',
] as const;
export type CaseClass = (typeof CASE_CLASSES)[number];

/** Names as real files hold them (eval/resolve-real.json, built by eval/build-real-cases.ts). */
export const REAL_CASE_CLASSES = ['variant_kanji', 'spoken_kana', 'noise', 'branch_code', 'former_branch', 'must_not_answer'] as const;
export type RealCaseClass = (typeof REAL_CASE_CLASSES)[number];

export interface EvalCase<C extends string = CaseClass> {
  readonly id: string;
  readonly class: C;
  readonly bank_name: string;
  readonly branch_name: string;
  /** The one right answer, or null where there is none (ambiguous or nonexistent input). */
  readonly expected: { readonly bank_code: string; readonly branch_code: string } | null;
  /** What a careful operator expects per context; contexts not listed are not pinned. */
  readonly decisions: Partial<Record<ResolveContext, Decision>>;
  readonly note?: string;
}

export interface EvalFile<C extends string = CaseClass> {
  readonly description: string;
  readonly dataset_version: string;
  readonly cases: readonly EvalCase<C>[];
}

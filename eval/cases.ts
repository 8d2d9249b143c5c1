/** The shape of eval/resolve.json, eval/resolve-real.json and eval/resolve-typed.json, shared by the builders, the runner and the tests. */
import type { Decision, ReasonCode, ResolveContext } from '../src/resolve/types.js';

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

/** Names as a new user types them from real files (eval/resolve-typed.json, built by eval/build-typed-cases.ts). */
export const TYPED_CASE_CLASSES = ['old_kanji', 'glued_code', 'exact_bank', 'payment_trim'] as const;
export type TypedCaseClass = (typeof TYPED_CASE_CLASSES)[number];

export interface EvalCase<C extends string = CaseClass> {
  readonly id: string;
  readonly class: C;
  readonly bank_name: string;
  readonly branch_name: string;
  /** The one right answer, or null where there is none (ambiguous or nonexistent input). */
  readonly expected: { readonly bank_code: string; readonly branch_code: string } | null;
  /** What a careful operator expects per context; contexts not listed are not pinned. */
  readonly decisions: Partial<Record<ResolveContext, Decision>>;
  /** Reason codes the answer must carry per context (others may come too); counted with the pinned decision. */
  readonly reasons?: Partial<Record<ResolveContext, readonly ReasonCode[]>>;
  readonly note?: string;
}

export interface EvalFile<C extends string = CaseClass> {
  readonly description: string;
  readonly dataset_version: string;
  readonly cases: readonly EvalCase<C>[];
}

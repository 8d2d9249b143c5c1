/** The shape of eval/resolve.json, shared by the builder, the runner and the test. */
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

export interface EvalCase {
  readonly id: string;
  readonly class: CaseClass;
  readonly bank_name: string;
  readonly branch_name: string;
  /** The one right answer, or null where there is none (ambiguous or nonexistent input). */
  readonly expected: { readonly bank_code: string; readonly branch_code: string } | null;
  /** What a careful operator expects per context; contexts not listed are not pinned. */
  readonly decisions: Partial<Record<ResolveContext, Decision>>;
  readonly note?: string;
}

export interface EvalFile {
  readonly description: string;
  readonly dataset_version: string;
  readonly cases: readonly EvalCase[];
}

/** The shape of eval/romaji.json, shared by its builder, the evaluation and the test. */

/** `generated`: a sampled record romanized by eval/romanize.ts; `hand`: written by hand. */
export type RomajiCaseSource = 'generated' | 'hand';

export interface RomajiFreewordCase {
  readonly query: string;
  readonly kind: 'bank' | 'branch';
  /** The bank whose branches are searched, for kind branch. */
  readonly bankCode?: string;
  readonly expected: string;
  readonly source: RomajiCaseSource;
}

export interface RomajiResolveCase {
  readonly id: string;
  readonly bank_name: string;
  readonly branch_name: string;
  readonly expected: { readonly bank_code: string; readonly branch_code: string };
  readonly source: RomajiCaseSource;
}

export interface RomajiEvalFile {
  readonly description: string;
  readonly dataset_version: string;
  readonly freeword: readonly RomajiFreewordCase[];
  readonly resolve: readonly RomajiResolveCase[];
}

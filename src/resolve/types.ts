/**
 * The Resolve API's vocabulary (docs/resolve.md). Response objects use the snake_case
 * names of the interface so that the HTTP layer and the CLI print them as they are.
 */

export const RESOLVE_CONTEXTS = ['default', 'payment', 'onboarding', 'matching'] as const;
export type ResolveContext = (typeof RESOLVE_CONTEXTS)[number];

export function isResolveContext(value: string): value is ResolveContext {
  return (RESOLVE_CONTEXTS as readonly string[]).includes(value);
}

export const DECISIONS = ['auto_confirm', 'needs_review', 'ambiguous', 'unresolved'] as const;
export type Decision = (typeof DECISIONS)[number];

/** How the bank input met a bank (scores in policy.ts, meanings in docs/resolve.md). */
export type BankMatchKind =
  | 'official' // the full name: みずほ銀行
  | 'short' // the registered short name: みずほ, 北海道信金
  | 'suffix_variant' // the stem with another spelling of its own type: 北海道しんきん, JAさがみ
  | 'kana' // the reading: みずほぎんこう, ほっかいどうしんきん
  | 'spoken' // the reading as said, long vowels typed with ー or left out: みつびしゆーえふじぇー
  | 'stem' // the stem without any type, where the short name carries one: 城南 for 城南信金
  | 'alias' // a curated abbreviation or brand: SMBC, 郵便局
  | 'former_name' // a curated former name: 東京三菱銀行, 福邦銀行
  | 'typo' // one character off
  | 'abbreviation' // the start of the name, at least half of it
  | 'type_mismatch' // the stem of a bank of another type: 北洋信金 for 北洋銀行
  | 'code'; // the bank code alone: 9900, ０００１

/** How the branch input met a branch. */
export type BranchMatchKind =
  | 'official' // the name or its reading: 東京営業部, とうきょう
  | 'spoken' // the reading as said: とーきょー for トウキヨウ
  | 'code' // the branch code: 001, 店番001, 支店コード 001
  | 'yucho_symbol' // ゆうちょ銀行's 記号, converted by Japan Post Bank's rule: 14030 for 408 (src/payee/yucho-account.ts)
  | 'former_name' // a name the code carried in an earlier published version
  | 'numeral' // Japan Post Bank's numeric names: 018, 〇一八店 for 〇一八
  | 'trimmed' // a suffix of the input removed: 渋谷支店 for 渋谷
  | 'supplemented' // the official suffix added: 東京 for 東京営業部
  | 'suffix_swapped' // one suffix for another: 東京支店 for 東京営業部
  | 'main_office' // a generic main-office input for the bank's main office of another name
  | 'omitted' // no branch input: the bank's main office offered
  | 'typo'
  | 'abbreviation';

export interface Match {
  readonly bank_code: string;
  readonly bank_name: string;
  readonly branch_code: string;
  readonly branch_name: string;
}

export const REASON_CODES = [
  'bank_not_found',
  'branch_not_found',
  'bank_alias_ambiguous',
  'branch_alias_ambiguous',
  'gap_too_small',
  'bank_code_mismatch',
  'branch_code_mismatch',
  'bank_former_name',
  'branch_former_name',
  'code_moved',
  'payment_bank_alias',
  'payment_bank_abbreviation',
  'payment_branch_trim',
  'payment_branch_supplement',
  'romaji_input',
  'branch_omitted',
  'bank_matched_by_code',
  'branch_matched_by_code',
  'branch_matched_by_yucho_symbol',
  'generic_branch',
  'below_auto_total',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

export interface ReasonDetail {
  readonly code: ReasonCode;
  readonly message_ja: string;
}

/** The response body of POST /resolve/v1/bank-branch without `debug`. */
export interface ResolveAnswer {
  readonly decision: Decision;
  readonly best_match?: Match;
  readonly candidates: readonly Match[];
  readonly reason_codes: readonly ReasonCode[];
  readonly reason_details: readonly ReasonDetail[];
  readonly reason_summary_ja?: string;
}

export interface ResolveInput {
  readonly bankName: string;
  readonly branchName: string;
  /** Absent means `default`. */
  readonly context?: ResolveContext;
}

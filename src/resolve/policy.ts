/**
 * Scores and the per-context judgment policies (docs/resolve.md#contexts-and-thresholds).
 * Scores are integer points out of 100 so that thresholds and gaps compare exactly. A
 * candidate's total is bank score × branch score / 100, rounded.
 *
 * Every number here is documented in docs/resolve.md; tests pin the decisions they produce.
 */
import type { BankMatchKind, BranchMatchKind, ResolveContext } from './types.js';

export const BANK_SCORES: Readonly<Record<BankMatchKind, number>> = Object.freeze({
  official: 100,
  short: 100,
  suffix_variant: 99,
  kana: 98,
  stem: 96,
  spoken: 93,
  alias: 95,
  former_name: 88,
  typo: 80,
  abbreviation: 72,
  type_mismatch: 70,
  code: 92,
});

export const BRANCH_SCORES: Readonly<Record<BranchMatchKind, number>> = Object.freeze({
  official: 100,
  numeral: 99,
  spoken: 94,
  code: 92,
  yucho_symbol: 98,
  former_name: 85,
  trimmed: 96,
  supplemented: 95,
  suffix_swapped: 93,
  main_office: 85,
  typo: 80,
  omitted: 76,
  abbreviation: 72,
});

/**
 * Points off when the readings agree only once voicing is ignored (みすほ for みずほ). At least
 * every minGap, so that the exact reading wins over a voicing twin (なかの: 中野 over 長野).
 */
export const VOICING_PENALTY = 5;
/** Points off for matching the reading rather than the written name (とうきょう for 東京). */
export const READING_PENALTY = 2;
/** Trimming a suffix other than 支店/店 (渋谷出張所 for 渋谷), or swapping to anything but 営業部. */
export const WEAK_SUFFIX_SCORE = 88;
/** Bank candidates at or above this score count as "the input names this bank" (ambiguity check). */
export const STRONG_BANK_SCORE = 90;
/** A branch match this good ends the search for other readings of the branch input. */
export const STRONG_BRANCH_SCORE = 90;
/** At most this many banks have their branches searched. */
export const MAX_BANK_CANDIDATES = 10;
/** At most this many candidates are returned (docs/resolve.md#response). */
export const MAX_CANDIDATES = 10;

export interface ResolvePolicy {
  /** The top candidate's total must reach this to be auto-confirmed. */
  readonly autoTotal: number;
  /** The top candidate must lead the runner-up by at least this many points. */
  readonly minGap: number;
  /** Below this total the decision is `ambiguous` (confidence insufficient) rather than `needs_review`. */
  readonly reviewFloor: number;
  /** Bank match kinds that may be auto-confirmed. */
  readonly autoBankKinds: readonly BankMatchKind[];
  /** Branch match kinds that may be auto-confirmed. */
  readonly autoBranchKinds: readonly BranchMatchKind[];
  /** Whether a generic branch input (本店, 本店営業部, …) may be auto-confirmed. */
  readonly genericAuto: boolean;
}

const ORDINARY_BANK_KINDS: readonly BankMatchKind[] = ['official', 'short', 'suffix_variant', 'kana', 'stem', 'alias', 'spoken', 'code'];
const ORDINARY_BRANCH_KINDS: readonly BranchMatchKind[] = ['official', 'numeral', 'trimmed', 'supplemented', 'suffix_swapped', 'spoken', 'code', 'yucho_symbol'];
/** Bank kinds that only come near a name: an exact bank's branches are searched without them (a near-miss bank never lends a branch). */
export const NEAR_BANK_KINDS: readonly BankMatchKind[] = ['typo', 'abbreviation', 'type_mismatch'];
/**
 * Bank kinds that name one institution when matched at their full score (voicing as typed, not
 * a bare stem): its name, short name, type spelled otherwise, or reading. Such a bank keeps the
 * candidates to itself; others matched by name are searched only where it has no match at all.
 */
export const NAMING_BANK_KINDS: readonly BankMatchKind[] = ['official', 'short', 'suffix_variant', 'kana'];

/**
 * - default: input assistance. Official names, readings (also as said, with ー), suffixes added
 *   or removed, bank and branch codes, ゆうちょ 記号 and curated unambiguous aliases may
 *   auto-confirm; typos, abbreviations, former bank or branch names never do.
 * - payment: the strictest. Only the official name, the registered short name, another
 *   spelling of the type suffix, the reading and JP Bank numerals may auto-confirm; aliases,
 *   bare stems, readings as said, bank and branch codes, ゆうちょ 記号 (their 番号 must be
 *   converted too), trimmed or supplemented branch names and generic branch names need review.
 * - onboarding: as default for auto-confirmation; weaker candidates are still offered for
 *   confirmation (`needs_review`) down to a lower floor.
 * - matching: as default for auto-confirmation; the widest review band for reconciliation.
 */
const policy = (p: ResolvePolicy): ResolvePolicy => Object.freeze(p);

export const CONTEXT_POLICIES: Readonly<Record<ResolveContext, ResolvePolicy>> = Object.freeze({
  default: policy({ autoTotal: 90, minGap: 4, reviewFloor: 70, autoBankKinds: ORDINARY_BANK_KINDS, autoBranchKinds: ORDINARY_BRANCH_KINDS, genericAuto: true }),
  payment: policy({ autoTotal: 96, minGap: 5, reviewFloor: 70, autoBankKinds: ['official', 'short', 'suffix_variant', 'kana'], autoBranchKinds: ['official', 'numeral'], genericAuto: false }),
  onboarding: policy({ autoTotal: 90, minGap: 4, reviewFloor: 60, autoBankKinds: ORDINARY_BANK_KINDS, autoBranchKinds: ORDINARY_BRANCH_KINDS, genericAuto: true }),
  matching: policy({ autoTotal: 90, minGap: 4, reviewFloor: 50, autoBankKinds: ORDINARY_BANK_KINDS, autoBranchKinds: ORDINARY_BRANCH_KINDS, genericAuto: true }),
});

export const DEFAULT_CONTEXT: ResolveContext = 'default';

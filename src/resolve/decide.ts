/**
 * The decision for ranked candidates under one context's policy (docs/resolve.md#response,
 * docs/resolve.md#contexts-and-thresholds).
 * Every reason that forbids auto-confirmation is recorded; generic_branch is also recorded,
 * as information, where the policy allows generic names.
 */
import { type BankMatch, namesBank } from './match-bank.js';
import type { BranchMatch } from './match-branch.js';
import { type ResolvePolicy, STRONG_BANK_SCORE } from './policy.js';
import type { BankMatchKind, BranchMatchKind, Decision, ReasonCode } from './types.js';

export interface Candidate {
  readonly bank: BankMatch;
  readonly branch: BranchMatch;
  readonly total: number;
}

export interface Judgment {
  readonly decision: Decision;
  readonly reasons: readonly ReasonCode[];
}

/** Why a match kind the policy does not auto-confirm needs review; score-only kinds fall to below_auto_total. */
const BANK_KIND_REASONS: Partial<Record<BankMatchKind, ReasonCode>> = { alias: 'payment_bank_alias', stem: 'payment_bank_abbreviation', former_name: 'bank_former_name', code: 'bank_matched_by_code' };
const BRANCH_KIND_REASONS: Partial<Record<BranchMatchKind, readonly ReasonCode[]>> = {
  trimmed: ['payment_branch_trim'],
  supplemented: ['payment_branch_supplement'],
  suffix_swapped: ['payment_branch_trim', 'payment_branch_supplement'],
  omitted: ['branch_omitted'],
  code: ['branch_matched_by_code'],
  yucho_symbol: ['branch_matched_by_yucho_symbol'],
  former_name: ['branch_former_name'],
  main_office: ['generic_branch'],
};

/** Branch kinds whose reason is kept as information where the policy auto-confirms them. */
const INFORMED_BRANCH_KINDS: readonly BranchMatchKind[] = ['code', 'yucho_symbol'];

/**
 * Whether the bank input names more than one institution with confidence; or names one exactly
 * while the answer is another's (ごとう農協 has no 湖東, ことう 湖東農協 has: bankSearchOrder).
 */
export function bankInputAmbiguous(banks: readonly BankMatch[], top: BankMatch, policy: ResolvePolicy): boolean {
  if (top.alias && top.alias.entries.length > 1) return true;
  if (!namesBank(top) && banks.some(namesBank)) return true;
  const best = banks[0]?.score ?? 0;
  // Among the strong matches: more than one close to the best, or more than one bare.
  let close = 0;
  let bare = 0;
  for (const m of banks) {
    if (m.score < STRONG_BANK_SCORE) continue;
    if (best - m.score < policy.minGap) close++;
    if (m.bare) bare++;
  }
  return close > 1 || bare > 1;
}

/**
 * `topMoved`: the top candidate's code is one the lineage carried on to another while upstream
 * still lists it (3652-100 増田 → 3636-806): never auto-confirmed, in any context.
 */
export function judge(banks: readonly BankMatch[], candidates: readonly Candidate[], policy: ResolvePolicy, topMoved: boolean): Judgment {
  if (banks.length === 0) return { decision: 'unresolved', reasons: ['bank_not_found'] };
  const top = candidates[0];
  if (!top) return { decision: 'unresolved', reasons: ['branch_not_found'] };

  const reasons: ReasonCode[] = [];
  let blocked = false;
  const block = (...codes: readonly ReasonCode[]) => {
    reasons.push(...codes);
    blocked = true;
  };

  if (bankInputAmbiguous(banks, top.bank, policy)) block('bank_alias_ambiguous');

  // The candidates are ranked by total: the close ones follow the top. A loop, not a slice
  // and a filter: every Resolve call runs this over all its candidates.
  let close = 0;
  let sameBankAndKind = false;
  for (let i = 1; i < candidates.length && top.total - candidates[i]!.total < policy.minGap; i++) {
    close++;
    if (candidates[i]!.bank.entry === top.bank.entry && candidates[i]!.branch.kind === top.branch.kind) sameBankAndKind = true;
  }
  if (close > 0) {
    block('gap_too_small');
    if (sameBankAndKind) block('branch_alias_ambiguous');
  }

  if (!policy.autoBankKinds.includes(top.bank.kind)) block(BANK_KIND_REASONS[top.bank.kind] ?? 'below_auto_total');
  if (!policy.autoBranchKinds.includes(top.branch.kind)) block(...(BRANCH_KIND_REASONS[top.branch.kind] ?? ['below_auto_total']));
  // An office word removed is a trim whatever else the match is (a reading as said, a typo, a
  // former name: とーきょーしてん, 今池支店): where trims need review, it says so.
  if (top.branch.suffixRemoved && !policy.autoBranchKinds.includes('trimmed')) block('payment_branch_trim');

  if (topMoved) block('code_moved');
  if (top.bank.codeConflict) block('bank_code_mismatch');
  if (top.branch.codeConflict) block('branch_code_mismatch');
  // A code or a 記号 names the bank or branch exactly, but the person should see that no name
  // was compared (and, for a 記号, that the 番号 needs converting too).
  if (top.bank.kind === 'code' && policy.autoBankKinds.includes('code')) reasons.push('bank_matched_by_code');
  if (INFORMED_BRANCH_KINDS.includes(top.branch.kind) && policy.autoBranchKinds.includes(top.branch.kind)) reasons.push(...BRANCH_KIND_REASONS[top.branch.kind]!);

  if (top.branch.input.generic) {
    if (policy.genericAuto) reasons.push('generic_branch');
    else block('generic_branch');
  }
  if (top.total < policy.autoTotal) block('below_auto_total');

  const decision: Decision = !blocked ? 'auto_confirm' : top.total < policy.reviewFloor ? 'ambiguous' : 'needs_review';
  return { decision, reasons };
}

/**
 * Resolve: a free-typed bank name and branch name to ranked official codes and a decision
 * (docs/resolve.md). Pure: the caller passes the Snapshot; no HTTP or SQL here.
 *
 *   bank input ──analyze──► readings ──matchBanks──► bank matches (best per bank)
 *   branch input ─analyze─► trimmed, digits, generic ──matchBranches (per bank)──► candidates
 *   candidates ──judge(policy of the context)──► decision + reasons
 */
import type { Snapshot } from '../dataset/snapshot.js';
import type { Branch } from '../domain/types.js';
import { type Candidate, judge } from './decide.js';
import { keyOf } from './keys.js';
import { analyzeBankInput, type BankInputAnalysis, type BankMatch, type BankSearch, bankSearchOrder, searchBanks } from './match-bank.js';
import { analyzeBranchInput, type BranchInputAnalysis, type BranchMatch, branchInputsFor, matchBranches } from './match-branch.js';
import { BRANCH_SCORES, CONTEXT_POLICIES, DEFAULT_CONTEXT, MAX_BANK_CANDIDATES, MAX_CANDIDATES, type ResolvePolicy } from './policy.js';
import { reasonDetails } from './reasons.js';
import { type ResolveIndex, resolveIndex } from './resolve-index.js';
import { cachedResult } from '../dataset/result-cache.js';
import { resolveRomaji } from './romaji-input.js';
import type { BankMatchKind, BranchMatchKind, Match, ResolveAnswer, ResolveContext, ResolveInput } from './types.js';

/** Inputs are cut to this many characters; the HTTP layer rejects longer ones (422) first. */
export const MAX_INPUT_LENGTH = 200;

export interface ResolveDebug {
  readonly dataset_version: string;
  readonly context: ResolveContext;
  readonly policy: { readonly auto_total: number; readonly min_gap: number; readonly review_floor: number };
  readonly normalized: {
    readonly bank_name: string;
    readonly bank_readings: readonly { readonly stem: string; readonly type: string | null }[];
    readonly branch_name: string;
    readonly branch_trimmed: readonly { readonly stem: string; readonly suffix: string }[];
    readonly branch_digits: string | null;
    /** Codes written beside the names (0005 三菱UFJ, 新宿（001）, 店番001). */
    readonly bank_code: string | null;
    readonly branch_code: string | null;
    readonly generic_branch: boolean;
  };
  readonly bank_matches: readonly { readonly bank_code: string; readonly bank_name: string; readonly kind: BankMatchKind; readonly score: number }[];
  readonly scores: readonly {
    readonly bank_code: string;
    readonly branch_code: string;
    readonly branch_name: string;
    readonly bank_kind: BankMatchKind;
    readonly bank_score: number;
    readonly branch_kind: BranchMatchKind;
    readonly branch_score: number;
    readonly total: number;
  }[];
}

export interface ResolveOutcome {
  readonly answer: ResolveAnswer;
  readonly debug: ResolveDebug;
  /** Candidates with their scores, for evaluation and the debug view. */
  readonly ranked: readonly Candidate[];
}

function matchOf(c: Candidate): Match {
  return { bank_code: c.bank.entry.bank.code, bank_name: c.bank.entry.bank.name, branch_code: c.branch.entry.branch.code, branch_name: c.branch.entry.branch.name };
}

function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    b.total - a.total ||
    b.bank.score - a.bank.score ||
    b.branch.score - a.branch.score ||
    compare(a.bank.entry.bank.code, b.bank.entry.bank.code) ||
    compare(a.branch.entry.branch.code, b.branch.entry.branch.code) ||
    compare(a.branch.entry.branch.name, b.branch.entry.branch.name)
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function resolve(snapshot: Snapshot, input: ResolveInput): ResolveOutcome {
  // Romaji names are read as kana first, then resolved as typed (docs/resolve.md#romaji).
  return resolveRomaji(snapshot, input, resolveTyped) ?? resolveTyped(snapshot, input);
}

function resolveTyped(snapshot: Snapshot, input: ResolveInput): Outcome {
  const context = input.context ?? DEFAULT_CONTEXT;
  const policy: ResolvePolicy = CONTEXT_POLICIES[context];
  const index = resolveIndex(snapshot);

  const { bankInput, bankSearch } = bankStage(snapshot, index, input.bankName.slice(0, MAX_INPUT_LENGTH));
  const branchInput = analyzeBranchInput(input.branchName.slice(0, MAX_INPUT_LENGTH));
  const { banks } = bankSearch;

  // A bank the input names exactly keeps the candidates to itself, and a near-miss bank is
  // searched only when no bank matches exactly: neither lends a branch to the bank meant.
  const ranked: Candidate[] = [];
  for (const group of bankSearchOrder(banks)) {
    for (const bank of group) {
      for (const branch of branchesOf(index, bank, branchInputsFor(branchInput, bank.entry))) {
        ranked.push({ bank, branch, total: Math.round((bank.score * branch.score) / 100) });
      }
    }
    if (ranked.length > 0) break;
  }
  ranked.sort(compareCandidates);
  const shown = ranked.slice(0, MAX_CANDIDATES);

  const top = ranked[0];
  const { decision, reasons } = judge(banks, ranked, policy, top !== undefined && index.moved(top.bank.entry.bank.code, top.branch.entry.branch.code));
  const details = reasonDetails(reasons);
  const answer: ResolveAnswer = {
    decision,
    ...(decision === 'unresolved' ? {} : { best_match: matchOf(shown[0]!) }),
    candidates: decision === 'unresolved' ? [] : shown.map(matchOf),
    reason_codes: details.map((d) => d.code),
    reason_details: details,
    ...(details.length > 0 ? { reason_summary_ja: details[0]!.message_ja } : {}),
  };

  // The debug view lists a bank exactly when `banks` holds one: searchBanks leaves out the
  // near-misses only beside an exact bank.
  return new Outcome(answer, ranked, banks.length > 0, () => debugView(snapshot, context, bankInput, branchInput, bankSearch, shown));
}

/**
 * The branch candidates of one bank match. A bank named by a former name from the lineage
 * (中京銀行) is searched as it was: its branches under the names they carried, each answered by
 * the branch that carries it today (中京銀行 今池 → あいち銀行 今池中央, not あいち銀行's own
 * 今池); one whose name changed is a former name. Only where none matches are the successor's
 * own branches searched.
 */
function branchesOf(index: ResolveIndex, bank: BankMatch, inputs: readonly BranchInputAnalysis[]): BranchMatch[] {
  const formerCode = bank.alias?.formerCode;
  if (formerCode !== undefined) {
    const former = matchBranches(index.formerBranches(formerCode), inputs);
    if (former.length > 0) {
      // Two former names of one branch (春江, 春江中央) may both match: the branch once, at its best.
      const best = new Map<Branch, BranchMatch>();
      for (const m of former.map(asFormer)) if ((best.get(m.entry.branch)?.score ?? -1) < m.score) best.set(m.entry.branch, m);
      return [...best.values()];
    }
  }
  return matchBranches(index.branches(bank.entry.bank.code), inputs);
}

/** A match through a name the branch no longer carries is a former name, scored as one. */
function asFormer(match: BranchMatch): BranchMatch {
  if (match.entry.name.folded === keyOf(match.entry.branch.name).folded || match.kind === 'former_name') return match;
  return { ...match, kind: 'former_name', score: Math.min(match.score, BRANCH_SCORES.former_name) };
}

interface BankStage {
  readonly bankInput: BankInputAnalysis;
  readonly bankSearch: BankSearch;
}

/** Estimated bytes of a kept bank stage beside its matches: the analysis's keys and readings. */
const BANK_STAGE_BYTES = 600;
/** Estimated bytes of one bank match (the object and its slot). */
const BANK_MATCH_BYTES = 100;

/**
 * The bank half of a call, a function of the snapshot and the bank's text alone: kept with the
 * snapshot's results (src/dataset/result-cache.ts), since bank names repeat far more than pairs
 * do (1,146 banks; a file of payees, a form's users), so a new pair with a bank seen before
 * costs only its branch half.
 */
function bankStage(snapshot: Snapshot, index: ResolveIndex, text: string): BankStage {
  return cachedResult(
    snapshot,
    `resolve-bank\n${text}`,
    () => {
      const bankInput = analyzeBankInput(text);
      return { bankInput, bankSearch: searchBanks(index, bankInput) };
    },
    (stage) => BANK_STAGE_BYTES + BANK_MATCH_BYTES * stage.bankSearch.banks.length,
  );
}

/**
 * The outcome of one call, whose debug view is made when it is first read: the API's kept
 * answers never read it. (A class: an object literal with a getter is made by a slow path.)
 */
class Outcome implements ResolveOutcome {
  #debug: ResolveDebug | undefined;
  readonly #makeDebug: () => ResolveDebug;

  constructor(
    readonly answer: ResolveAnswer,
    readonly ranked: readonly Candidate[],
    /** Whether the debug view lists any bank (romaji-input.ts compares outcomes by it without making the view). */
    readonly bankFound: boolean,
    makeDebug: () => ResolveDebug,
  ) {
    this.#makeDebug = makeDebug;
  }

  get debug(): ResolveDebug {
    return (this.#debug ??= this.#makeDebug());
  }

  /** The same outcome with another answer (romaji-input.ts). */
  withAnswer(answer: ResolveAnswer): Outcome {
    return new Outcome(answer, this.ranked, this.bankFound, () => this.debug);
  }
}

function debugView(snapshot: Snapshot, context: ResolveContext, bankInput: BankInputAnalysis, branchInput: BranchInputAnalysis, bankSearch: BankSearch, shown: readonly Candidate[]): ResolveDebug {
  const policy = CONTEXT_POLICIES[context];
  return {
    dataset_version: snapshot.version,
    context,
    policy: { auto_total: policy.autoTotal / 100, min_gap: policy.minGap / 100, review_floor: policy.reviewFloor / 100 },
    normalized: {
      bank_name: bankInput.input.strict,
      bank_readings: bankInput.readings.map((r) => ({ stem: r.stem.strict, type: r.type })),
      branch_name: branchInput.input.strict,
      branch_trimmed: branchInput.trimmed.map((t) => ({ stem: t.key.strict, suffix: t.suffix.text })),
      branch_digits: branchInput.digits ?? null,
      bank_code: bankInput.code ?? null,
      branch_code: branchInput.code ?? null,
      generic_branch: branchInput.generic,
    },
    // With near-miss banks, which the answer may not have searched (searchBanks).
    bank_matches: bankSearch.all().slice(0, MAX_BANK_CANDIDATES).map((m) => ({ bank_code: m.entry.bank.code, bank_name: m.entry.bank.name, kind: m.kind, score: m.score / 100 })),
    scores: shown.map((c) => ({
      bank_code: c.bank.entry.bank.code,
      branch_code: c.branch.entry.branch.code,
      branch_name: c.branch.entry.branch.name,
      bank_kind: c.bank.kind,
      bank_score: c.bank.score / 100,
      branch_kind: c.branch.kind,
      branch_score: c.branch.score / 100,
      total: c.total / 100,
    })),
  };
}

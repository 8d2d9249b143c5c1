/**
 * Branch candidates of one bank for a branch input. The input is read as written and with
 * each office ending removed; official names as written, by reading, and without their own
 * ending. Only when that finds nothing strong: the reading as said (とーきょー), a former name
 * of the branch's code, the code itself. A code written beside a name (新宿（001）, 新宿支店 001番)
 * keeps the branches that carry it, or marks the answer as conflicting; one glued to the name
 * (123新宿支店) is read so only where the name as typed finds nothing. At ゆうちょ銀行 a
 * 記号 (14030) is the branch Japan Post Bank's rule gives (408). Each branch keeps its best match.
 */
import { branchCodeOfSymbolText, JP_BANK_CODE } from '../payee/yucho-account.js';
import { isGenericInput, isOfficeWordOnly, numeralDigits, trimmedInputs, type TrimmedName } from './branch-names.js';
import { type Key, keyOf, withoutPrefix } from './keys.js';
import { cleanBranchInput } from './noise.js';
import { BRANCH_SCORES, READING_PENALTY, STRONG_BRANCH_SCORE, VOICING_PENALTY, WEAK_SUFFIX_SCORE } from './policy.js';
import { type BankEntry, type BranchEntry, type BranchIndex, branchesWithCode, spokenMatches } from './resolve-index.js';
import { spokenKey } from './spoken.js';
import type { BranchMatchKind } from './types.js';

export interface BranchMatch {
  readonly entry: BranchEntry;
  readonly kind: BranchMatchKind;
  readonly score: number;
  /** The reading of the input that matched (as typed, or without a repeated bank name). */
  readonly input: BranchInputAnalysis;
  /** A code was written beside the name and no branch matched by name carries it. */
  readonly codeConflict?: boolean;
  /** Matched through the input with its office word removed (渋谷支店 → 渋谷, とーきょーしてん → とーきょー): payment reviews it. */
  readonly suffixRemoved?: boolean;
}

export interface BranchInputAnalysis {
  readonly input: Key;
  readonly trimmed: readonly TrimmedName[];
  readonly generic: boolean;
  readonly digits: string | undefined;
  /** A branch code written in the input (店番001, 新宿（001）, 001). */
  readonly code: string | undefined;
  /** The input is only a code (001, 店番001, 001支店): nothing to compare with names but JP Bank's numerals. */
  readonly codeOnly: boolean;
  /** The 店番 of ゆうちょ銀行 the input names when it is a 記号 (14030, １４０３０-12345671 → 408). */
  readonly yuchoBranchCode: string | undefined;
  /** The input read with 3 digits glued to its start or end as the code (123新宿支店): tried where the input as typed finds nothing. */
  readonly glued?: BranchInputAnalysis;
}

export function analyzeBranchInput(text: string): BranchInputAnalysis {
  const clean = cleanBranchInput(text);
  const yucho = branchCodeOfSymbolText(text);
  const analysis = analyzeBranchKey(keyOf(clean.text), clean.code, yucho);
  return clean.glued ? { ...analysis, glued: analyzeBranchKey(keyOf(clean.glued.text), clean.glued.code, yucho) } : analysis;
}

export function analyzeBranchKey(input: Key, code?: string, yuchoBranchCode?: string): BranchInputAnalysis {
  const generic = isGenericInput(input);
  // 本店 is not 本 + 店: generic names are taken whole.
  const trimmed = generic || input.folded === '' ? [] : trimmedInputs(input);
  const digits = numeralDigits(input.folded) ?? trimmed.map((t) => numeralDigits(t.key.folded)).find((d) => d !== undefined);
  const codeOnly = code !== undefined && (input.folded === '' || input.folded === code || isOfficeWordOnly(input));
  return { input, trimmed, generic, digits, code, codeOnly, yuchoBranchCode };
}

/**
 * The readings of the branch input for one bank: as typed, and, where the branch column
 * repeats the bank (みずほ銀行渋谷支店, みずほ 渋谷), without it. Both are tried: 東根市役所 at
 * 東根市農協 is a branch name that happens to start with the bank's stem.
 */
export function branchInputsFor(analysis: BranchInputAnalysis, bank: BankEntry): BranchInputAnalysis[] {
  for (const prefix of [bank.name, bank.short, bank.stem]) {
    const rest = withoutPrefix(analysis.input, prefix);
    if (rest) return [analysis, analyzeBranchKey(rest, analysis.code, analysis.yuchoBranchCode)];
  }
  return [analysis];
}

class BranchMatches {
  readonly #best = new Map<BranchEntry, BranchMatch>();
  input!: BranchInputAnalysis;

  best = 0;

  offer(entry: BranchEntry, kind: BranchMatchKind, score: number, suffixRemoved = false): void {
    if (score > this.best) this.best = score;
    const current = this.#best.get(entry);
    if (!current || current.score < score) this.#best.set(entry, suffixRemoved ? { entry, kind, score, input: this.input, suffixRemoved } : { entry, kind, score, input: this.input });
  }

  list(): BranchMatch[] {
    return [...this.#best.values()];
  }
}

const penalty = (a: Key, b: Key) => (a.strict === b.strict ? 0 : VOICING_PENALTY);
/** A reading matches as written if it is the full reading or the one without the office suffix. */
const readingPenalty = (a: Key, e: BranchEntry) => Math.min(penalty(a, e.kana), e.shortKana ? penalty(a, e.shortKana) : VOICING_PENALTY);

/** Trimming 支店/店 is what official names expect; other endings, or a bare テン reading, less so. */
function trimScore(t: TrimmedName): number {
  return t.suffix.cls === 'branch' && !(t.suffix.reading && t.suffix.text === 'テン') ? BRANCH_SCORES.trimmed : WEAK_SUFFIX_SCORE;
}

/**
 * Each branch's best match over the readings of the input. A later reading is tried only when
 * the earlier ones found nothing strong: 四国中央 at 四国銀行 is the branch 四国中央, not 中央.
 */
export function matchBranches(index: BranchIndex, analyses: readonly BranchInputAnalysis[]): BranchMatch[] {
  const typed = matchReadings(index, analyses);
  const glued = analyses[0]?.glued;
  // 123新宿支店: the digits are the code only where the name as typed finds no branch at all
  // (018店 is JP Bank's 〇一八, 本店営業１６５ a name of 0304, 新宿２６４ a former one).
  return glued === undefined || typed.length > 0 ? typed : matchReadings(index, [glued]);
}

function matchReadings(index: BranchIndex, analyses: readonly BranchInputAnalysis[]): BranchMatch[] {
  // A ゆうちょ 記号 is no name: Japan Post Bank's rule gives the 店番 (docs/yucho.md).
  const symbolBranch = analyses[0]?.yuchoBranchCode;
  if (symbolBranch !== undefined && index.bankCode === JP_BANK_CODE) {
    return branchesWithCode(index, symbolBranch).map((entry) => ({ entry, kind: 'yucho_symbol', score: BRANCH_SCORES.yucho_symbol, input: analyses[0]! }));
  }
  const matches = new BranchMatches();
  for (const analysis of analyses) {
    if (matches.best >= STRONG_BRANCH_SCORE) break;
    matches.input = analysis;
    matchReading(index, analysis, matches);
  }
  // Readings as said, then former names: only where the names as written found nothing strong,
  // so that clean inputs keep their answers.
  for (const analysis of analyses) {
    if (matches.best >= STRONG_BRANCH_SCORE) break;
    matches.input = analysis;
    matchSpoken(index, analysis, matches);
  }
  for (const analysis of analyses) {
    if (matches.best >= STRONG_BRANCH_SCORE) break;
    matches.input = analysis;
    matchFormer(index, analysis, matches);
  }
  const code = analyses[0]?.code;
  if (code === undefined) return matches.list();
  matches.input = analyses[0]!;
  return withCode(index, code, analyses[0]!.codeOnly, matches);
}

/** The input's code against the matches by name: the ones carrying it win; none carrying it is a conflict. */
function withCode(index: BranchIndex, code: string, codeOnly: boolean, matches: BranchMatches): BranchMatch[] {
  const byName = matches.list();
  const carrying = byName.filter((m) => m.entry.branch.code === code);
  if (carrying.length > 0) return carrying;
  const byCode = branchesWithCode(index, code).map((entry): BranchMatch => ({ entry, kind: 'code', score: BRANCH_SCORES.code, input: matches.input }));
  if (byName.length === 0 || codeOnly) return [...byName, ...byCode];
  return [...byName, ...byCode].map((m) => ({ ...m, codeConflict: true }));
}

/** A trimmed reading as said scores no more than the trim itself (a bare テン stays weak). */
function matchSpoken(index: BranchIndex, analysis: BranchInputAnalysis, matches: BranchMatches): void {
  const readings = [{ key: analysis.input, score: BRANCH_SCORES.spoken, trimmed: false }, ...analysis.trimmed.map((t) => ({ key: t.key, score: Math.min(BRANCH_SCORES.spoken, trimScore(t)), trimmed: true }))];
  for (const { key, score, trimmed } of readings) {
    if (key.folded === '') continue;
    const spoken = spokenKey(key.folded);
    const strict = spokenKey(key.strict);
    // The reading with its office ending, or without it as the master wrote it (docs/readings.md).
    const voicedAlike = (e: BranchEntry) => spokenKey(e.kana.strict) === strict || (e.shortKana !== undefined && spokenKey(e.shortKana.strict) === strict);
    for (const e of spokenMatches(index, spoken)) matches.offer(e, 'spoken', score - (voicedAlike(e) ? 0 : VOICING_PENALTY), trimmed);
  }
}

function matchFormer(index: BranchIndex, analysis: BranchInputAnalysis, matches: BranchMatches): void {
  if (index.byFormer.size === 0) return;
  for (const [i, key] of [analysis.input, ...analysis.trimmed.map((t) => t.key)].entries()) {
    for (const e of index.byFormer.get(key.folded)) matches.offer(e, 'former_name', BRANCH_SCORES.former_name, i > 0);
  }
}

function matchReading(index: BranchIndex, analysis: BranchInputAnalysis, matches: BranchMatches): void {
  const { input, trimmed } = analysis;

  if (input.folded === '' && !analysis.codeOnly) {
    // No branch given: the main office is the one branch a person can mean (docs/resolve.md#how-it-matches).
    for (const e of index.mainOffices) matches.offer(e, 'omitted', BRANCH_SCORES.omitted);
    return;
  }

  for (const e of index.byName.get(input.folded)) matches.offer(e, 'official', BRANCH_SCORES.official - penalty(input, e.name));
  for (const e of index.byKana.get(input.folded)) matches.offer(e, 'official', BRANCH_SCORES.official - READING_PENALTY - readingPenalty(input, e));
  // 〇一八店 is how Japan Post Bank writes the branch 〇一八: its 店 is no office word removed.
  if (analysis.digits) for (const e of index.byDigits.get(analysis.digits)) matches.offer(e, 'numeral', BRANCH_SCORES.numeral);
  for (const e of index.byBase.get(input.folded)) matches.offer(e, 'supplemented', BRANCH_SCORES.supplemented - penalty(input, e.base!.key));

  for (const t of trimmed) {
    const score = trimScore(t);
    for (const e of index.byName.get(t.key.folded)) matches.offer(e, 'trimmed', score - penalty(t.key, e.name), true);
    for (const e of index.byKana.get(t.key.folded)) matches.offer(e, 'trimmed', score - READING_PENALTY - readingPenalty(t.key, e), true);
    for (const e of index.byBase.get(t.key.folded)) {
      // The same ending written differently (出張所 / しゅっちょうじょ) is not a swap.
      if (e.base!.suffix.cls === t.suffix.cls && e.base!.suffix.cls !== 'other') continue;
      const toSalesDepartment = t.suffix.cls === 'branch' && e.base!.suffix.cls === 'sales_department' && !t.suffix.reading;
      matches.offer(e, 'suffix_swapped', (toSalesDepartment ? BRANCH_SCORES.suffix_swapped : WEAK_SUFFIX_SCORE) - penalty(t.key, e.base!.key), true);
    }
  }

  if (analysis.generic) for (const e of index.mainOffices) matches.offer(e, 'main_office', BRANCH_SCORES.main_office);

  // Typos and abbreviations, of the input as written and as trimmed.
  index.near.near(input.folded, (e, kind) => matches.offer(e, kind, BRANCH_SCORES[kind]));
  for (const t of trimmed) index.near.near(t.key.folded, (e, kind) => matches.offer(e, kind, BRANCH_SCORES[kind], true));
}

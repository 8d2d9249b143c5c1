/**
 * Bank candidates for a bank input: exact lookups of every reading of the input (official
 * name, short name, stem with or without its type, reading, aliases), then a scan for typos
 * and abbreviations (only where it can change the answer: searchBanks). Each bank keeps its
 * best match. Only when nothing matched strongly: the reading as said (みつびしゆーえふじぇー). A
 * bank code written beside the name (0005 三菱UFJ) keeps the bank that carries it, or marks
 * every match as conflicting; a bank code alone (9900) names its bank.
 */
import { type BankReading, readBankInput } from './institution-names.js';
import { type Key, keyOf } from './keys.js';
import { cleanBankInput } from './noise.js';
import { BANK_SCORES, MAX_BANK_CANDIDATES, NAMING_BANK_KINDS, NEAR_BANK_KINDS, STRONG_BANK_SCORE, VOICING_PENALTY } from './policy.js';
import type { AliasEntry, BankEntry, ResolveIndex } from './resolve-index.js';
import { spokenKey } from './spoken.js';
import type { BankMatchKind } from './types.js';

export interface BankMatch {
  readonly entry: BankEntry;
  readonly kind: BankMatchKind;
  readonly score: number;
  /** Matched by a stem typed without any type (北海道): several such banks make the input ambiguous. */
  readonly bare: boolean;
  /** The alias used, when kind is alias or former_name. */
  readonly alias?: AliasEntry;
  /** A bank code was written beside the name and it is not this bank's. */
  readonly codeConflict?: boolean;
}

export interface BankInputAnalysis {
  readonly input: Key;
  readonly readings: readonly BankReading[];
  /** A bank code written with the name (0005 三菱UFJ). */
  readonly code: string | undefined;
}

export function analyzeBankInput(text: string): BankInputAnalysis {
  const clean = cleanBankInput(text);
  const input = keyOf(clean.text);
  return { input, readings: input.folded === '' ? [] : readBankInput(input), code: clean.code };
}

class BankMatches {
  readonly #best = new Map<string, BankMatch>();
  readonly #bare = new Set<string>();
  best = 0;

  offer(entry: BankEntry, kind: BankMatchKind, strictEqual: boolean, bare: boolean, alias?: AliasEntry): void {
    const score = BANK_SCORES[kind] - (strictEqual ? 0 : VOICING_PENALTY);
    if (score > this.best) this.best = score;
    if (bare) this.#bare.add(entry.bank.code);
    const current = this.#best.get(entry.bank.code);
    if (current && current.score >= score) return;
    this.#best.set(entry.bank.code, { entry, kind, score, bare: false, ...(alias ? { alias } : {}) });
  }

  list(): BankMatch[] {
    return [...this.#best.values()]
      .map((m) => (this.#bare.has(m.entry.bank.code) ? { ...m, bare: true } : m))
      .sort((a, b) => b.score - a.score || (a.entry.bank.code < b.entry.bank.code ? -1 : 1));
  }
}

/** Whether two keys that meet also agree in voicing. */
const same = (a: Key, b: Key) => a.strict === b.strict;

/** Every bank candidate of the input; `near: false` leaves out typos and abbreviations. */
export function matchBanks(index: ResolveIndex, analysis: BankInputAnalysis, near = true): BankMatch[] {
  const matches = new BankMatches();
  const { input, readings } = analysis;
  if (readings.length === 0) return analysis.code === undefined ? [] : matchCode(index, analysis.code);

  for (const entry of index.byName.get(input.folded)) matches.offer(entry, 'official', same(input, entry.name), false);
  for (const entry of index.byShort.get(input.folded)) matches.offer(entry, 'short', same(input, entry.short), entry.shortIsStem);
  for (const entry of index.byKana.get(input.folded)) matches.offer(entry, 'kana', same(input, entry.kana), false);
  for (const entry of index.byStem.get(input.folded)) if (!entry.shortIsStem) matches.offer(entry, 'stem', same(input, entry.stem), true);
  for (const entry of index.byKanaStem.get(input.folded)) matches.offer(entry, entry.shortIsStem ? 'kana' : 'stem', same(input, entry.kanaStem), true);

  for (const reading of readings) {
    if (reading.type === null) continue;
    for (const entry of index.byStem.get(reading.stem.folded)) {
      matches.offer(entry, entry.type === reading.type ? 'suffix_variant' : 'type_mismatch', same(reading.stem, entry.stem), false);
    }
    for (const entry of index.byKanaStem.get(reading.stem.folded)) {
      matches.offer(entry, entry.type === reading.type ? 'kana' : 'type_mismatch', same(reading.stem, entry.kanaStem), false);
    }
  }

  // Aliases: prefer the entries that name the same type as the input (三菱銀行 is the former
  // name, not the abbreviation 三菱 plus a type).
  for (const reading of readings) {
    const hits = index.aliases.get(reading.stem.folded).filter((a) => a.type === null || reading.type === null || a.type === reading.type);
    const exact = hits.filter((a) => a.type === reading.type);
    for (const alias of exact.length > 0 ? exact : hits) {
      const kind = alias.alias.kind === 'former_name' ? 'former_name' : 'alias';
      for (const entry of alias.entries) matches.offer(entry, kind, same(reading.stem, alias.stem), false, alias);
    }
  }

  // The reading as said, where nothing above was strong: みつびしゆーえふじぇー.
  if (matches.best < STRONG_BANK_SCORE) {
    for (const reading of readings) {
      const spoken = spokenKey(reading.stem.folded);
      const strict = spokenKey(reading.stem.strict);
      for (const entry of index.bySpoken.get(spoken)) {
        if (reading.type !== null && entry.type !== reading.type) continue;
        matches.offer(entry, 'spoken', spokenKey(entry.kana.strict) === strict || spokenKey(entry.kanaStem.strict) === strict, reading.type === null && !entry.shortIsStem);
      }
    }
  }

  // Typos and abbreviations. A reading with a type is compared to stems of that type only; a
  // reading without one to every form.
  if (near) {
    for (const reading of readings) {
      index.near.near(reading.stem.folded, (form, kind) => {
        if (reading.type !== null && (!form.typed || form.entry.type !== reading.type)) return;
        matches.offer(form.entry, kind, true, false);
      });
    }
  }
  const list = matches.list();
  if (analysis.code === undefined) return list;
  const carrying = list.filter((m) => m.entry.bank.code === analysis.code);
  return carrying.length > 0 ? carrying : list.map((m) => ({ ...m, codeConflict: true }));
}

/** A bank code given alone: the bank that carries it. */
function matchCode(index: ResolveIndex, code: string): BankMatch[] {
  const entry = index.banks.find((e) => e.bank.code === code);
  return entry ? [{ entry, kind: 'code', score: BANK_SCORES.code, bare: false }] : [];
}

/** The input names this bank exactly: its name, short name or reading as the master writes it, voicing included. */
export function namesBank(match: BankMatch): boolean {
  return !match.bare && NAMING_BANK_KINDS.includes(match.kind) && match.score === BANK_SCORES[match.kind];
}

/**
 * The bank matches whose branches are searched, in turn until one group has a candidate:
 * 1. the banks the input names exactly (ごとう農業協同組合, シヨウナンシンヨウキンコ);
 * 2. the other banks matched by name, reading, alias or former name (湖東農協 is ことう, one
 *    voicing from ごとう: searched only where ごとう農協 has no match at all);
 * and the near-miss banks (typo, abbreviation, type_mismatch) only where no bank matched otherwise,
 * never after an exact bank. At most MAX_BANK_CANDIDATES banks in each group.
 */
export function bankSearchOrder(banks: readonly BankMatch[]): BankMatch[][] {
  const exact = banks.filter((m) => !NEAR_BANK_KINDS.includes(m.kind));
  if (exact.length === 0) return [banks.slice(0, MAX_BANK_CANDIDATES)];
  const named = exact.filter(namesBank);
  const others = exact.filter((m) => !namesBank(m));
  return [named, others].filter((group) => group.length > 0).map((group) => group.slice(0, MAX_BANK_CANDIDATES));
}

export interface BankSearch {
  /** The candidates that decide the answer. */
  readonly banks: readonly BankMatch[];
  /** Every candidate, near-misses included, for the debug view; searched on the first call where `banks` leaves them out. */
  all(): readonly BankMatch[];
}

/**
 * The bank candidates of an input, searching typos and abbreviations only where they can change
 * the answer: where no bank matched exactly (a near-miss bank is then searched), or a bank code
 * was written beside the name (a near-miss bank may carry it). Otherwise the exact banks alone
 * are searched for branches and judged (near-misses score below every exact kind and below
 * STRONG_BANK_SCORE), and the scan of the names, most of a call's time, waits for a debug view.
 */
export function searchBanks(index: ResolveIndex, analysis: BankInputAnalysis): BankSearch {
  if (analysis.code === undefined) {
    const exact = matchBanks(index, analysis, false);
    if (exact.some((m) => !NEAR_BANK_KINDS.includes(m.kind))) {
      let all: BankMatch[] | undefined;
      return { banks: exact, all: () => (all ??= matchBanks(index, analysis)) };
    }
  }
  const banks = matchBanks(index, analysis);
  return { banks, all: () => banks };
}

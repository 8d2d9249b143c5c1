/**
 * Freeword search over one Directory (docs/freeword.md): every bank and branch with its folded
 * keys, built once per snapshot (FREEWORD_INDEX), so a snapshot swap gets a fresh index and the
 * old one is collected with its snapshot.
 */
import type { Directory } from '../../dataset/directory.js';
import type { DerivationInSteps, Snapshot } from '../../dataset/snapshot.js';
import { foldForSearch } from '../../domain/fold.js';
import type { Bank, Branch } from '../../domain/types.js';
import { latinReadings } from '../../domain/romaji/latin-readings.js';
import { bankSpokenForms, branchSpokenForms, type SpokenKeys, spokenKeysOf } from '../../domain/romaji/spoken-forms.js';
import { isLatinText, type SpokenKey } from '../../domain/romaji/spoken-key.js';
import { BigramIndex } from './bigram-index.js';
import { KeyHaystack } from './key-haystack.js';
import { NO_MATCH, rankKeys } from './rank.js';
import { literalRank, NO_SPOKEN_MATCH, rankSpoken } from './romaji-rank.js';
import { bankKeys, branchKeys } from './written-forms.js';

interface Keyed<T> {
  readonly record: T;
  readonly keys: readonly string[];
}

/** A bank's branches and their keys, searched in one scan (key-haystack.ts). */
interface BankBranches {
  readonly records: readonly Branch[];
  readonly keys: KeyHaystack;
  /** Their loose spoken keys, for romajiCandidates: made on the bank's first romaji query. */
  spokenKeys?: KeyHaystack;
}

/** Keeps matches in rank order, then in the order given (code order). */
function ranked<T>(entries: readonly Keyed<T>[], query: string): T[] {
  const tiers: T[][] = [[], [], []];
  for (const entry of entries) {
    const rank = rankKeys(entry.keys, query);
    if (rank !== NO_MATCH) tiers[rank]!.push(entry.record);
  }
  return tiers.flat();
}

/**
 * Matches of a romaji query (docs/freeword.md#romaji): literal matches of the text (`literal(i)`:
 * the rank.ts rank of record i) and spoken matches of its readings, in the finer tiers of
 * romaji-rank.ts, then in the order given. Only `candidates` (ascending positions in `records`,
 * romajiCandidates) are ranked: no other record can match.
 */
function rankedRomaji<T extends object>(records: readonly T[], candidates: readonly number[], literal: (i: number) => number, spoken: (record: T) => SpokenKeys, readings: readonly SpokenKey[]): T[] {
  const tiers: T[][] = Array.from({ length: NO_SPOKEN_MATCH }, () => []);
  for (const i of candidates) {
    const record = records[i]!;
    const rank = Math.min(literalRank(literal(i)), rankSpoken(spoken(record), readings));
    if (rank !== NO_SPOKEN_MATCH) tiers[rank]!.push(record);
  }
  return tiers.flat();
}

/**
 * The records a romaji query can match, in ascending order: those its literal text matches, and
 * those with a loose spoken key holding one of its readings anywhere (rankSpoken matches a
 * reading only inside a loose key, and only where a syllable starts: a subset of these). Ranking
 * these alone instead of every record took a query over all banks from 1.5–2.8 ms to tens of µs.
 */
function romajiCandidates(literalMatches: Iterable<number>, spokenKeys: KeyHaystack, readings: readonly SpokenKey[]): number[] {
  const found = new Set(literalMatches);
  for (const reading of readings) for (const i of spokenKeys.holding(reading.loose)) found.add(i);
  return [...found].sort((a, b) => a - b);
}

/** Spoken keys computed on first use, per record: only romaji queries need them. */
function spokenOf<T extends object>(keysOf: (record: T) => SpokenKeys): (record: T) => SpokenKeys {
  const cache = new WeakMap<T, SpokenKeys>();
  return (record) => {
    let keys = cache.get(record);
    if (!keys) {
      keys = keysOf(record);
      cache.set(record, keys);
    }
    return keys;
  };
}

export class FreewordIndex {
  readonly #banks: readonly Keyed<Bank>[];
  readonly #bankRecords: readonly Bank[];
  readonly #bankGrams: BigramIndex;
  readonly #branchesByBank: ReadonlyMap<string, BankBranches>;
  readonly #bankSpoken = spokenOf((bank: Bank) => spokenKeysOf(bankSpokenForms(bank)));
  readonly #branchSpoken = spokenOf((branch: Branch) => spokenKeysOf(branchSpokenForms(branch)));
  /** Every bank's loose spoken keys, for romajiCandidates: made by warming or on the first romaji query over banks. */
  #bankSpokenKeys: KeyHaystack | undefined;

  /** Made by freewordIndexSteps. */
  constructor(banks: readonly Keyed<Bank>[], bankGrams: BigramIndex, branchesByBank: Map<string, BankBranches>) {
    this.#banks = banks;
    this.#bankRecords = banks.map((b) => b.record);
    this.#bankGrams = bankGrams;
    this.#branchesByBank = branchesByBank;
  }

  /** Banks matching the query (normalizeFreeword), best first; restricted to the given types when any. */
  searchBanks(query: string, businessTypeCodes: readonly string[] = []): Bank[] {
    const types = new Set(businessTypeCodes);
    const banks = this.#banks;
    const readings = latinReadings(query);
    const literal = withoutSpaces(query);
    if (readings.length > 0) {
      const candidates = romajiCandidates(this.#bankGrams.candidates(literal), this.#banksSpokenKeys(), readings);
      return rankedRomaji(
        this.#bankRecords,
        types.size === 0 ? candidates : candidates.filter((i) => types.has(banks[i]!.record.businessTypeCode)),
        (i) => rankKeys(banks[i]!.keys, literal),
        this.#bankSpoken,
        readings,
      );
    }
    const entries: Keyed<Bank>[] = [];
    for (const i of this.#bankGrams.candidates(literal)) if (types.size === 0 || types.has(banks[i]!.record.businessTypeCode)) entries.push(banks[i]!);
    return ranked(entries, literal);
  }

  /** The bank's branches matching the query (normalizeFreeword), best first. */
  searchBranches(bankCode: string, query: string): Branch[] {
    const branches = this.#branchesByBank.get(bankCode);
    if (branches === undefined) return [];
    const { records, keys } = branches;
    const readings = latinReadings(query);
    const literal = withoutSpaces(query);
    if (readings.length > 0) {
      // One scan of the keys for the literal text: the records it matches, and their ranks.
      const { holding, ranks } = keys.holdingRanked(literal);
      const spokenKeys = (branches.spokenKeys ??= new KeyHaystack(records.length, (i) => this.#branchSpoken(records[i]!).loose));
      return rankedRomaji(records, romajiCandidates(holding, spokenKeys, readings), (i) => ranks[i]!, this.#branchSpoken, readings);
    }
    return keys.search(literal).map((i) => records[i]!);
  }

  /** Warming (FREEWORD_INDEX): the banks' spoken keys a bank at a time, then their haystack. */
  warmRomaji(): () => boolean {
    let next = 0;
    return () => {
      if (next < this.#bankRecords.length) this.#bankSpoken(this.#bankRecords[next++]!);
      else this.#banksSpokenKeys();
      return next < this.#bankRecords.length || this.#bankSpokenKeys === undefined;
    };
  }

  #banksSpokenKeys(): KeyHaystack {
    return (this.#bankSpokenKeys ??= new KeyHaystack(this.#bankRecords.length, (i) => this.#bankSpoken(this.#bankRecords[i]!).loose));
  }
}

/**
 * The index of a directory, a bank's branches at a time: about 150 ms in all, in steps of a few
 * hundred µs at most, so that building it for a new snapshot never holds the event loop for long.
 */
export function* freewordIndexSteps(directory: Directory): Generator<void, FreewordIndex, void> {
  const banks: Keyed<Bank>[] = [];
  const bankGrams = new BigramIndex();
  for (const bank of directory.banks) {
    const keys = bankKeys(bank);
    banks.push({ record: bank, keys });
    bankGrams.add(keys);
    if (banks.length % 50 === 0) yield;
  }
  const branchesByBank = new Map<string, BankBranches>();
  for (const bank of directory.banks) {
    const records = directory.branches(bank.code);
    branchesByBank.set(bank.code, { records, keys: new KeyHaystack(records.length, (i) => branchKeys(records[i]!)) });
    yield;
  }
  return new FreewordIndex(banks, bankGrams, branchesByBank);
}

/**
 * The freeword index of a snapshot, then the banks' spoken keys (about 60 ms, warmRomaji): both
 * prepared in steps between requests when a snapshot is served (src/cli/serve.ts); a search that
 * comes first finishes it in slices (freeword-operations.ts).
 */
export const FREEWORD_INDEX: DerivationInSteps<FreewordIndex> = {
  name: 'freeword index',
  steps: (snapshot) => freewordIndexSteps(snapshot.directory),
  warm: (index) => index.warmRomaji(),
};

export function freewordIndexOf(snapshot: Snapshot): FreewordIndex {
  return snapshot.derive(FREEWORD_INDEX);
}

/**
 * The query side of the one normalization (src/domain/fold.ts). A Latin query keeps one space
 * between its words, as the English and brand words of romaji are read only where a word ends
 * (src/domain/romaji/latin-readings.ts); its literal matches ignore the spaces.
 */
export function normalizeFreeword(text: string): string {
  if (!isLatinText(text)) return foldForSearch(text);
  return text
    .split(/[\s\-_.,]+/u)
    .map(foldForSearch)
    .filter((word) => word !== '')
    .join(' ');
}

const withoutSpaces = (query: string) => (query.includes(' ') ? query.replaceAll(' ', '') : query);

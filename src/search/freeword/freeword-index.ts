/**
 * Freeword search over one Directory (docs/freeword.md): every bank and branch
 * with its folded keys, built once per snapshot and found again through a WeakMap, so a
 * snapshot swap gets a fresh index on first use and the old one is collected with its directory.
 */
import type { Directory } from '../../dataset/directory.js';
import type { Derivation, Snapshot } from '../../dataset/snapshot.js';
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
}

/** Keeps matches in rank order, then in the order given (code order). */
function ranked<T>(entries: Iterable<Keyed<T>>, query: string): T[] {
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
 * romaji-rank.ts, then in the order given.
 */
function rankedRomaji<T extends object>(records: readonly T[], literal: (i: number) => number, spoken: (record: T) => SpokenKeys, readings: readonly SpokenKey[]): T[] {
  const tiers: T[][] = Array.from({ length: NO_SPOKEN_MATCH }, () => []);
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    const rank = Math.min(literalRank(literal(i)), rankSpoken(spoken(record), readings));
    if (rank !== NO_SPOKEN_MATCH) tiers[rank]!.push(record);
  }
  return tiers.flat();
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
  readonly #bankGrams: BigramIndex;
  readonly #branchesByBank = new Map<string, BankBranches>();
  readonly #bankSpoken = spokenOf((bank: Bank) => spokenKeysOf(bankSpokenForms(bank)));
  readonly #branchSpoken = spokenOf((branch: Branch) => spokenKeysOf(branchSpokenForms(branch)));

  constructor(directory: Directory) {
    const banks = directory.banks.map((bank) => ({ record: bank, keys: bankKeys(bank) }));
    this.#banks = banks;
    this.#bankGrams = new BigramIndex(banks.length, (i) => banks[i]!.keys);
    for (const bank of directory.banks) {
      const records = directory.branches(bank.code);
      this.#branchesByBank.set(bank.code, { records, keys: new KeyHaystack(records.length, (i) => branchKeys(records[i]!)) });
    }
  }

  /** Banks matching the query (normalizeFreeword), best first; restricted to the given types when any. */
  searchBanks(query: string, businessTypeCodes: readonly string[] = []): Bank[] {
    const types = new Set(businessTypeCodes);
    const banks = this.#banks;
    const readings = latinReadings(query);
    const literal = withoutSpaces(query);
    if (readings.length > 0) {
      const entries = types.size === 0 ? banks : banks.filter((b) => types.has(b.record.businessTypeCode));
      return rankedRomaji(
        entries.map((e) => e.record),
        (i) => rankKeys(entries[i]!.keys, literal),
        this.#bankSpoken,
        readings,
      );
    }
    return ranked((function* (ids: Iterable<number>) {
      for (const i of ids) if (types.size === 0 || types.has(banks[i]!.record.businessTypeCode)) yield banks[i]!;
    })(this.#bankGrams.candidates(literal)), literal);
  }

  /** The bank's branches matching the query (normalizeFreeword), best first. */
  searchBranches(bankCode: string, query: string): Branch[] {
    const branches = this.#branchesByBank.get(bankCode);
    if (branches === undefined) return [];
    const { records, keys } = branches;
    const readings = latinReadings(query);
    const literal = withoutSpaces(query);
    if (readings.length > 0) {
      const ranks = keys.ranks(literal);
      return rankedRomaji(records, (i) => ranks[i]!, this.#branchSpoken, readings);
    }
    return keys.search(literal).map((i) => records[i]!);
  }
}

/** The freeword index of a snapshot (about 150 ms to build: warmed when a snapshot is swapped in). */
export const FREEWORD_INDEX: Derivation<FreewordIndex> = { name: 'freeword index', build: (snapshot) => new FreewordIndex(snapshot.directory) };

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

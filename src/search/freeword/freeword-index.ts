/**
 * Freeword search over one Directory (SPEC.md §4.7, docs/freeword.md): every bank and branch
 * with its folded keys, built once per snapshot and found again through a WeakMap, so a
 * snapshot swap gets a fresh index on first use and the old one is collected with its directory.
 */
import type { Directory } from '../../dataset/directory.js';
import type { Derivation, Snapshot } from '../../dataset/snapshot.js';
import { foldForSearch } from '../../domain/fold.js';
import type { Bank, Branch } from '../../domain/types.js';
import { BigramIndex } from './bigram-index.js';
import { NO_MATCH, rankKeys } from './rank.js';
import { bankKeys, branchKeys } from './written-forms.js';

interface Keyed<T> {
  readonly record: T;
  readonly keys: readonly string[];
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

export class FreewordIndex {
  readonly #banks: readonly Keyed<Bank>[];
  readonly #bankGrams: BigramIndex;
  readonly #branchesByBank = new Map<string, readonly Keyed<Branch>[]>();

  constructor(directory: Directory) {
    const banks = directory.banks.map((bank) => ({ record: bank, keys: bankKeys(bank) }));
    this.#banks = banks;
    this.#bankGrams = new BigramIndex(banks.length, (i) => banks[i]!.keys);
    for (const bank of directory.banks) {
      this.#branchesByBank.set(bank.code, directory.branches(bank.code).map((branch) => ({ record: branch, keys: branchKeys(branch) })));
    }
  }

  /** Banks matching the folded query, best first; restricted to the given types when any. */
  searchBanks(query: string, businessTypeCodes: readonly string[] = []): Bank[] {
    const types = new Set(businessTypeCodes);
    const banks = this.#banks;
    return ranked((function* (ids: Iterable<number>) {
      for (const i of ids) if (types.size === 0 || types.has(banks[i]!.record.businessTypeCode)) yield banks[i]!;
    })(this.#bankGrams.candidates(query)), query);
  }

  /** The bank's branches matching the folded query, best first. */
  searchBranches(bankCode: string, query: string): Branch[] {
    return ranked(this.#branchesByBank.get(bankCode) ?? [], query);
  }
}

/** The freeword index of a snapshot (about 150 ms to build: warmed when a snapshot is swapped in). */
export const FREEWORD_INDEX: Derivation<FreewordIndex> = { name: 'freeword index', build: (snapshot) => new FreewordIndex(snapshot.directory) };

export function freewordIndexOf(snapshot: Snapshot): FreewordIndex {
  return snapshot.derive(FREEWORD_INDEX);
}

/** The query side of the one normalization (src/domain/fold.ts). */
export const normalizeFreeword = foldForSearch;

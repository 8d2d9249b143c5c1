/**
 * The serving dataset: one immutable snapshot of every institution and branch in public form,
 * indexed by code. A process holds one and swaps it whole when a new snapshot arrives.
 */
import type { Bank, Branch, BusinessType } from '../domain/types.js';
import type { RawSnapshot } from './raw.js';

export interface DirectoryParts {
  /** `YYYY-MM-DDThh:mm:ss+0900` (docs/search-api.md#resources). */
  readonly version: string;
  readonly effectiveDate: string;
  readonly banks: readonly Bank[];
  readonly branchesByBank: ReadonlyMap<string, readonly Branch[]>;
  readonly businessTypes: readonly BusinessType[];
  /** The records as the source gave them (short names, Zengin kana): the zengin-code JSON shape is made from them. */
  readonly source: RawSnapshot;
}

const NO_BRANCHES: readonly Branch[] = Object.freeze([]);

export class Directory {
  readonly version: string;
  readonly effectiveDate: string;
  /** Sorted by code. */
  readonly banks: readonly Bank[];
  readonly businessTypes: readonly BusinessType[];
  readonly branchCount: number;
  readonly source: RawSnapshot;
  readonly #banksByCode: ReadonlyMap<string, Bank>;
  readonly #branchesByBank: ReadonlyMap<string, readonly Branch[]>;

  constructor(parts: DirectoryParts) {
    this.version = parts.version;
    this.effectiveDate = parts.effectiveDate;
    this.source = parts.source;
    this.banks = Object.freeze([...parts.banks].sort((a, b) => compareStrings(a.code, b.code)));
    this.businessTypes = Object.freeze([...parts.businessTypes]);
    this.#banksByCode = new Map(this.banks.map((b) => [b.code, b]));
    const branches = new Map<string, readonly Branch[]>();
    let count = 0;
    for (const [bankCode, list] of parts.branchesByBank) {
      // Code first, then name: the order is total even where one bank reuses a branch code.
      branches.set(bankCode, Object.freeze([...list].sort((a, b) => compareStrings(a.code, b.code) || compareStrings(a.name, b.name))));
      count += list.length;
    }
    this.#branchesByBank = branches;
    this.branchCount = count;
  }

  bank(code: string): Bank | undefined {
    return this.#banksByCode.get(code);
  }

  /** Every branch of a bank, sorted by code then name; empty for an unknown bank. */
  branches(bankCode: string): readonly Branch[] {
    return this.#branchesByBank.get(bankCode) ?? NO_BRANCHES;
  }

  /** All branches of a bank carrying `code` (usually one, several where codes repeat). */
  branchesByCode(bankCode: string, code: string): readonly Branch[] {
    // The list is sorted by code: a binary search to the first, then the run of equal codes.
    const list = this.branches(bankCode);
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (list[mid]!.code < code) low = mid + 1;
      else high = mid;
    }
    let end = low;
    while (end < list.length && list[end]!.code === code) end++;
    return end === low ? NO_BRANCHES : list.slice(low, end);
  }
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

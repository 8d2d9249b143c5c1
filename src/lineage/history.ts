/**
 * What each bank and branch code was called in each dataset version: for every code, the runs
 * of consecutive versions that listed it under one name and reading (docs/lineage.md). This is
 * the fact lineage is inferred from (src/lineage/successors.ts, lineage.ts) and the one
 * Resolve's former names come from; a newer directory extends it (`extendHistory`), which is
 * how every later `ginko import` and `ginko update` extends the lineage.
 */
import type { Directory } from '../dataset/directory.js';

/** One dataset version the history covers, oldest first. */
export interface LineageVersion {
  /** Effective date, YYYY-MM-DD. */
  readonly date: string;
  /** Where it came from: `zengin-code@1.0.0-p20260824`, or the source an import recorded. */
  readonly source: string;
  /** The npm tarball's integrity, for the published versions the build fetched. */
  readonly integrity?: string;
}

/** A run of versions `from`…`to` (indexes into `versions`, inclusive) listing a code under one name and reading. */
export interface Listing {
  readonly name: string;
  readonly kana: string;
  readonly from: number;
  readonly to: number;
}

/** A code's listings, oldest first; gaps between them are versions that did not list it. */
export type CodeHistory = readonly Listing[];

export interface LineageHistory {
  readonly versions: readonly LineageVersion[];
  readonly banks: ReadonlyMap<string, CodeHistory>;
  /** By bank code, then branch code. */
  readonly branches: ReadonlyMap<string, ReadonlyMap<string, CodeHistory>>;
}

export const EMPTY_HISTORY: LineageHistory = Object.freeze({ versions: [], banks: new Map(), branches: new Map() });

/** The code's listing in version `at`, if that version listed it. */
export function listingAt(code: CodeHistory | undefined, at: number): Listing | undefined {
  if (!code) return undefined;
  for (let i = code.length - 1; i >= 0; i--) {
    const l = code[i]!;
    if (l.from <= at && at <= l.to) return l;
    if (l.to < at) return undefined;
  }
  return undefined;
}

/** A bank or branch of a directory, as far as the history reads it. */
interface Listed {
  readonly code: string;
  readonly name: string;
  readonly fullWidthKana: string;
}

/**
 * The history with one listing more per code: the same run made one longer where the record
 * reads the same as in the version before, a new run otherwise.
 */
function extendCode(code: CodeHistory | undefined, record: Listed, at: number): CodeHistory {
  const last = code?.at(-1);
  if (last && last.to === at - 1 && last.name === record.name && last.kana === record.fullWidthKana) {
    return [...code!.slice(0, -1), { ...last, to: at }];
  }
  return [...(code ?? []), { name: record.name, kana: record.fullWidthKana, from: at, to: at }];
}

/**
 * The first record of each code: the source Ginko ships keys branches by code, but an imported
 * export may list two branches under one code (docs/lineage.md#inference); the history follows the
 * first by name.
 */
function byCode<T extends Listed>(records: readonly T[]): Map<string, T> {
  const out = new Map<string, T>();
  for (const r of records) if (!out.has(r.code)) out.set(r.code, r);
  return out;
}

/** `history` followed by `directory` as its newest version. */
export function extendHistory(history: LineageHistory, directory: Directory, version: LineageVersion): LineageHistory {
  const at = history.versions.length;
  const banks = new Map(history.banks);
  const branches = new Map<string, ReadonlyMap<string, CodeHistory>>(history.branches);
  for (const bank of directory.banks) {
    banks.set(bank.code, extendCode(history.banks.get(bank.code), bank, at));
    const before = history.branches.get(bank.code);
    const listed = byCode(directory.branches(bank.code));
    // Most banks' branches read as in the version before: only the runs are made longer.
    const after = new Map(before);
    for (const [code, branch] of listed) after.set(code, extendCode(before?.get(code), branch, at));
    branches.set(bank.code, after);
  }
  return { versions: [...history.versions, version], banks, branches };
}

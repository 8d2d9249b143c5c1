/**
 * The lineage dataset as the repository keeps it (src/lineage/data/lineage.json, written by
 * scripts/build-lineage.ts from every published zengin-code version): the versions with their
 * tarball integrity, and the listings of every code that did not stay the same through all of
 * them. A code listed under one name and reading in every version is left out: the newest
 * version's directory, which a server holds anyway, completes it (`historyOfFile`), so the
 * fact is not held twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Directory } from '../dataset/directory.js';
import { completed } from '../dataset/snapshot.js';
import { PACKAGE_ROOT } from '../package-root.js';
import type { CodeHistory, LineageHistory, LineageVersion, Listing } from './history.js';

export const LINEAGE_FILE_PATH = join(PACKAGE_ROOT, 'src', 'lineage', 'data', 'lineage.json');

/** [name, reading, first version, last version]: a Listing, short. */
type FileListing = readonly [name: string, kana: string, from: number, to: number];

export interface LineageFile {
  readonly description: string;
  readonly generated_by: string;
  readonly source: string;
  readonly versions: readonly { readonly version: string; readonly date: string; readonly integrity: string }[];
  /** By bank code. */
  readonly banks: Readonly<Record<string, readonly FileListing[]>>;
  /** By `bank-branch` code. */
  readonly branches: Readonly<Record<string, readonly FileListing[]>>;
}

const toFile = (l: Listing): FileListing => [l.name, l.kana, l.from, l.to];
const fromFile = ([name, kana, from, to]: FileListing): Listing => ({ name, kana, from, to });

/** Whether a code was listed the same way in every version: such codes are left out of the file. */
const unchanged = (code: CodeHistory, last: number) => code.length === 1 && code[0]!.from === 0 && code[0]!.to === last;

/** The file of a history built from published versions (each with its integrity). */
export function lineageFileOf(history: LineageHistory, meta: Pick<LineageFile, 'description' | 'generated_by' | 'source'>): LineageFile {
  const last = history.versions.length - 1;
  const banks: Record<string, readonly FileListing[]> = {};
  const branches: Record<string, readonly FileListing[]> = {};
  for (const code of [...history.banks.keys()].sort()) {
    const bank = history.banks.get(code)!;
    if (!unchanged(bank, last)) banks[code] = bank.map(toFile);
    const listed = history.branches.get(code) ?? new Map<string, CodeHistory>();
    for (const branchCode of [...listed.keys()].sort()) {
      const branch = listed.get(branchCode)!;
      if (!unchanged(branch, last)) branches[`${code}-${branchCode}`] = branch.map(toFile);
    }
  }
  const versions = history.versions.map((v) => ({ version: v.source.replace(/^zengin-code@/, ''), date: v.date, integrity: v.integrity ?? '' }));
  return { ...meta, versions, banks, branches };
}

/**
 * The file shipped in the repository, read anew each time: a snapshot reads it once, for its
 * history, which holds what it needs (the parsed file would double it for a server's life).
 */
export function readLineageFile(): LineageFile {
  return JSON.parse(readFileSync(LINEAGE_FILE_PATH, 'utf8')) as LineageFile;
}

/** The index of the newest version of the file dated on or before `date`, -1 if none is. */
function versionIndexOn(file: LineageFile, date: string): number {
  let at = -1;
  for (const [i, v] of file.versions.entries()) if (v.date <= date) at = i;
  return at;
}

/** Listings up to version `through`, the last one cut there. */
function cut(listings: readonly FileListing[], through: number): Listing[] {
  const out: Listing[] = [];
  for (const l of listings) {
    if (l[2] > through) break;
    out.push(fromFile(l[3] > through ? [l[0], l[1], l[2], through] : l));
  }
  return out;
}

/** Banks completed between two yields of historyOfFileSteps. */
const BANKS_PER_STEP = 100;

/**
 * The history of the file's versions up to the one `directory` is dated on (or before), with
 * every code the file leaves out taken from `directory`: listed the same way since the first
 * version. `directory` should be that version (Ginko's bundled data is the file's newest).
 * In steps of a few ms (src/dataset/snapshot.ts).
 */
export function* historyOfFileSteps(file: LineageFile, directory: Directory): Generator<void, LineageHistory, void> {
  const through = versionIndexOn(file, directory.effectiveDate);
  const versions: LineageVersion[] = file.versions.slice(0, through + 1).map((v) => ({ date: v.date, source: `zengin-code@${v.version}`, integrity: v.integrity }));
  const banks = new Map<string, CodeHistory>();
  const branches = new Map<string, Map<string, CodeHistory>>();
  const branchesOf = (bank: string) => branches.get(bank) ?? branches.set(bank, new Map()).get(bank)!;
  if (through < 0) return { versions, banks, branches };
  for (const [code, listings] of Object.entries(file.banks)) {
    const kept = cut(listings, through);
    if (kept.length > 0) banks.set(code, kept);
  }
  for (const [key, listings] of Object.entries(file.branches)) {
    const kept = cut(listings, through);
    if (kept.length > 0) branchesOf(key.slice(0, 4)).set(key.slice(5), kept);
  }
  yield;
  const always = (name: string, kana: string): CodeHistory => [{ name, kana, from: 0, to: through }];
  for (const [i, bank] of directory.banks.entries()) {
    if (i % BANKS_PER_STEP === BANKS_PER_STEP - 1) yield;
    if (!(bank.code in file.banks)) banks.set(bank.code, always(bank.name, bank.fullWidthKana));
    const listed = branchesOf(bank.code);
    for (const branch of directory.branches(bank.code)) {
      if (!listed.has(branch.code) && !(`${bank.code}-${branch.code}` in file.branches)) listed.set(branch.code, always(branch.name, branch.fullWidthKana));
    }
  }
  return { versions, banks, branches };
}

export function historyOfFile(file: LineageFile, directory: Directory): LineageHistory {
  return completed(historyOfFileSteps(file, directory));
}

/**
 * What a webhook watches (docs/webhooks.md#what-a-webhook-watches): its codes, `0537` for an
 * institution and all its branches, `0005-135` for one branch, followed through their lineage
 * (src/lineage) so that a merged or renumbered code keeps being watched under the code that
 * carries it on. Pure: codes and a lineage in, a set that says which changes touch it out.
 */
import type { Lineage } from '../lineage/lineage.js';
import type { LineageAnswer } from '../lineage/types.js';

/** `0537` (an institution) or `0005-135` (a branch): 4 digits, optionally a hyphen and 3 more. */
export const WATCHED_CODE = /^[0-9]{4}(-[0-9]{3})?$/;
export const WATCHED_CODE_PATTERN = WATCHED_CODE.source;

/** The part of a change a watch looks at (the History API's change object has it). */
export interface ChangedCode {
  readonly bank: { readonly code: string };
  readonly branch: { readonly code: string | null };
}

/** Which changes touch a webhook's codes. */
export interface WatchSet {
  /** Institutions watched whole: the institution's record and every branch of it. */
  readonly banks: ReadonlySet<string>;
  /** Branches watched, `0005-135`. */
  readonly branches: ReadonlySet<string>;
  /**
   * Institutions whose own record is watched: the institution of each watched branch (its name
   * is part of the branch's), and a successor institution known without its branch.
   */
  readonly bankRecords: ReadonlySet<string>;
}

/** The codes as given, each once, in their first order. */
export function distinctCodes(codes: readonly string[]): string[] {
  return [...new Set(codes)];
}

/** Whether some version of the data listed the code. */
export function isKnownCode(lineage: Lineage, code: string): boolean {
  const [bank, branch] = code.split('-') as [string, string | undefined];
  return branch === undefined ? lineage.history.banks.has(bank) : lineage.history.branches.get(bank)?.has(branch) === true;
}

/** The codes no version of the data lists (a webhook cannot watch them), in their order. */
export function unknownCodes(codes: readonly string[], lineage: Lineage): string[] {
  return codes.filter((code) => !isKnownCode(lineage, code));
}

/** The record that carries the code on today, for a code that moved (merged, code_changed). */
function successorOf(lineage: Lineage, code: string): LineageAnswer['successor'] {
  const moved = code.includes('-') ? lineage.links.branches.has(code) : lineage.links.banks.has(code);
  return moved ? (lineageOfCode(lineage, code)?.successor ?? null) : null;
}

/** The lineage of a watched code (`0537` or `0005-135`). */
export function lineageOfCode(lineage: Lineage, code: string): LineageAnswer | undefined {
  const [bank, branch] = code.split('-') as [string, string | undefined];
  return branch === undefined ? lineage.bank(bank) : lineage.branch(bank, branch);
}

/**
 * The watch set of `codes`: each code as given, and the code that carries it on today when its
 * lineage knows one (merged, code_changed). An institution that merged is followed to the
 * institution that took it, watched whole; a branch to its successor branch, or, where only the
 * institution that took it is known, to that institution's own record.
 */
export function watchSetOf(codes: readonly string[], lineage: Lineage | undefined): WatchSet {
  const banks = new Set<string>();
  const branches = new Set<string>();
  const bankRecords = new Set<string>();
  const watchBranch = (bank: string, branch: string) => {
    branches.add(`${bank}-${branch}`);
    bankRecords.add(bank);
  };
  for (const code of codes) {
    const [bank, branch] = code.split('-') as [string, string | undefined];
    if (branch === undefined) banks.add(bank);
    else watchBranch(bank, branch);
    const successor = lineage ? successorOf(lineage, code) : null;
    if (!successor) continue;
    if (branch === undefined) banks.add(successor.bank_code);
    else if (successor.branch_code !== null) watchBranch(successor.bank_code, successor.branch_code);
    else bankRecords.add(successor.bank_code);
  }
  return { banks, branches, bankRecords };
}

/** Whether a change of this institution or branch touches the watch set. */
export function touches(watch: WatchSet, change: ChangedCode): boolean {
  const bank = change.bank.code;
  if (watch.banks.has(bank)) return true;
  const branch = change.branch.code;
  return branch === null ? watch.bankRecords.has(bank) : watch.branches.has(`${bank}-${branch}`);
}

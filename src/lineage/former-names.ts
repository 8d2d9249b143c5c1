/**
 * Former names, as Resolve reads them (docs/resolve.md#former-branch-names): each name a branch
 * code carried across the versions of the history, with the first and last date it was
 * listed under it, for the codes that carried more than one.
 */
import type { LineageHistory } from './history.js';

/** One name of a code and the dates of the first and last version that listed it so. */
export interface FormerName {
  readonly name: string;
  readonly kana: string;
  readonly from: string;
  readonly to: string;
}

const NONE: ReadonlyMap<string, readonly FormerName[]> = new Map();

/** Every name each branch code of one bank carried, by branch code; only codes with more than one, oldest first. */
export function branchNamesByCode(history: LineageHistory, bankCode: string): ReadonlyMap<string, readonly FormerName[]> {
  const codes = history.branches.get(bankCode);
  if (!codes) return NONE;
  const out = new Map<string, FormerName[]>();
  for (const [code, listings] of codes) {
    const byName = new Map<string, { kana: string; from: number; to: number }>();
    for (const l of listings) {
      const seen = byName.get(l.name);
      if (seen) seen.to = l.to;
      else byName.set(l.name, { kana: l.kana, from: l.from, to: l.to });
    }
    if (byName.size < 2) continue;
    const date = (at: number) => history.versions[at]!.date;
    out.set(code, [...byName].map(([name, n]) => ({ name, kana: n.kana, from: date(n.from), to: date(n.to) })));
  }
  return out;
}

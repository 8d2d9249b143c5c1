/**
 * Former institution names, as Resolve reads them (docs/resolve.md#former-bank-names): every
 * name an institution code carried since 2019 that is no longer an institution's name today,
 * with the institution that carries it on (itself when renamed, its successor when merged) and
 * where each of its branch codes went, under every name each carried. A payee file written
 * before a merger names 中京銀行 今池; that branch is あいち銀行 111 今池中央 today.
 */
import type { Lineage } from './lineage.js';
import { listingAt } from './history.js';

/** A name and its reading. */
export interface Named {
  readonly name: string;
  readonly kana: string;
}

/** A branch code of the former institution and the branch that carries it today. */
export interface FormerBranch {
  /** Every name the code carried. */
  readonly names: readonly Named[];
  readonly bank: string;
  readonly branch: string;
}

export interface FormerInstitution {
  /** The code the names belonged to. */
  readonly code: string;
  readonly names: readonly Named[];
  /** The institution that carries it on today. */
  readonly successor: string;
  readonly branches: () => readonly FormerBranch[];
}

function namesOf(listings: readonly Named[]): Named[] {
  const out = new Map<string, Named>();
  for (const l of listings) if (!out.has(l.name)) out.set(l.name, { name: l.name, kana: l.kana });
  return [...out.values()];
}

/** The institutions merged or renamed in the lineage, with their names no institution carries today. */
export function formerInstitutions(lineage: Lineage): FormerInstitution[] {
  const history = lineage.history;
  const last = history.versions.length - 1;
  const current = new Set<string>();
  for (const listings of history.banks.values()) {
    const today = listingAt(listings, last);
    if (today) current.add(today.name);
  }
  const out: FormerInstitution[] = [];
  for (const [code, listings] of [...history.banks].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const answer = lineage.bank(code)!;
    const successor = answer.status === 'merged' ? answer.successor?.bank_code : answer.status === 'renamed' ? code : undefined;
    if (successor === undefined) continue;
    const names = namesOf(listings).filter((n) => !current.has(n.name));
    if (names.length === 0) continue;
    out.push({ code, names, successor, branches: () => formerBranches(lineage, code) });
  }
  return out;
}

/** Where each branch code of an institution went: itself if listed today, else its successor branch, if one is known. */
function formerBranches(lineage: Lineage, bankCode: string): FormerBranch[] {
  const out: FormerBranch[] = [];
  for (const [code, listings] of lineage.history.branches.get(bankCode) ?? []) {
    const answer = lineage.branch(bankCode, code)!;
    const to = answer.successor ?? answer.current;
    if (!to || to.branch_code === null || answer.status === 'closed') continue;
    out.push({ names: namesOf(listings), bank: to.bank_code, branch: to.branch_code });
  }
  return out;
}

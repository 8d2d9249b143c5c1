/**
 * The lineage of every bank and branch code (docs/lineage.md): the history of its listings
 * (src/lineage/history.ts) with the successors inferred or overridden (successors.ts), read as
 * the answers of GET /history/v1/lineage: where each code stands today, what carries it on,
 * since when, and every change on the way, followed through its successors.
 */
import { completed } from '../dataset/snapshot.js';
import { type CodeHistory, type LineageHistory, type Listing, listingAt } from './history.js';
import type { LineageOverride } from './overrides.js';
import { inferLinksInSteps, type Link, type Links } from './successors.js';
import type { LineageAnswer, LineageEvent, LineageRecord, LineageStatus } from './types.js';

/** A code: an institution (branch null) or one of its branches. */
interface Code {
  readonly bank: string;
  readonly branch: string | null;
}

const keyOf = (code: Code) => (code.branch === null ? code.bank : `${code.bank}-${code.branch}`);

/** Where following a code's successors ends. */
interface ChainEnd {
  readonly code: Code;
  /** The links followed, in order. */
  readonly links: readonly Link[];
}

export class Lineage {
  readonly #last: number;

  constructor(
    readonly history: LineageHistory,
    readonly links: Links,
  ) {
    this.#last = history.versions.length - 1;
  }

  /** The lineage of an institution code; undefined for a code no version listed. */
  bank(bankCode: string): LineageAnswer | undefined {
    return this.#answer({ bank: bankCode, branch: null });
  }

  /** The lineage of a branch code; undefined for a code no version listed. */
  branch(bankCode: string, branchCode: string): LineageAnswer | undefined {
    return this.#answer({ bank: bankCode, branch: branchCode });
  }

  /**
   * Whether a code has a successor: for one still listed today, that upstream lists it after its
   * record moved on (3652-100, docs/lineage.md#statuses). Cheap: no answer is built.
   */
  hasSuccessor(bankCode: string, branchCode: string | null): boolean {
    return this.#link({ bank: bankCode, branch: branchCode }) !== undefined;
  }

  /** The effective date of version `at`. */
  #dateOf(at: number): string {
    return this.history.versions[at]!.date;
  }

  #listings(code: Code): CodeHistory | undefined {
    return code.branch === null ? this.history.banks.get(code.bank) : this.history.branches.get(code.bank)?.get(code.branch);
  }

  #link(code: Code): Link | undefined {
    return code.branch === null ? this.links.banks.get(code.bank) : this.links.branches.get(keyOf(code));
  }

  /** The code as version `at` listed it (the institution's name of that version); the nearest earlier listing if it did not. */
  #record(code: Code, at: number): LineageRecord {
    const bank = this.#nearest(this.history.banks.get(code.bank), at);
    const branch = code.branch === null ? undefined : this.#nearest(this.#listings(code), at);
    return { bank_code: code.bank, bank_name: bank?.name ?? '', branch_code: code.branch, branch_name: branch?.name ?? null };
  }

  #nearest(listings: CodeHistory | undefined, at: number): Listing | undefined {
    return listingAt(listings, at) ?? listings?.filter((l) => l.from <= at).at(-1) ?? listings?.[0];
  }

  /** Whether the newest version lists the code. */
  #listedToday(code: Code): boolean {
    return listingAt(this.#listings(code), this.#last) !== undefined;
  }

  /** The successors of a code, followed while each has one of its own. */
  #follow(code: Code): ChainEnd {
    const links: Link[] = [];
    const seen = new Set<string>([keyOf(code)]);
    let at: Code = code;
    for (;;) {
      const link = this.#link(at);
      if (!link) break;
      const next: Code = { bank: link.bank, branch: link.branch };
      if (seen.has(keyOf(next))) break;
      seen.add(keyOf(next));
      links.push(link);
      at = next;
    }
    return { code: at, links };
  }

  /** Changes of the code's own listings and the link it left by, at versions after `after` up to `through`, oldest first. */
  #ownEvents(code: Code, after = -1, through = this.#last): LineageEvent[] {
    const listings = this.#listings(code) ?? [];
    const link = this.#link(code);
    const events: { at: number; event: LineageEvent }[] = [];
    const push = (at: number, change_type: LineageEvent['change_type'], before: LineageRecord | null, after: LineageRecord | null) =>
      events.push({ at, event: { effective_date: this.#dateOf(at), change_type, before, after } });
    listings.forEach((l, i) => {
      const prev = listings[i - 1];
      if (prev && prev.to === l.from - 1) push(l.from, 'renamed', this.#record(code, prev.to), this.#record(code, l.from));
      else if (l.from > 0) push(l.from, 'added', null, this.#record(code, l.from));
      const next = listings[i + 1];
      const gone = l.to < this.#last && next?.from !== l.to + 1;
      // The version that dropped it and showed where it went has one event: the link.
      if (gone && !(link && link.at === l.to + 1)) push(l.to + 1, 'removed', this.#record(code, l.to), null);
    });
    if (link) {
      const to = { bank: link.bank, branch: link.branch };
      push(link.at, link.kind, this.#record(code, link.at - 1), this.#record(to, link.at));
    }
    return events
      .filter((e) => e.at > after && e.at <= through)
      .sort((a, b) => a.at - b.at)
      .map((e) => e.event);
  }

  #answer(code: Code): LineageAnswer | undefined {
    const listings = this.#listings(code);
    if (!listings || listings.length === 0) return undefined;
    const today = this.#listedToday(code);
    const current = today ? this.#record(code, this.#last) : null;
    const events = this.#ownEvents(code);

    const end = this.#follow(code);
    if (end.links.length > 0) {
      // Each successor's changes from the version it took the code over until it passed it on.
      end.links.forEach((link, i) => events.push(...this.#ownEvents({ bank: link.bank, branch: link.branch }, link.at, end.links[i + 1]?.at)));
      const ordered = dedupe(events);
      if (this.#listedToday(end.code)) {
        const status: LineageStatus = end.links.some((l) => l.kind === 'merged') ? 'merged' : 'code_changed';
        const first = end.links.find((l) => l.kind === status)!;
        return answer(code, status, current, this.#record(end.code, this.#last), this.#dateOf(first.at), ordered);
      }
      return answer(code, 'closed', current, null, this.#goneSince(end.code), ordered);
    }

    const last = listings.at(-1)!;
    if (!today) return answer(code, 'closed', null, null, this.#dateOf(last.to + 1), events);
    const before = listings.at(-2);
    const renamed = before !== undefined && before.to === last.from - 1;
    return answer(code, renamed ? 'renamed' : 'active', current, null, this.#dateOf(last.from), events);
  }

  /** The first version that no longer listed a code. */
  #goneSince(code: Code): string {
    const last = this.#listings(code)?.at(-1);
    return this.#dateOf(last ? Math.min(last.to + 1, this.#last) : this.#last);
  }
}

/** The answer, its keys in the order of the documented body. */
function answer(code: Code, status: LineageStatus, current: LineageRecord | null, successor: LineageRecord | null, since: string, events: readonly LineageEvent[]): LineageAnswer {
  return { bank_code: code.bank, branch_code: code.branch, status, current, successor, since, events };
}

/** Events in date order, each once (a chain may reach one change twice). */
function dedupe(events: readonly LineageEvent[]): LineageEvent[] {
  const seen = new Set<string>();
  const out: LineageEvent[] = [];
  for (const e of events) {
    const key = JSON.stringify(e);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  // A stable sort: events of one date keep the order the chain gave them.
  return out.sort((a, b) => (a.effective_date < b.effective_date ? -1 : a.effective_date > b.effective_date ? 1 : 0));
}

/** The lineage of a history, its successors inferred and the overrides applied, in steps (src/dataset/snapshot.ts). */
export function* lineageSteps(history: LineageHistory, overrides: readonly LineageOverride[]): Generator<void, Lineage, void> {
  return new Lineage(history, yield* inferLinksInSteps(history, overrides));
}

export function lineageOf(history: LineageHistory, overrides: readonly LineageOverride[]): Lineage {
  return completed(lineageSteps(history, overrides));
}

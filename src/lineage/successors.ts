/**
 * Successors inferred from the history, version by version (docs/lineage.md#inference).
 *
 * At each version, the branches it lists under codes the version before did not list (the
 * arrivals) are the places a code may have gone. In order:
 *
 *   1. within one institution, a code that disappears while a new code appears with the same
 *      name and reading is `code_changed` (the rule of the change history, docs/history.md);
 *   2. an institution that vanishes or is emptied is `merged` into the institution of its kind
 *      (bank, 信金, 信組, 労金, JA, 漁協) whose arrivals carry most of its branch names: per
 *      branch the same name, then the name with an office word changed, then the reading
 *      (src/lineage/branch-match.ts); its head office also by the institution's own name
 *      (苫前町農協 → 3202-007 苫前). At least a quarter of its branches must be found there, one
 *      under an uncommon name. Those found are merged into them; the others into the
 *      institution, no one branch known;
 *   3. an institution still listed whose branch names moved to another one of its kind
 *      (upstream keeps a merged JA for years) is merged too, when at least half its branches
 *      and two of them with uncommon names moved; the branches whose names moved are merged,
 *      the others stay as they are.
 *
 * Vanished institutions choose first, so that one still listed never takes the branches a
 * merged one brought. Names many institutions use (本店, 駅前) support no merger by themselves.
 * The override table (src/lineage/overrides.ts) forces or forbids a successor at a version.
 *
 * Each version looks only at what changed there (its departures and arrivals) and at the
 * institutions those touch, not at all 30,000 codes.
 */
import { businessTypeOf } from '../domain/institution-types.js';
import { branchBase, institutionStems, MATCH_TIERS, matchKey } from './branch-match.js';
import { type CodeHistory, type LineageHistory, type Listing, listingAt } from './history.js';
import { type LineageOverride, splitCode } from './overrides.js';

/** Where a code went. */
export interface Link {
  readonly kind: 'merged' | 'code_changed';
  /** Index of the first version that shows it. */
  readonly at: number;
  readonly bank: string;
  /** The branch that carries it on; null when only the institution is known. */
  readonly branch: string | null;
  readonly by: 'inference' | 'override';
}

export interface Links {
  /** By bank code. */
  readonly banks: ReadonlyMap<string, Link>;
  /** By `bank-branch` code. */
  readonly branches: ReadonlyMap<string, Link>;
}

/** Tunables of the inference, in one place (docs/lineage.md#inference). */
export const INFERENCE = Object.freeze({
  /** A name that more institutions of one kind than this have listed is common among them: it supports no merger alone. */
  commonNameBanks: 4,
  /** A vanished institution: at least this share of its branches found at the successor, one of them with an uncommon name. */
  vanishedShare: 0.25,
  /** An institution still listed: at least this share of its branches moved... */
  listedShare: 0.5,
  /** ...and at least this many of them with uncommon names. */
  listedUncommon: 2,
});

/** Institutions merge with their own kind: the business types that may absorb each other. */
const FAMILY_OF_TYPE: Readonly<Record<string, string>> = Object.freeze({
  '00200': 'bank', '00300': 'bank', '00400': 'bank', '00500': 'bank', '00600': 'bank', '00700': 'bank', '00800': 'bank',
  '01000': 'shinkin', '01100': 'shinkin',
  '01200': 'shokochukin',
  '01300': 'shinkumi', '01400': 'shinkumi',
  '01500': 'rokin', '01600': 'rokin',
  '01700': 'ja', '01800': 'ja', '01900': 'ja',
  '02000': 'jf', '02100': 'jf',
  '00900': 'yucho',
  '02200': 'funds_transfer',
});

const families = new Map<string, string>();

/** The kind of an institution, by its code (kept: every arrival asks). */
function familyOf(bankCode: string): string {
  let family = families.get(bankCode);
  if (family === undefined) families.set(bankCode, (family = FAMILY_OF_TYPE[businessTypeOf(bankCode).code] ?? 'other'));
  return family;
}

const branchKey = (bank: string, branch: string) => `${bank}-${branch}`;

/** One listing of one branch code. */
interface Placed {
  readonly bank: string;
  readonly code: string;
  readonly listing: Listing;
}

/** A branch first listed at a version under its code: where another code may have gone. */
interface Arrival extends Placed {
  claimed: boolean;
}

/** The history arranged once for every step. */
class Prepared {
  /** Each bank's codes in code order. */
  readonly codes = new Map<string, (readonly [string, CodeHistory])[]>();
  /** By version: the branches first listed then under their code (a new run right after another is a rename). */
  readonly arrivals: Placed[][];
  /** By version: the banks whose branch listings ended at the version before. */
  readonly departed: Set<string>[];
  /** Every listing by its name, to find the institutions an arrival may have come from. */
  readonly byName = new Map<string, Placed[]>();
  /** How many institutions of each kind have ever listed a branch under a name, counted on first need. */
  readonly #nameBanks = new Map<string, number>();
  readonly #keys = new Map<Listing, readonly string[]>();
  readonly #bases = new Map<Listing, ReturnType<typeof branchBase>>();

  constructor(private readonly history: LineageHistory) {
    this.arrivals = history.versions.map(() => []);
    this.departed = history.versions.map(() => new Set());
  }

  /** Arranges the history, yielding between groups of banks. */
  *arrange(): Generator<void, this, void> {
    const history = this.history;
    let codes = 0;
    for (const [bank, byCode] of history.branches) {
      if ((codes += byCode.size) > CODES_PER_STEP) {
        codes = 0;
        yield;
      }
      this.codes.set(bank, [...byCode].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
      // Loops, not callbacks: this visits every listing of every code.
      for (const [code, listings] of byCode) {
        for (let i = 0; i < listings.length; i++) {
          const listing = listings[i]!;
          const placed = { bank, code, listing };
          if (listing.from > 0 && (i === 0 || listings[i - 1]!.to < listing.from - 1)) this.arrivals[listing.from]!.push(placed);
          if (listing.to + 1 < history.versions.length && listings[i + 1]?.from !== listing.to + 1) this.departed[listing.to + 1]!.add(bank);
          const named = this.byName.get(listing.name);
          if (named) named.push(placed);
          else this.byName.set(listing.name, [placed]);
        }
      }
    }
    return this;
  }

  /** A listing's key at each tier, in the order of MATCH_TIERS. */
  keysOf(listing: Listing): readonly string[] {
    let keys = this.#keys.get(listing);
    if (!keys) this.#keys.set(listing, (keys = MATCH_TIERS.map((tier) => matchKey(tier, listing))));
    return keys;
  }

  /** A listing's name and reading without its office word (branchBase), made once per listing. */
  baseOf(listing: Listing): ReturnType<typeof branchBase> {
    let base = this.#bases.get(listing);
    if (!base) this.#bases.set(listing, (base = branchBase(listing)));
    return base;
  }

  /** Whether many institutions of the kind `family` have listed a branch named `name` (本店, 駅前, 中央). */
  common(name: string, family: string): boolean {
    const key = `${family}\u0000${name}`;
    let banks = this.#nameBanks.get(key);
    if (banks === undefined) this.#nameBanks.set(key, (banks = new Set(this.byName.get(name)?.filter((p) => familyOf(p.bank) === family).map((p) => p.bank)).size));
    return banks > INFERENCE.commonNameBanks;
  }
}

const NO_ARRIVALS: readonly Arrival[] = [];

/** The arrivals of one version, by their key at each match tier. */
class Arrivals {
  readonly #byTier: readonly Map<string, Arrival[]>[] = MATCH_TIERS.map(() => new Map());
  readonly #byCode = new Map<string, Arrival>();
  readonly all: readonly Arrival[];

  constructor(private readonly prepared: Prepared, placed: readonly Placed[]) {
    this.all = placed.map((p) => ({ ...p, claimed: false }));
    for (const arrival of this.all) {
      this.#byCode.set(branchKey(arrival.bank, arrival.code), arrival);
      const keys = prepared.keysOf(arrival.listing);
      for (let tier = 0; tier < keys.length; tier++) {
        const list = this.#byTier[tier]!.get(keys[tier]!);
        if (list) list.push(arrival);
        else this.#byTier[tier]!.set(keys[tier]!, [arrival]);
      }
    }
  }

  of(bank: string, code: string): Arrival | undefined {
    return this.#byCode.get(branchKey(bank, code));
  }

  /** The arrivals matching `branch` at tier `tier` (an index into MATCH_TIERS), claimed ones too: callers skip those. */
  find(tier: number, branch: Listing): readonly Arrival[] {
    return this.#byTier[tier]!.get(this.prepared.keysOf(branch)[tier]!) ?? NO_ARRIVALS;
  }
}

interface Source {
  readonly bank: string;
  /** The institution's name and reading at the version before. */
  readonly listing: Listing | undefined;
  readonly vanished: boolean;
  /** Its branches at the version before, not yet linked, in code order. */
  readonly branches: readonly (readonly [code: string, listing: Listing])[];
}

/** A branch of a source found among one institution's arrivals. */
interface Found {
  readonly code: string;
  readonly listing: Listing;
  readonly arrival: Arrival;
  /** Found by the institution's own name (institutionStems), not the branch's. */
  readonly byInstitution: boolean;
}

/** Sources judged, and banks arranged, between two yields of the inference in steps. */
const SOURCES_PER_STEP = 40;
const CODES_PER_STEP = 1500;

/** The links of a history, yielding between versions and between groups of sources (a few ms each). */
export function* inferLinksInSteps(history: LineageHistory, overrides: readonly LineageOverride[]): Generator<void, Links, void> {
  const banks = new Map<string, Link>();
  const branches = new Map<string, Link>();
  const never = new Set(overrides.filter((o) => o.successor === null).map((o) => o.code));
  const prepared = yield* new Prepared(history).arrange();
  for (let at = 1; at < history.versions.length; at++) {
    const date = history.versions[at]!.date;
    yield* new Step(history, prepared, at, banks, branches, never, overrides.filter((o) => o.successor !== null && o.effective_date === date)).run();
  }
  return { banks, branches };
}

/** The inference at one version. */
class Step {
  #arrivals!: Arrivals;

  constructor(
    private readonly history: LineageHistory,
    private readonly prepared: Prepared,
    private readonly at: number,
    private readonly bankLinks: Map<string, Link>,
    private readonly branchLinks: Map<string, Link>,
    private readonly never: ReadonlySet<string>,
    private readonly forced: readonly LineageOverride[],
  ) {}

  *run(): Generator<void, void, void> {
    this.#arrivals = new Arrivals(this.prepared, this.prepared.arrivals[this.at]!);
    this.#codeChanges();
    yield;
    // Forced branches first: a forced institution's merger then leaves them as they are.
    for (const override of this.forced) {
      const [bank, branch] = splitCode(override.code);
      if (branch !== null) this.#forceBranch(bank, branch, override.successor!);
    }
    for (const override of this.forced) {
      const [bank, branch] = splitCode(override.code);
      const source = branch === null ? this.#source(bank) : undefined;
      if (source) this.#merge(source, override.successor!, this.#found(source, override.successor!), 'override');
    }
    // Vanished institutions first: they brought the branches that arrived.
    const sources = this.#sources();
    yield;
    let judged = 0;
    for (const source of [...sources.filter((s) => s.vanished), ...sources.filter((s) => !s.vanished)]) {
      if (this.bankLinks.has(source.bank) || this.never.has(source.bank)) continue;
      const choice = this.#choose(source);
      if (choice) this.#merge(source, choice.bank, choice.found, 'inference');
      if (++judged % SOURCES_PER_STEP === 0) yield;
    }
  }

  #open(bank: string, code: string): boolean {
    const key = branchKey(bank, code);
    return !this.branchLinks.has(key) && !this.never.has(key);
  }

  /** Rule 1: a new code of the same institution with the same name and reading. */
  #codeChanges(): void {
    for (const bank of this.prepared.departed[this.at]!) {
      for (const [code, listings] of this.prepared.codes.get(bank) ?? []) {
        const listing = listingAt(listings, this.at - 1);
        if (!listing || listingAt(listings, this.at) || !this.#open(bank, code)) continue;
        const arrival = this.#arrivals.find(0, listing).find((a) => a.bank === bank && !a.claimed);
        if (!arrival) continue;
        arrival.claimed = true;
        this.branchLinks.set(branchKey(bank, code), { kind: 'code_changed', at: this.at, bank, branch: arrival.code, by: 'inference' });
      }
    }
  }

  #forceBranch(bank: string, branch: string, successor: string): void {
    const [toBank, toBranch] = splitCode(successor);
    const arrival = toBranch === null ? undefined : this.#arrivals.of(toBank, toBranch);
    if (arrival) arrival.claimed = true;
    this.branchLinks.set(branchKey(bank, branch), { kind: toBank === bank ? 'code_changed' : 'merged', at: this.at, bank: toBank, branch: toBranch, by: 'override' });
  }

  /** An institution's open branches at the version before, and whether it vanished (or was emptied) at this one. */
  #source(bank: string): Source | undefined {
    const branches: [string, Listing][] = [];
    let listedNow = 0;
    for (const [code, listings] of this.prepared.codes.get(bank) ?? []) {
      if (listingAt(listings, this.at)) listedNow++;
      const listing = listingAt(listings, this.at - 1);
      if (listing && this.#open(bank, code)) branches.push([code, listing]);
    }
    if (branches.length === 0) return undefined;
    const banks = this.history.banks.get(bank);
    return { bank, listing: listingAt(banks, this.at - 1), vanished: listedNow === 0 || listingAt(banks, this.at) === undefined, branches };
  }

  /**
   * The institutions some of whose branches may have gone: those that lost branches here, and
   * those listing, at the version before, a branch under the uncommon name of an arrival
   * elsewhere (a still-listed one needs such names to qualify at all).
   */
  #sources(): Source[] {
    const banks = new Set(this.prepared.departed[this.at]);
    for (const arrival of this.#arrivals.all) {
      if (this.prepared.common(arrival.listing.name, familyOf(arrival.bank))) continue;
      for (const p of this.prepared.byName.get(arrival.listing.name) ?? []) {
        if (p.bank !== arrival.bank && p.listing.from <= this.at - 1 && this.at - 1 <= p.listing.to) banks.add(p.bank);
      }
    }
    const out: Source[] = [];
    for (const bank of [...banks].sort()) {
      const source = this.#source(bank);
      if (source) out.push(source);
    }
    return out;
  }

  /** For each candidate institution of the source's kind, the source's branches found among its arrivals (each at its best tier there). */
  #candidates(source: Source): Map<string, Found[]> {
    const family = familyOf(source.bank);
    const byBank = new Map<string, Found[]>();
    const namedAfter = this.#namedAfter(source);
    for (const [code, listing] of source.branches) {
      const seen = new Set<string>();
      // Each tier in turn, then, for the head office (the first code), the institution's own name.
      for (let tier = 0; tier <= MATCH_TIERS.length; tier++) {
        const byInstitution = tier === MATCH_TIERS.length;
        if (byInstitution && code !== source.branches[0]![0]) break;
        for (const arrival of byInstitution ? namedAfter : this.#arrivals.find(tier, listing)) {
          if (arrival.claimed || arrival.bank === source.bank || seen.has(arrival.bank) || familyOf(arrival.bank) !== family) continue;
          seen.add(arrival.bank);
          const found = byBank.get(arrival.bank);
          if (found) found.push({ code, listing, arrival, byInstitution });
          else byBank.set(arrival.bank, [{ code, listing, arrival, byInstitution }]);
        }
      }
    }
    return byBank;
  }

  /**
   * Arrivals named after a vanished institution (苫前町農協 → 3202-007 苫前): where its head
   * office went. A place name many of its kind use (山田) says nothing of where.
   */
  #namedAfter(source: Source): Arrival[] {
    if (!source.vanished || !source.listing) return [];
    const stems = institutionStems(source.listing.name, source.listing.kana);
    const family = familyOf(source.bank);
    return this.#arrivals.all.filter((a) => {
      if (a.claimed) return false;
      const base = this.prepared.baseOf(a.listing);
      return (stems.names.includes(base.name) || stems.readings.includes(base.reading)) && !this.prepared.common(base.name, family);
    });
  }

  /** The source's branches found among `bank`'s arrivals, each claiming its own (the same code first). */
  #found(source: Source, bank: string): Found[] {
    const out: Found[] = [];
    const taken = new Set<Arrival>();
    const take = (code: string, listing: Listing, there: readonly Arrival[], byInstitution: boolean) => {
      const open = there.filter((a) => a.bank === bank && !a.claimed && !taken.has(a));
      const arrival = open.find((a) => a.code === code) ?? open[0];
      if (!arrival) return false;
      taken.add(arrival);
      out.push({ code, listing, arrival, byInstitution });
      return true;
    };
    let namedAfter = false;
    for (const [code, listing] of source.branches) {
      let found = false;
      for (let tier = 0; tier < MATCH_TIERS.length && !found; tier++) found = take(code, listing, this.#arrivals.find(tier, listing), false);
      // One arrival named after the institution, for its first branch found by no name of its own.
      if (!found && !namedAfter) namedAfter = take(code, listing, this.#namedAfter(source), true);
    }
    return out;
  }

  /** The institution that took the source's branches, if the evidence is strong enough. */
  #choose(source: Source): { bank: string; found: Found[] } | undefined {
    let best: { bank: string; found: Found[]; uncommon: number } | undefined;
    for (const [bank, found] of this.#candidates(source)) {
      const uncommon = found.filter((f) => f.byInstitution || !this.prepared.common(f.listing.name, familyOf(source.bank))).length;
      if (!best || uncommon > best.uncommon || (uncommon === best.uncommon && found.length > best.found.length)) best = { bank, found, uncommon };
    }
    if (!best) return undefined;
    const total = source.branches.length;
    const enough = source.vanished
      ? best.uncommon >= 1 && best.found.length >= Math.ceil(INFERENCE.vanishedShare * total)
      : best.uncommon >= INFERENCE.listedUncommon && best.found.length >= Math.ceil(INFERENCE.listedShare * total);
    // Two branches may have met one arrival: each claims its own.
    return enough ? { bank: best.bank, found: this.#found(source, best.bank) } : undefined;
  }

  #merge(source: Source, bank: string, found: readonly Found[], by: Link['by']): void {
    this.bankLinks.set(source.bank, { kind: 'merged', at: this.at, bank, branch: null, by });
    const moved = new Set<string>();
    for (const f of found) {
      f.arrival.claimed = true;
      moved.add(f.code);
      this.branchLinks.set(branchKey(source.bank, f.code), { kind: 'merged', at: this.at, bank, branch: f.arrival.code, by });
    }
    // A vanished institution's other branches went with it; a listed one's others stay.
    if (!source.vanished) return;
    for (const [code] of source.branches) if (!moved.has(code)) this.branchLinks.set(branchKey(source.bank, code), { kind: 'merged', at: this.at, bank, branch: null, by });
  }
}

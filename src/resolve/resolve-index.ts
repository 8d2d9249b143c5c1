/**
 * The lookup structures of one Directory, built once and kept beside it (a WeakMap, so an
 * old snapshot's index goes when the snapshot does). Banks are indexed eagerly; each bank's
 * branches on first use, or all at once by `warmResolveIndex`.
 */
import { bankByBank, type DerivationInSteps, type Snapshot } from '../dataset/snapshot.js';
import type { InstitutionType } from '../domain/institutions.js';
import type { Bank, Branch } from '../domain/types.js';
import { shortBranchReading } from '../domain/branch-readings.js';
import { branchNamesByCode, type FormerName } from '../lineage/former-names.js';
import { FORMER_INSTITUTIONS, LINEAGE, LINEAGE_HISTORY } from '../lineage/served.js';
import { BANK_ALIASES, type BankAlias } from './aliases.js';
import { isMainOffice, isNumeralName, numeralDigits, officialBase, type TrimmedName } from './branch-names.js';
import { institutionForms, readBankInput, withoutCompanyForm } from './institution-names.js';
import { type Key, keyOf } from './keys.js';
import { NearIndex } from './near.js';
import { Postings } from './postings.js';
import { spokenKey } from './spoken.js';

export interface BankEntry {
  readonly bank: Bank;
  readonly type: InstitutionType | null;
  readonly name: Key;
  readonly short: Key;
  readonly stem: Key;
  readonly kana: Key;
  readonly kanaStem: Key;
  /** The master's short form is the bare stem (banks, and names without a type ending). */
  readonly shortIsStem: boolean;
}

export interface AliasEntry {
  readonly alias: BankAlias;
  readonly stem: Key;
  readonly type: InstitutionType | null;
  readonly entries: readonly BankEntry[];
  /**
   * A former name from the lineage (src/lineage/former-institutions.ts): the code it belonged
   * to, whose branches the input names as they were (ResolveIndex.formerBranches).
   */
  readonly formerCode?: string;
}

export interface BranchEntry {
  readonly branch: Branch;
  readonly name: Key;
  readonly kana: Key;
  /** The reading without its office suffix's reading (`トウキヨウ` for 東京営業部), where that differs. */
  readonly shortKana: Key | undefined;
  /** The name without its office ending, if it has one. */
  readonly base: TrimmedName | undefined;
}

export interface BranchIndex {
  /** The bank whose branches these are. */
  readonly bankCode: string;
  readonly entries: readonly BranchEntry[];
  readonly byName: Postings<BranchEntry>;
  readonly byKana: Postings<BranchEntry>;
  readonly byBase: Postings<BranchEntry>;
  readonly byDigits: Postings<BranchEntry>;
  /**
   * By the spoken key of the reading (src/resolve/spoken.ts), for readings whose spoken key is
   * not the reading itself; the others are found in byKana (see spokenMatches).
   */
  readonly bySpoken: Postings<BranchEntry>;
  /** By former names (and their readings and bases) the branch's code carried (src/lineage/former-names.ts). */
  readonly byFormer: Postings<BranchEntry>;
  readonly mainOffices: readonly BranchEntry[];
  /** Names, readings and bases for typos and abbreviations; numeric names are left out. */
  readonly near: NearIndex<BranchEntry>;
}

/** A bank form for typos and abbreviations; `typed` forms are the ones a stem with a type is compared to. */
export interface BankForm {
  readonly entry: BankEntry;
  readonly typed: boolean;
}

export interface ResolveIndex {
  readonly version: string;
  readonly banks: readonly BankEntry[];
  readonly byName: Postings<BankEntry>;
  readonly byShort: Postings<BankEntry>;
  readonly byKana: Postings<BankEntry>;
  readonly byStem: Postings<BankEntry>;
  readonly byKanaStem: Postings<BankEntry>;
  /** By the spoken key of the reading and of the reading's stem. */
  readonly bySpoken: Postings<BankEntry>;
  readonly near: NearIndex<BankForm>;
  /** By the folded stem of the alias as read by readBankInput; the lineage's former names first. */
  readonly aliases: Postings<AliasEntry>;
  branches(bankCode: string): BranchIndex;
  /**
   * The branches of a former institution (AliasEntry.formerCode) under every name each carried,
   * each entry the branch that carries it today.
   */
  formerBranches(formerCode: string): BranchIndex;
  /** Whether the lineage carried this code on to another while upstream still lists it (3652-100). */
  moved(bankCode: string, branchCode: string): boolean;
}

/** The branches whose reading has this spoken key: the ones indexed by it, and those whose reading is already its own spoken key. */
export function spokenMatches(index: BranchIndex, spoken: string): BranchEntry[] {
  return [...index.bySpoken.get(spoken), ...index.byKana.get(spoken).filter((e) => spokenKey(e.kana.folded) === spoken)];
}

/** The branches with this code: at most a few, found by a scan (the path runs only for inputs that carry a code). */
export function branchesWithCode(index: BranchIndex, code: string): BranchEntry[] {
  return index.entries.filter((e) => e.branch.code === code);
}

/** Keys of dataset strings, shared by one index: names like 本店 and readings repeat thousands of times. */
type KeyMaker = (text: string) => Key;

function keyMaker(): KeyMaker {
  const cache = new Map<string, Key>();
  return (text) => {
    let key = cache.get(text);
    if (!key) {
      key = keyOf(text);
      cache.set(text, key);
    }
    return key;
  };
}

function bankEntry(bank: Bank, keyOf: KeyMaker): BankEntry {
  const forms = institutionForms(bank);
  return {
    bank,
    type: forms.type,
    name: keyOf(bank.name),
    short: keyOf(forms.short),
    stem: keyOf(forms.stem),
    kana: keyOf(bank.fullWidthKana),
    kanaStem: keyOf(forms.kanaStem),
    shortIsStem: forms.short === forms.stem,
  };
}

function branchEntry(branch: Branch, name: string, kana: string, keyOf: KeyMaker): BranchEntry {
  const key = keyOf(name);
  const short = shortBranchReading(name, kana);
  return { branch, name: key, kana: keyOf(kana), shortKana: short === kana ? undefined : keyOf(short), base: officialBase(key) };
}

function branchIndex(bankCode: string, branches: readonly Branch[], lineage: ReadonlyMap<string, readonly FormerName[]>, keyOf: KeyMaker): BranchIndex {
  return indexOf(
    bankCode,
    branches.map((branch) => branchEntry(branch, branch.name, branch.fullWidthKana, keyOf)),
    lineage,
    keyOf,
  );
}

function indexOf(
  bankCode: string,
  entries: readonly BranchEntry[],
  lineage: ReadonlyMap<string, readonly FormerName[]>,
  keyOf: KeyMaker,
  mainOffices: readonly BranchEntry[] = entries.filter((e) => isMainOffice(e.branch)),
): BranchIndex {
  const byName = new Postings<BranchEntry>();
  const byKana = new Postings<BranchEntry>();
  const byBase = new Postings<BranchEntry>();
  const byDigits = new Postings<BranchEntry>();
  const bySpoken = new Postings<BranchEntry>();
  const byFormer = new Postings<BranchEntry>();
  const nearTexts: [string, BranchEntry][] = [];
  for (const e of entries) {
    byName.add(e.name.folded, e);
    byKana.add(e.kana.folded, e);
    const spoken = spokenKey(e.kana.folded);
    if (spoken !== e.kana.folded) bySpoken.add(spoken, e);
    // People type the reading without the office suffix, as the master wrote it.
    if (e.shortKana && e.shortKana.folded !== e.kana.folded) byKana.add(e.shortKana.folded, e);
    if (e.shortKana) {
      const shortSpoken = spokenKey(e.shortKana.folded);
      if (shortSpoken !== e.shortKana.folded) bySpoken.add(shortSpoken, e);
    }
    if (e.base) byBase.add(e.base.key.folded, e);
    // Japan Post Bank style names (〇一八) by the digits they stand for; only the index needs them.
    const digits = isNumeralName(e.branch.name) ? numeralDigits(e.name.folded) : undefined;
    if (digits) byDigits.add(digits, e);
    // 〇九九 and 〇九八 are different branches, not one typed wrong.
    else for (const text of new Set([e.name.folded, e.kana.folded, ...(e.shortKana ? [e.shortKana.folded] : []), ...(e.base ? [e.base.key.folded] : [])])) nearTexts.push([text, e]);
  }
  for (const e of lineage.size > 0 ? entries : []) {
    for (const former of lineage.get(e.branch.code) ?? []) {
      const name = keyOf(former.name);
      // Spelling-only changes (市ケ谷 → 市ヶ谷) read as the current name already.
      if (name.folded === e.name.folded) continue;
      for (const key of new Set([name.folded, keyOf(former.kana).folded, officialBase(name)?.key.folded ?? ''])) if (key !== e.kana.folded) byFormer.add(key, e);
    }
  }
  return { bankCode, entries, byName, byKana, byBase, byDigits, bySpoken, byFormer, mainOffices, near: new NearIndex(nearTexts) };
}

/** Banks keyed per step of the stepwise build: a few ms each with cold code. */
const BANKS_PER_STEP = 50;

/** The index, yielding between steps of a few ms (Derivation.steps): the bank level is built at once otherwise, 30–55 ms. */
function* indexSteps(snapshot: Snapshot): Generator<void, ResolveIndex, void> {
  const directory = snapshot.directory;
  // The only reference to the key cache (see branches below): another one, say in a closure of
  // this function, would keep it as long as the index.
  let makeKey: KeyMaker | undefined = keyMaker();
  const banks: BankEntry[] = [];
  for (const bank of directory.banks) {
    banks.push(bankEntry(bank, makeKey));
    if (banks.length % BANKS_PER_STEP === 0) yield;
  }
  const byCode = new Map(banks.map((e) => [e.bank.code, e]));
  const maps = { byName: new Postings<BankEntry>(), byShort: new Postings<BankEntry>(), byKana: new Postings<BankEntry>(), byStem: new Postings<BankEntry>(), byKanaStem: new Postings<BankEntry>(), bySpoken: new Postings<BankEntry>() };
  for (const e of banks) {
    maps.byName.add(e.name.folded, e);
    maps.byShort.add(e.short.folded, e);
    maps.byKana.add(e.kana.folded, e);
    maps.byStem.add(e.stem.folded, e);
    maps.byKanaStem.add(e.kanaStem.folded, e);
    maps.bySpoken.add(spokenKey(e.kana.folded), e);
    maps.bySpoken.add(spokenKey(e.kanaStem.folded), e);
  }
  const forms: [string, BankForm][] = [];
  for (const e of banks) {
    const typed = new Set([e.stem.folded, e.kanaStem.folded]);
    for (const text of typed) forms.push([text, { entry: e, typed: true }]);
    for (const text of new Set([e.name.folded, e.short.folded, e.kana.folded])) if (!typed.has(text)) forms.push([text, { entry: e, typed: false }]);
  }
  const aliases = new Postings<AliasEntry>();
  // Former names from the lineage first: where the curated table has the same name, the
  // lineage's entry also knows where that institution's branches went.
  const lineage = yield* snapshot.within(LINEAGE);
  const former = new Map((yield* snapshot.within(FORMER_INSTITUTIONS)).map((f) => [f.code, f]));
  const takenByOther = (stem: string, code: string) =>
    [maps.byName, maps.byShort, maps.byStem, maps.byKana, maps.byKanaStem].some((postings) => postings.get(stem).some((e) => e.bank.code !== code));
  for (const f of former.values()) {
    const successor = byCode.get(f.successor);
    if (!successor) continue;
    for (const { name, kana } of f.names) {
      const alias: BankAlias = { text: name, codes: [f.successor], kind: 'former_name', source: 'data', note: `${f.code} ${name}, from the lineage (docs/lineage.md)` };
      for (const text of [name, kana]) {
        const readings = readBankInput(keyOf(withoutCompanyForm(text)));
        const reading = readings.find((r) => r.type !== null) ?? readings[0];
        // A former name never takes a name, reading or stem from an institution of today.
        if (!reading || takenByOther(reading.stem.folded, f.successor)) continue;
        aliases.add(reading.stem.folded, { alias, stem: reading.stem, type: reading.type, entries: [successor], formerCode: f.code });
      }
    }
  }
  yield;
  for (const alias of BANK_ALIASES) {
    const entries = alias.codes.map((c) => byCode.get(c)).filter((e): e is BankEntry => e !== undefined);
    // An alias whose institutions all left the directory says nothing any more.
    if (entries.length === 0) continue;
    const readings = readBankInput(keyOf(withoutCompanyForm(alias.text)));
    // The most specific reading: with its type removed when it names one (三菱東京UFJ銀行 → 三菱東京ufj, bank).
    const reading = readings.find((r) => r.type !== null) ?? readings[0]!;
    aliases.add(reading.stem.folded, { alias, stem: reading.stem, type: reading.type, entries });
  }
  yield;
  const near = new NearIndex(forms);
  const branchIndexes = new Map<string, BranchIndex>();
  const formerIndexes = new Map<string, BranchIndex>();
  return {
    version: directory.version,
    banks,
    ...maps,
    near,
    aliases,
    moved: (bankCode, branchCode) => lineage.hasSuccessor(bankCode, null) || lineage.hasSuccessor(bankCode, branchCode),
    branches(bankCode: string): BranchIndex {
      let index = branchIndexes.get(bankCode);
      if (!index) {
        makeKey ??= keyMaker();
        index = branchIndex(bankCode, directory.branches(bankCode), branchNamesByCode(snapshot.derive(LINEAGE_HISTORY), bankCode), makeKey);
        branchIndexes.set(bankCode, index);
        // Once every bank is built the cache only holds the keys the entries hold already, in a
        // table of its own (0.9 MB): let it go.
        if (branchIndexes.size >= directory.banks.length) makeKey = undefined;
      }
      return index;
    },
    formerBranches(formerCode: string): BranchIndex {
      let index = formerIndexes.get(formerCode);
      if (!index) {
        const keys = makeKey ?? keyMaker();
        const named = (former.get(formerCode)?.branches() ?? []).flatMap((b) => {
          const today = directory.branchesByCode(b.bank, b.branch)[0];
          return today ? b.names.map((n) => ({ as: { ...today, name: n.name, fullWidthKana: n.kana }, entry: branchEntry(today, n.name, n.kana, keys) })) : [];
        });
        // The former institution's head office by the names it carried there, whatever its branch
        // is called today; failing a generic one, a place's head office (北越銀行 長岡本店営業部).
        let heads = named.filter((n) => isMainOffice(n.as));
        if (heads.length === 0) heads = named.filter((n) => /本店(営業部)?$/.test(n.as.name));
        index = indexOf(
          formerCode,
          named.map((n) => n.entry),
          NO_FORMER_NAMES,
          keys,
          heads.map((n) => n.entry),
        );
        formerIndexes.set(formerCode, index);
      }
      return index;
    },
  };
}

const NO_FORMER_NAMES: ReadonlyMap<string, readonly FormerName[]> = new Map();

/**
 * The Resolve index of a snapshot. Its bank level (1.9 MB) is prepared in steps when a snapshot
 * is served (`serve`), so that no request builds it; each bank's branch index is built on first
 * need, or ahead of it by warming (a bank at a time between other work), which the Resolve API
 * starts at its first request: processes that never resolve never build those.
 */
export const RESOLVE_INDEX: DerivationInSteps<ResolveIndex> = {
  name: 'resolve index',
  steps: (snapshot) => indexSteps(snapshot),
  warm: (index, snapshot) => bankByBank(snapshot, (code) => index.branches(code)),
};

export function resolveIndex(snapshot: Snapshot): ResolveIndex {
  return snapshot.derive(RESOLVE_INDEX);
}

/** Builds every bank's branch index now, so that no request pays for it (evaluation, benches). */
export function warmResolveIndex(snapshot: Snapshot): ResolveIndex {
  const index = resolveIndex(snapshot);
  for (const bank of snapshot.directory.banks) index.branches(bank.code);
  return index;
}

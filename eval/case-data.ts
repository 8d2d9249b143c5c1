/**
 * What the case builders (eval/build-real-cases.ts, eval/build-typed-cases.ts) check the bundled
 * data with: the comparison fold, which bank and branch names are unique in the data, and a case
 * list that refuses repeated inputs and codes the data does not hold. Expected answers come from
 * the data, never from the matcher.
 */
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import { foldForSearch } from '../src/domain/fold.js';
import { foldKanjiVariants } from '../src/domain/kanji-variants.js';
import type { Bank, Branch } from '../src/domain/types.js';
import { branchNamesByCode } from '../src/lineage/former-names.js';
import { buildTimeHistory } from '../src/lineage/served.js';
import { institutionForms } from '../src/resolve/institution-names.js';
import { isOneEditApart } from '../src/resolve/keys.js';
import { spokenKey } from '../src/resolve/spoken.js';
import type { Decision, ReasonCode, ResolveContext } from '../src/resolve/types.js';
import type { EvalCase } from './cases.js';

export const directory = loadBundledDirectory();
/** The comparison the data is checked with: variant kanji and the fold of src/domain. */
export const f = (text: string) => foldForSearch(foldKanjiVariants(text));

// ---------------------------------------------------------------- uniqueness in the data

export const GENERIC = new Set(['本店', '本店営業部', '営業部本店', '本所', '本部', '営業部'].map(f));
const OFFICE_ENDINGS = ['出張所', '営業部', '営業所', '支所', '代理店', '事務所', '支店'];
export const baseOf = (name: string) => {
  const ending = OFFICE_ENDINGS.find((e) => name.endsWith(e) && name.length > e.length);
  return ending ? name.slice(0, name.length - ending.length) : undefined;
};

const bankForms = new Map<string, Set<string>>();
for (const bank of directory.banks) {
  const forms = institutionForms(bank);
  for (const k of [bank.name, forms.short, forms.stem, bank.fullWidthKana, forms.kanaStem].map(f)) (bankForms.get(k) ?? bankForms.set(k, new Set()).get(k)!).add(bank.code);
}
export const bankUnique = (bank: Bank, text: string) => [...(bankForms.get(f(text)) ?? [])].every((c) => c === bank.code);
/** Banks that share a bare stem or reading with another (北海道, ちゅうごく) are left to the ambiguity cases. */
export const plainBank = (bank: Bank) => {
  const forms = institutionForms(bank);
  return [bank.name, forms.short, bank.fullWidthKana].every((t) => bankUnique(bank, t));
};

/** Every form by which a branch is named in its bank: name, reading, base, spoken reading. */
function branchKeys(b: Branch): string[] {
  const base = baseOf(b.name);
  const kana = f(b.fullWidthKana);
  return [f(b.name), kana, spokenKey(kana), ...(base ? [f(base)] : [])];
}
const formsCache = new Map<string, Map<string, Set<Branch>>>();
export function branchForms(bankCode: string): Map<string, Set<Branch>> {
  let forms = formsCache.get(bankCode);
  if (!forms) {
    forms = new Map();
    for (const b of directory.branches(bankCode)) for (const k of branchKeys(b)) (forms.get(k) ?? forms.set(k, new Set()).get(k)!).add(b);
    formsCache.set(bankCode, forms);
  }
  return forms;
}
const uniqueKey = (bankCode: string, b: Branch, key: string) => [...(branchForms(bankCode).get(key) ?? [])].every((x) => x === b);
/** A branch named uniquely in its bank by every form, not generic, not a JP Bank numeral, its code held once. */
export const ordinaryBranch = (bankCode: string, b: Branch) =>
  !GENERIC.has(f(b.name)) && !/^[〇一二三四五六七八九]+$/.test(b.name) && branchKeys(b).every((k) => uniqueKey(bankCode, b, k)) && directory.branchesByCode(bankCode, b.code).length === 1;

/**
 * Every name a branch code carried in an earlier published version (the lineage dataset) that
 * reads as no current branch of its bank, one edit from none: the branch's former names.
 */
export function formerBranchNames(): { bank: Bank; branch: Branch; former: string }[] {
  const lineage = buildTimeHistory();
  const out: { bank: Bank; branch: Branch; former: string }[] = [];
  const formerNames = [...lineage.branches.keys()].sort().flatMap((bankCode) => [...branchNamesByCode(lineage, bankCode)].sort(([a], [b]) => (a < b ? -1 : 1)).map(([branchCode, names]) => [bankCode, branchCode, names] as const));
  for (const [bankCode, branchCode, names] of formerNames) {
    const bank = directory.bank(bankCode);
    const current = directory.branchesByCode(bankCode, branchCode);
    if (!bank || current.length !== 1 || !plainBank(bank)) continue;
    const branch = current[0]!;
    for (const { name } of names) {
      // A spelling change reads as the current name, and a name another branch carries today is that branch.
      if (f(name) === f(branch.name) || f(baseOf(name) ?? name) === f(baseOf(branch.name) ?? branch.name) || branchForms(bankCode).has(f(name)) || branchForms(bankCode).has(f(baseOf(name) ?? name))) continue;
      if (directory.branches(bankCode).some((b) => b !== branch && isOneEditApart(f(name), f(b.name)))) continue;
      out.push({ bank, branch, former: name });
    }
  }
  return out;
}

// ---------------------------------------------------------------- case assembly

export type Expected = { bank: string; branch: string } | null;

export class CaseList<C extends string> {
  readonly cases: EvalCase<C>[] = [];
  readonly counters = new Map<C, number>();
  readonly #seen = new Set<string>();

  /** False where the same pair of inputs is already in the list. */
  add(cls: C, bank_name: string, branch_name: string, expected: Expected, decisions: Partial<Record<ResolveContext, Decision>> = {}, note?: string, reasons?: Partial<Record<ResolveContext, readonly ReasonCode[]>>): boolean {
    if (this.#seen.has(`${bank_name}\u0000${branch_name}`)) return false;
    this.#seen.add(`${bank_name}\u0000${branch_name}`);
    if (expected && directory.branchesByCode(expected.bank, expected.branch).length === 0) throw new Error(`${cls}: ${expected.bank}-${expected.branch} does not exist`);
    const n = (this.counters.get(cls) ?? 0) + 1;
    this.counters.set(cls, n);
    const id = `${cls}-${String(n).padStart(3, '0')}`;
    this.cases.push({ id, class: cls, bank_name, branch_name, expected: expected ? { bank_code: expected.bank, branch_code: expected.branch } : null, decisions, ...(reasons ? { reasons } : {}), ...(note ? { note } : {}) });
    return true;
  }

  count(cls: C): number {
    return this.counters.get(cls) ?? 0;
  }
}

/** The one branch of the bank with this name. */
export function at(bankCode: string, branchName: string): Expected {
  const hits = directory.branches(bankCode).filter((b) => b.name === branchName);
  if (hits.length !== 1) throw new Error(`${bankCode} ${branchName}: ${hits.length} branches`);
  return { bank: bankCode, branch: hits[0]!.code };
}

/** The banks the case builders draw from: ordinary ones with an ordinary branch, JP Bank aside. */
export const sampleBanks = directory.banks.filter((b) => b.code !== '9900' && plainBank(b) && directory.branches(b.code).some((br) => ordinaryBranch(b.code, br)));

/** Draws `count` cases, `make` trying one bank after another in the order `shuffled` gives. */
export function sampler(shuffled: <T>(list: readonly T[]) => T[]): (count: number, make: (bank: Bank) => boolean) => void {
  return (count, make) => {
    let made = 0;
    for (const bank of shuffled(sampleBanks)) {
      if (made >= count) return;
      if (make(bank)) made++;
    }
    if (made < count) throw new Error(`only ${made} of ${count} samples`);
  };
}

/** The ordinary branches of `bank` that `ok` takes. */
export const branchesOf = (bank: Bank, ok: (b: Branch) => boolean) => directory.branches(bank.code).filter((b) => ordinaryBranch(bank.code, b) && ok(b));

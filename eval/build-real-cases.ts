/**
 * Builds eval/resolve-real.json: names as payroll, vendor and customer files hold them, one
 * class per kind of mess (docs/resolve.md#names-as-files-hold-them), sampled from the bundled
 * data with a fixed seed plus hand-written cases. Expected answers come from the data, never
 * from the matcher:
 *
 * - variant_kanji: a kanji of the bank or branch name written in an old or variant form (高 →
 *   髙, 崎 → 﨑, 沢 → 澤), or the joining kana of a place name swapped (市ヶ谷 → 市が谷);
 * - spoken_kana: the branch reading as people type it: small kana, ー for long vowels,
 *   katakana, mixed scripts, a space inside, a separate ゛;
 * - noise: company designators and codes beside the bank, codes, brackets, quotes and
 *   punctuation beside the branch, 支店 ⇄ 支所 ⇄ 出張所 swapped;
 * - branch_code: the bank's name and only the branch code (001, １０１, 店番001, No.001);
 * - former_branch: a branch name its code carried in an earlier published version
 *   (src/lineage/former-names.ts, from the lineage dataset) that no current branch of the bank carries;
 * - must_not_answer: an exact bank name with a branch of a similarly named other bank that
 *   this bank does not have (no answer is right).
 *
 * Sampling keeps only inputs whose right answer is unique in the data. Run:
 *   npx tsx eval/build-real-cases.ts
 */
import { seeded } from './seeded-random.js';
import { writeFileSync } from 'node:fs';
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import { foldForSearch } from '../src/domain/fold.js';
import { KANJI_VARIANT_EXCEPTIONS, KANJI_VARIANTS, foldKanjiVariants } from '../src/domain/kanji-variants.js';
import type { Bank, Branch } from '../src/domain/types.js';
import { branchNamesByCode } from '../src/lineage/former-names.js';
import { buildTimeHistory } from '../src/lineage/served.js';
import { institutionForms } from '../src/resolve/institution-names.js';
import { isAbbreviationOf, isOneEditApart } from '../src/resolve/keys.js';
import { spokenKey } from '../src/resolve/spoken.js';
import type { Decision, ResolveContext } from '../src/resolve/types.js';
import type { EvalCase, EvalFile, RealCaseClass } from './cases.js';

const directory = loadBundledDirectory();
/** The comparison the data is checked with: variant kanji and the fold of src/domain. */
const f = (text: string) => foldForSearch(foldKanjiVariants(text));

const { rnd, pick, shuffled } = seeded(20261124);

// ---------------------------------------------------------------- uniqueness in the data

const GENERIC = new Set(['本店', '本店営業部', '営業部本店', '本所', '本部', '営業部'].map(f));
const OFFICE_ENDINGS = ['出張所', '営業部', '営業所', '支所', '代理店', '事務所', '支店'];
const baseOf = (name: string) => {
  const ending = OFFICE_ENDINGS.find((e) => name.endsWith(e) && name.length > e.length);
  return ending ? name.slice(0, name.length - ending.length) : undefined;
};

const bankForms = new Map<string, Set<string>>();
for (const bank of directory.banks) {
  const forms = institutionForms(bank);
  for (const k of [bank.name, forms.short, forms.stem, bank.fullWidthKana, forms.kanaStem].map(f)) (bankForms.get(k) ?? bankForms.set(k, new Set()).get(k)!).add(bank.code);
}
const bankUnique = (bank: Bank, text: string) => [...(bankForms.get(f(text)) ?? [])].every((c) => c === bank.code);
/** Banks that share a bare stem or reading with another (北海道, ちゅうごく) are left to the ambiguity cases. */
const plainBank = (bank: Bank) => {
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
function branchForms(bankCode: string): Map<string, Set<Branch>> {
  let forms = formsCache.get(bankCode);
  if (!forms) {
    forms = new Map();
    for (const b of directory.branches(bankCode)) for (const k of branchKeys(b)) (forms.get(k) ?? forms.set(k, new Set()).get(k)!).add(b);
    formsCache.set(bankCode, forms);
  }
  return forms;
}
const uniqueKey = (bankCode: string, b: Branch, key: string) => [...(branchForms(bankCode).get(key) ?? [])].every((x) => x === b);
const ordinaryBranch = (bankCode: string, b: Branch) =>
  !GENERIC.has(f(b.name)) && !/^[〇一二三四五六七八九]+$/.test(b.name) && branchKeys(b).every((k) => uniqueKey(bankCode, b, k)) && directory.branchesByCode(bankCode, b.code).length === 1;

// ---------------------------------------------------------------- case assembly

type Expected = { bank: string; branch: string } | null;
const cases: EvalCase<RealCaseClass>[] = [];
const counters = new Map<RealCaseClass, number>();
const seen = new Set<string>();
function add(cls: RealCaseClass, bank_name: string, branch_name: string, expected: Expected, decisions: Partial<Record<ResolveContext, Decision>> = {}, note?: string): boolean {
  if (seen.has(`${bank_name}\u0000${branch_name}`)) return false;
  seen.add(`${bank_name}\u0000${branch_name}`);
  if (expected && directory.branchesByCode(expected.bank, expected.branch).length === 0) throw new Error(`${cls}: ${expected.bank}-${expected.branch} does not exist`);
  const n = (counters.get(cls) ?? 0) + 1;
  counters.set(cls, n);
  cases.push({ id: `${cls}-${String(n).padStart(3, '0')}`, class: cls, bank_name, branch_name, expected: expected ? { bank_code: expected.bank, branch_code: expected.branch } : null, decisions, ...(note ? { note } : {}) });
  return true;
}
function at(bankCode: string, branchName: string): Expected {
  const hits = directory.branches(bankCode).filter((b) => b.name === branchName);
  if (hits.length !== 1) throw new Error(`${bankCode} ${branchName}: ${hits.length} branches`);
  return { bank: bankCode, branch: hits[0]!.code };
}

const banks = directory.banks.filter((b) => b.code !== '9900' && plainBank(b) && directory.branches(b.code).some((br) => ordinaryBranch(b.code, br)));
function sample(count: number, make: (bank: Bank) => boolean): void {
  let made = 0;
  for (const bank of shuffled(banks)) {
    if (made >= count) return;
    if (make(bank)) made++;
  }
  if (made < count) throw new Error(`only ${made} of ${count} samples`);
}
const branchesOf = (bank: Bank, ok: (b: Branch) => boolean) => directory.branches(bank.code).filter((b) => ordinaryBranch(bank.code, b) && ok(b));

// ---------------------------------------------------------------- variant_kanji

const excepted = new Set(KANJI_VARIANT_EXCEPTIONS.map((e) => e.variant));
/** Standard form → a variant people type for it. */
const VARIANT_OF = new Map<string, string>();
for (const [variant, standard] of Object.entries(KANJI_VARIANTS)) if (!excepted.has(variant) && !VARIANT_OF.has(standard)) VARIANT_OF.set(standard, variant);
const JOINING: Readonly<Record<string, string>> = { ヶ: 'が', ケ: 'が', が: 'ヶ', ノ: 'の', の: 'ノ' };

/** The name with one standard kanji in a variant form, or one joining kana swapped; undefined when it has neither. */
function variantOf(name: string): string | undefined {
  const chars = [...name];
  const spots = chars.flatMap((c, i) => (VARIANT_OF.has(c) ? [i] : JOINING[c] && i > 0 && i < chars.length - 1 && /\p{Script=Han}/u.test(chars[i - 1]!) && /\p{Script=Han}/u.test(chars[i + 1]!) ? [i] : []));
  if (spots.length === 0) return undefined;
  const i = pick(spots);
  chars[i] = VARIANT_OF.get(chars[i]!) ?? JOINING[chars[i]!]!;
  return chars.join('');
}

sample(40, (bank) => {
  const inBank = variantOf(bank.name);
  const list = branchesOf(bank, (b) => variantOf(b.name) !== undefined);
  if (list.length === 0 && !inBank) return false;
  const br = list.length > 0 ? pick(list) : pick(branchesOf(bank, () => true));
  const bankName = inBank && (list.length === 0 || rnd() < 0.3) ? inBank : bank.name;
  const branchName = bankName === bank.name ? variantOf(br.name)! : br.name;
  if (!bankUnique(bank, bankName)) return false;
  return add('variant_kanji', bankName, branchName, { bank: bank.code, branch: br.code });
});

// ---------------------------------------------------------------- spoken_kana

const I_ROW = new Set([...'きしちにひみりぎじぢびぴ']);
const SMALL: Readonly<Record<string, string>> = { や: 'ゃ', ゆ: 'ゅ', よ: 'ょ' };
const O_ROW = new Set([...'おこそとのほもよろごぞどぼぽょ']);
const E_ROW = new Set([...'えけせてねへめれげぜでべぺ']);
const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** The Zengin reading (hiragana, large kana, long vowels written out) as a person types it. */
function spokenOf(hira: string): string {
  const chars = [...hira.replace(/－/g, 'ー')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const prev = out.at(-1);
    if (SMALL[c] && prev && I_ROW.has(prev)) out += SMALL[c];
    else if (c === 'う' && prev && O_ROW.has(prev) && rnd() < 0.7) out += 'ー';
    else if (c === 'い' && prev && E_ROW.has(prev) && rnd() < 0.5) out += 'ー';
    else out += c;
  }
  return out;
}
const SPOKEN_STYLES: readonly ((s: string) => string)[] = [
  (s) => s,
  (s) => toKatakana(s),
  (s) => s.slice(0, Math.ceil(s.length / 2)) + toKatakana(s.slice(Math.ceil(s.length / 2))),
  (s) => `${s.slice(0, 2)} ${s.slice(2)}`,
  (s) => s.normalize('NFD').replace(/\u3099/g, '\u309b').replace(/\u309a/g, '\u309c'),
];

sample(40, (bank) => {
  const list = branchesOf(bank, (b) => /[ゃゅょ]|[おこそとのほもよろごぞど]う|[えけせてねへめれげぜで]い/.test(spokenOf(b.hiragana)) && spokenOf(b.hiragana) !== b.hiragana);
  if (list.length === 0) return false;
  const br = pick(list);
  let typed = spokenOf(br.hiragana);
  if (typed === br.hiragana.replace(/－/g, 'ー')) return false;
  const style = cases.filter((c) => c.class === 'spoken_kana').length % SPOKEN_STYLES.length;
  typed = SPOKEN_STYLES[style]!(typed);
  const forms = institutionForms(bank);
  return add('spoken_kana', rnd() < 0.5 ? forms.short : bank.name, typed, { bank: bank.code, branch: br.code });
});

// ---------------------------------------------------------------- noise

const BANK_NOISE: readonly ((bank: Bank) => string)[] = [
  (b) => `株式会社${b.name}`,
  (b) => `${b.name}(株)`,
  (b) => `㈱${b.name}`,
  (b) => `${b.code} ${b.name}`,
  (b) => `${b.name}（${b.code}）`,
  (b) => `「${b.name}」`,
  (b) => `${b.name}　`,
  (b) => `"${b.name}"`,
];
const BRANCH_NOISE: readonly ((b: Branch) => string)[] = [
  (b) => `${b.name}支店（${b.code}）`,
  (b) => `[${b.code}]${b.name}`,
  (b) => `${b.code} ${b.name}`,
  (b) => `${b.name}。`,
  (b) => `「${b.name}」`,
  (b) => `　${b.name} `,
  (b) => `${b.name}支店 (${b.code})`,
  (b) => `'${b.name}'`,
];
sample(32, (bank) => {
  if (!bank.name.endsWith('銀行') && bank.code >= '1000') return false;
  const list = branchesOf(bank, (b) => baseOf(b.name) === undefined && !b.name.endsWith('店'));
  if (list.length === 0) return false;
  const br = pick(list);
  const n = cases.filter((c) => c.class === 'noise').length;
  return add('noise', BANK_NOISE[n % BANK_NOISE.length]!(bank), BRANCH_NOISE[Math.floor(n / 2) % BRANCH_NOISE.length]!(br), { bank: bank.code, branch: br.code });
});
// Office words swapped: 出張所 written 支所 or 支店, 支所 written 出張所.
sample(12, (bank) => {
  const list = branchesOf(bank, (b) => /(出張所|支所)$/.test(b.name) && baseOf(b.name) !== undefined && !GENERIC.has(f(baseOf(b.name)!)));
  if (list.length === 0) return false;
  const br = pick(list);
  const base = baseOf(br.name)!;
  const swapped = br.name.endsWith('出張所') ? base + (rnd() < 0.5 ? '支所' : '支店') : base + '出張所';
  if (branchForms(bank.code).has(f(swapped))) return false;
  return add('noise', bank.name, swapped, { bank: bank.code, branch: br.code });
});

// ---------------------------------------------------------------- branch_code

const wide = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
const CODE_FORMS: readonly ((code: string) => string)[] = [(c) => c, (c) => wide(c), (c) => `店番${c}`, (c) => `支店コード ${c}`, (c) => `No.${c}`, (c) => `店番号：${c}`, (c) => `#${c}`];
sample(35, (bank) => {
  const br = pick(directory.branches(bank.code));
  if (directory.branchesByCode(bank.code, br.code).length !== 1) return false;
  const n = cases.filter((c) => c.class === 'branch_code').length;
  return add('branch_code', rnd() < 0.5 ? bank.name : institutionForms(bank).short, CODE_FORMS[n % CODE_FORMS.length]!(br.code), { bank: bank.code, branch: br.code });
});

// ---------------------------------------------------------------- former_branch

const lineage = buildTimeHistory();
const formerCandidates: { bank: Bank; branch: Branch; former: string }[] = [];
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
    formerCandidates.push({ bank, branch, former: name });
  }
}
for (const c of shuffled(formerCandidates).slice(0, 35)) add('former_branch', c.bank.name, c.former, { bank: c.bank.code, branch: c.branch.code }, {}, `${c.branch.code} is ${c.branch.name} today`);

// ---------------------------------------------------------------- must_not_answer

/** Whether `input` could be read as one of the bank's branches: same fold, one edit, or an abbreviation either way. */
function nearAnyBranch(bankCode: string, input: string): boolean {
  const key = f(input);
  const trimmed = f(baseOf(input) ?? input);
  return directory.branches(bankCode).some((b) =>
    [f(b.name), f(b.fullWidthKana), f(baseOf(b.name) ?? b.name)].some((k) => [key, trimmed].some((i) => i === k || isOneEditApart(i, k) || isAbbreviationOf(i, k) || isAbbreviationOf(k, i) || spokenKey(i) === spokenKey(k))),
  );
}
/** Pairs of banks whose stems are one character apart or one the start of the other: the near misses. */
const stems = banks.map((b) => ({ bank: b, stem: f(institutionForms(b).stem) }));
const pairs: [Bank, Bank][] = [];
for (const a of stems) for (const b of stems) if (a !== b && a.stem.length >= 2 && b.stem.length >= 2 && (isOneEditApart(a.stem, b.stem) || isAbbreviationOf(a.stem, b.stem))) pairs.push([a.bank, b.bank]);
let mustNot = 0;
for (const [exact, other] of shuffled(pairs)) {
  if (mustNot >= 40) break;
  const foreign = shuffled(directory.branches(other.code)).find((b) => !GENERIC.has(f(b.name)) && !/^[〇一二三四五六七八九]+$/.test(b.name) && !nearAnyBranch(exact.code, b.name));
  if (!foreign) continue;
  if (add('must_not_answer', exact.name, foreign.name, null, {}, `${foreign.name} is ${other.code} ${other.name}'s`)) mustNot++;
}

// ---------------------------------------------------------------- hand-written cases

add('variant_kanji', '髙知銀行', '本店営業部', at('0578', '本店営業部'), {}, '髙 for 高');
add('variant_kanji', '宮﨑銀行', '本店営業部', at('0184', '本店営業部'), {}, '﨑 for 崎');
add('variant_kanji', '廣島銀行', '本店営業部', at('0169', '本店営業部'), {}, '廣 for 広');
add('variant_kanji', 'りそな', '市が谷', at('0010', '市ヶ谷'), {}, 'が for ヶ');
add('variant_kanji', 'みずほ', '虎の門', at('0001', '虎ノ門'), {}, 'の for ノ');
add('variant_kanji', '中國銀行', '東京', null, {}, '中國銀行 is 0489, not 0168 中国銀行: 國 is never folded; two 東京');
add('spoken_kana', 'みずほ', 'とーきょー', at('0001', '東京営業部'), {}, 'ー for ウ, small ょ');
add('spoken_kana', 'みずほ', 'ﾄｰｷｮｰ', at('0001', '東京営業部'), {}, 'half-width with ｰ');
add('spoken_kana', 'みずほ', 'キョウト', at('0001', '京都'), {}, 'small kana against キヨウト');
add('spoken_kana', 'みつびしゆーえふじぇー', 'しんじゅく', at('0005', '新宿'), {}, 'the bank read as said');
add('spoken_kana', 'りそな', 'いち がや', at('0010', '市ヶ谷'), {}, 'a space inside');
add('noise', 'ｶ)ﾐｽﾞﾎｷﾞﾝｺｳ', 'ｼﾌﾞﾔ', at('0001', '渋谷'), {}, 'Zengin-style designator before the name');
add('noise', 'ﾐﾂｲｽﾐﾄﾓｷﾞﾝｺｳ(ｶ', 'ｼﾝｼﾞﾕｸ', at('0009', '新宿'), {}, 'designator after the name');
add('noise', '〈株〉三井住友銀行', '新宿支店。', at('0009', '新宿'), {}, 'angle-bracket designator, trailing punctuation');
add('noise', '0005 三菱UFJ', '[341]新宿', at('0005', '新宿'), {}, 'codes beside both names');
add('noise', 'みずほ', '本店営業部', at('0001', '本店'), {}, '本店営業部 for 本店');
add('branch_code', 'みずほ', '店番001', at('0001', '東京営業部'));
add('branch_code', '三菱UFJ銀行', '支店コード 341', at('0005', '新宿'));
add('branch_code', '三井住友銀行', 'No.221', at('0009', '新宿'));
add('must_not_answer', 'みずほ銀行', '火星', null, {}, 'a made-up branch');
add('must_not_answer', '北洋銀行', '札幌駅北口', null, {}, 'a branch of 北海道銀行 and 北海道信金; 北洋銀行 has 札幌駅南口, one character off: review, never auto');

const file: EvalFile<RealCaseClass> = {
  description: 'Names as real files hold them, built by eval/build-real-cases.ts from the bundled zengin-code data; see docs/resolve.md#names-as-files-hold-them',
  dataset_version: directory.version,
  cases,
};
writeFileSync(new URL('./resolve-real.json', import.meta.url), JSON.stringify(file, null, 1) + '\n');
process.stdout.write(`${cases.length} cases: ${[...counters].map(([c, n]) => `${c} ${n}`).join(', ')}\n`);

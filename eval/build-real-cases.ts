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
import { writeFileSync } from 'node:fs';
import { KANJI_VARIANT_EXCEPTIONS, KANJI_VARIANTS } from '../src/domain/kanji-variants.js';
import type { Bank, Branch } from '../src/domain/types.js';
import { institutionForms } from '../src/resolve/institution-names.js';
import { isAbbreviationOf, isOneEditApart } from '../src/resolve/keys.js';
import { spokenKey } from '../src/resolve/spoken.js';
import { at, bankUnique, baseOf, branchesOf, branchForms, CaseList, directory, f, formerBranchNames, GENERIC, sampleBanks as banks, sampler } from './case-data.js';
import type { EvalFile, RealCaseClass } from './cases.js';
import { seeded } from './seeded-random.js';

const { rnd, pick, shuffled } = seeded(20261124);

const list = new CaseList<RealCaseClass>();
const { cases, counters } = list;
const add = list.add.bind(list);

const sample = sampler(shuffled);

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

const formerCandidates = formerBranchNames();
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

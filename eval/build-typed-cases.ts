/**
 * Builds eval/resolve-typed.json: names as a new user types them from real files, one class per
 * kind the evaluation of names as files hold them missed (docs/resolve.md#names-as-a-new-user-types-them),
 * sampled from the bundled data with a fixed seed plus hand-written cases. Expected answers
 * come from the data, never from the matcher:
 *
 * - old_kanji: a kanji of the bank or branch name written in its old form from the published
 *   tables (src/domain/old-kanji-forms.ts: 徳 → 德, 学 → 學, 駅 → 驛);
 * - glued_code: a bank code glued to the bank's name (0005三菱UFJ銀行), a branch code glued to
 *   the branch's (341新宿), counted with 番 (新宿支店 341番, 341番) or given with 支店 (341支店);
 * - exact_bank: a bank's exact reading where another bank reads the same once voicing is
 *   ignored (ごとう / 湖東 ことう, しようなん / 城南 じようなん): a branch both have is the named
 *   bank's; a branch only the other has is no answer the input names (never auto-confirmed);
 * - payment_trim: an office word typed where the match is not a plain trim (a reading as said,
 *   a former branch name): payment must say payment_branch_trim.
 *
 * Run: npx tsx eval/build-typed-cases.ts
 */
import { writeFileSync } from 'node:fs';
import { foldForSearch, foldKeepingVoicing } from '../src/domain/fold.js';
import { KANJI_VARIANT_EXCEPTIONS } from '../src/domain/kanji-variants.js';
import { JINMEIYO_OLD_FORMS, JOYO_OLD_FORMS } from '../src/domain/old-kanji-forms.js';
import type { Bank, Branch } from '../src/domain/types.js';
import { institutionForms } from '../src/resolve/institution-names.js';
import { at, bankUnique, baseOf, branchesOf, CaseList, directory, f, formerBranchNames, sampleBanks as banks, sampler } from './case-data.js';
import type { EvalFile, TypedCaseClass } from './cases.js';
import { seeded } from './seeded-random.js';

const { pick, shuffled } = seeded(20261207);
const list = new CaseList<TypedCaseClass>();
const add = list.add.bind(list);

const sample = sampler(shuffled);
/** A branch name without an office word, so that one added is the only thing to remove. */
const bare = (b: Branch) => baseOf(b.name) === undefined && !b.name.endsWith('店');

// ---------------------------------------------------------------- old_kanji

const excepted = new Set(KANJI_VARIANT_EXCEPTIONS.map((e) => e.variant));
/** Today's form → its old form, from the published tables (the compatibility ideographs are NFKC's already). */
const OLD_OF = new Map<string, string>();
for (const [old, today] of [...JOYO_OLD_FORMS, ...JINMEIYO_OLD_FORMS]) if (old.normalize('NFKC') === old && !excepted.has(old) && !OLD_OF.has(today)) OLD_OF.set(today, old);

/** The name with its first kanji that has an old form written in that form. */
function oldFormOf(name: string): string | undefined {
  const chars = [...name];
  const i = chars.findIndex((c) => OLD_OF.has(c));
  if (i < 0) return undefined;
  chars[i] = OLD_OF.get(chars[i]!)!;
  return chars.join('');
}

sample(32, (bank) => {
  const inBank = oldFormOf(bank.name);
  const candidates = branchesOf(bank, (b) => oldFormOf(b.name) !== undefined);
  if (candidates.length === 0) return false;
  const br = pick(candidates);
  // Every fourth case writes the bank's name in its old form instead, where it has one.
  const bankName = inBank && list.count('old_kanji') % 4 === 3 ? inBank : bank.name;
  if (!bankUnique(bank, bankName)) return false;
  const branchName = bankName === bank.name ? oldFormOf(br.name)! : br.name;
  return add('old_kanji', bankName, branchName, { bank: bank.code, branch: br.code }, { default: 'auto_confirm', payment: 'auto_confirm' });
});
// The forms the issue names: the first ordinary branch (in code order) written with each.
for (const [old, today] of [['德', '徳'], ['濱', '浜'], ['邊', '辺'], ['澤', '沢'], ['櫻', '桜'], ['廣', '広'], ['齋', '斎'], ['齊', '斉'], ['學', '学'], ['驛', '駅'], ['萬', '万'], ['峯', '峰'], ['邉', '辺'], ['髙', '高'], ['﨑', '崎']] as const) {
  const hit = banks.flatMap((bank) => branchesOf(bank, (b) => b.name.includes(today)).map((b) => [bank, b] as const))[0];
  if (!hit) throw new Error(`no branch with ${today}`);
  const [bank, br] = hit;
  add('old_kanji', bank.name, br.name.replace(today, old), { bank: bank.code, branch: br.code }, { default: 'auto_confirm', payment: 'auto_confirm' }, `${old} for ${today}`);
}

// ---------------------------------------------------------------- glued_code

const wide = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
type Form = { bank: (b: Bank) => string; branch: (b: Branch) => string; payment: 'auto_confirm' | 'needs_review'; reasons?: readonly ('payment_branch_trim' | 'branch_matched_by_code')[] };
const GLUED_FORMS: readonly Form[] = [
  { bank: (b) => `${b.code}${b.name}`, branch: (b) => b.name, payment: 'auto_confirm' },
  { bank: (b) => `${b.name}${b.code}`, branch: (b) => b.name, payment: 'auto_confirm' },
  { bank: (b) => `${wide(b.code)}${b.name}`, branch: (b) => b.name, payment: 'auto_confirm' },
  { bank: (b) => b.name, branch: (b) => `${b.code}${b.name}`, payment: 'auto_confirm' },
  { bank: (b) => b.name, branch: (b) => `${b.name}${wide(b.code)}`, payment: 'auto_confirm' },
  { bank: (b) => b.name, branch: (b) => `${b.name}支店 ${b.code}番`, payment: 'needs_review', reasons: ['payment_branch_trim'] },
  { bank: (b) => b.name, branch: (b) => `${b.name}（${b.code}番）`, payment: 'auto_confirm' },
  { bank: (b) => b.name, branch: (b) => `${b.code}番`, payment: 'needs_review', reasons: ['branch_matched_by_code'] },
  { bank: (b) => b.name, branch: (b) => `${wide(b.code)}支店`, payment: 'needs_review', reasons: ['branch_matched_by_code'] },
];
sample(36, (bank) => {
  const candidates = branchesOf(bank, (b) => bare(b) && !/[0-9０-９]/.test(b.name));
  if (candidates.length === 0) return false;
  const br = pick(candidates);
  const form = GLUED_FORMS[list.count('glued_code') % GLUED_FORMS.length]!;
  return add('glued_code', form.bank(bank), form.branch(br), { bank: bank.code, branch: br.code }, { default: 'auto_confirm', payment: form.payment }, undefined, form.reasons ? { payment: form.reasons } : undefined);
});
add('glued_code', '三菱UFJ銀行', '123新宿支店', at('0005', '新宿'), { default: 'needs_review' }, '123 is not 新宿 (341): the name wins, the conflict is said', { default: ['branch_code_mismatch'] });
add('glued_code', '0009三菱UFJ銀行', '新宿', at('0005', '新宿'), { default: 'needs_review' }, '0009 is 三井住友銀行', { default: ['bank_code_mismatch'] });
add('glued_code', 'ゆうちょ銀行', '018店', at('9900', '〇一八'), { default: 'auto_confirm', payment: 'auto_confirm' }, "JP Bank's name as it writes it, not 店 with the code 018");
add('glued_code', '野村信託銀行', '本店営業１６５', at('0304', '本店営業１６５'), { default: 'auto_confirm', payment: 'auto_confirm' }, 'digits that are part of the name');

// ---------------------------------------------------------------- exact_bank

/** Banks whose readings meet only once voicing is ignored: ごとう and ことう, しようなん and じようなん. */
const byVoiceless = new Map<string, Bank[]>();
for (const bank of directory.banks) {
  const key = foldForSearch(bank.fullWidthKana);
  (byVoiceless.get(key) ?? byVoiceless.set(key, []).get(key)!).push(bank);
}
const twins = [...byVoiceless.values()].flatMap((group) => group.flatMap((named) => group.filter((other) => foldKeepingVoicing(other.fullWidthKana) !== foldKeepingVoicing(named.fullWidthKana)).map((other) => [named, other] as const)));
const readsAs = (bank: Bank, b: Branch) => directory.branches(bank.code).some((x) => f(x.name) === f(b.name));
for (const [named, other] of twins) {
  const inputs = [named.hiragana, named.halfWidthKana, named.fullWidthKana];
  // A branch both have, in the bank the input names; one the named bank alone has.
  const shared = branchesOf(named, (b) => readsAs(other, b)).slice(0, 4);
  const own = branchesOf(named, (b) => !readsAs(other, b)).slice(0, 3);
  for (const [i, b] of [...shared, ...own].entries()) add('exact_bank', inputs[i % 3]!, b.name, { bank: named.code, branch: b.code }, { default: 'auto_confirm' }, `${named.code} ${named.name}; ${other.code} ${other.name} reads the same without voicing`);
  // A branch only the other has: the input names a bank without it, so no answer is right.
  for (const [i, b] of branchesOf(other, (b) => !readsAs(named, b)).slice(0, 4).entries()) add('exact_bank', inputs[i % 3]!, b.name, null, {}, `${b.name} is ${other.code} ${other.name}'s; ${named.code} ${named.name} has none`);
}
add('exact_bank', 'ごとう農業協同組合', '本所', at('8893', '本店'), {}, "本所 is 湖東農協's main office; ごとう農協's is 本店 (main_office, reviewed)");

// ---------------------------------------------------------------- payment_trim

/** The Zengin reading (large kana, vowels written out) with ー for each う that lengthens an o-row kana. */
const withLongVowels = (hira: string) => hira.replace(/(?<=[おこそとのほもよろごぞどぼぽ])う/gu, 'ー');
sample(20, (bank) => {
  const candidates = branchesOf(bank, (b) => bare(b) && withLongVowels(b.hiragana) !== b.hiragana && !/てん$/u.test(b.hiragana));
  if (candidates.length === 0) return false;
  const br = pick(candidates);
  const forms = institutionForms(bank);
  return add('payment_trim', list.count('payment_trim') % 2 === 0 ? bank.name : forms.short, `${withLongVowels(br.hiragana)}してん`, { bank: bank.code, branch: br.code }, { payment: 'needs_review' }, 'a reading as said, with してん', { payment: ['payment_branch_trim'] });
});
for (const c of shuffled(formerBranchNames().filter((c) => baseOf(c.former) === undefined && !c.former.endsWith('店'))).slice(0, 14)) {
  add('payment_trim', c.bank.name, `${c.former}支店`, { bank: c.bank.code, branch: c.branch.code }, { default: 'needs_review', payment: 'needs_review' }, `${c.branch.code} is ${c.branch.name} today`, { payment: ['branch_former_name', 'payment_branch_trim'] });
}
add('payment_trim', 'みずほ', 'とーきょーしてん', at('0001', '東京営業部'), { payment: 'needs_review' }, 'a reading as said, with してん', { payment: ['payment_branch_trim'] });
add('payment_trim', '中京銀行', '今池支店', at('0542', '今池中央'), { default: 'needs_review', payment: 'needs_review' }, 'former bank and branch names: 中京銀行 今池 is あいち銀行 今池中央', { payment: ['bank_former_name', 'branch_former_name', 'payment_branch_trim'] });
add('payment_trim', '三井住友銀行', '渋谷支店', at('0009', '渋谷'), { default: 'auto_confirm', payment: 'needs_review' }, 'the plain trim', { payment: ['payment_branch_trim'] });

const file: EvalFile<TypedCaseClass> = {
  description: 'Names as a new user types them from real files, built by eval/build-typed-cases.ts from the bundled zengin-code data; see docs/resolve.md#names-as-a-new-user-types-them',
  dataset_version: directory.version,
  cases: list.cases,
};
writeFileSync(new URL('./resolve-typed.json', import.meta.url), JSON.stringify(file, null, 1) + '\n');
process.stdout.write(`${list.cases.length} cases: ${[...list.counters].map(([c, n]) => `${c} ${n}`).join(', ')}\n`);

/**
 * Builds eval/resolve.json from the bundled dataset: sampled cases per class (seeded, so the
 * file is reproducible) plus hand-written ones. Expected answers come from the data and from
 * what a careful operator would accept, never from running the matcher:
 *
 * - official, short_name, kana, half_width, width_script, jp_numeral: the input is an official
 *   form of exactly one record → auto_confirm in default and payment;
 * - branch_suffix_added (渋谷支店 for 渋谷), branch_suffix_omitted (白金 for 白金出張所),
 *   branch_reading_suffix (しぶやしてん): auto_confirm in default, needs_review in payment;
 * - typo_*: one character wrong → the right record should rank first, but never auto-confirm;
 * - alias / former_name / generic_branch / ambiguous / nonexistent_*: hand-checked per case.
 *
 * Sampling keeps only inputs that are unique in the data (no other record reads the same), so
 * that "the one right answer" is true. Run: npx tsx eval/build-cases.ts
 */
import { seeded } from './seeded-random.js';
import { writeFileSync } from 'node:fs';
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import { foldForSearch } from '../src/domain/fold.js';
import type { Bank, Branch } from '../src/domain/types.js';
import { institutionForms } from '../src/resolve/institution-names.js';
import type { Decision, ResolveContext } from '../src/resolve/types.js';
import type { CaseClass, EvalCase, EvalFile } from './cases.js';

const directory = loadBundledDirectory();
const f = foldForSearch;

const { rnd, pick, shuffled } = seeded(20260824);

// ---------------------------------------------------------------- uniqueness in the data

const OFFICE_ENDINGS = ['出張所', '営業部', '営業所', '支所', '代理店', '事務所'];
const GENERIC = new Set(['本店', '本店営業部', '営業部本店', '本所', '本部', '営業部'].map(f));

function baseOf(name: string): string | undefined {
  const ending = OFFICE_ENDINGS.find((e) => name.endsWith(e) && name.length > e.length);
  return ending ? name.slice(0, name.length - ending.length) : undefined;
}

/** Every folded form by which a bank can be named, and which banks use it. */
const bankForms = new Map<string, Set<string>>();
function bankKeys(bank: Bank): string[] {
  const forms = institutionForms(bank);
  return [bank.name, forms.short, forms.stem, bank.fullWidthKana, forms.kanaStem].map(f);
}
for (const bank of directory.banks) for (const k of bankKeys(bank)) (bankForms.get(k) ?? bankForms.set(k, new Set()).get(k)!).add(bank.code);
const bankUnique = (bank: Bank, text: string) => [...(bankForms.get(f(text)) ?? [])].every((c) => c === bank.code);

/** Every folded form by which a branch can be named within its bank. */
function branchKeys(branch: Branch): string[] {
  const base = baseOf(branch.name);
  return [branch.name, branch.fullWidthKana, ...(base ? [base] : [])].map(f);
}
const branchFormsCache = new Map<string, Map<string, Set<Branch>>>();
function branchForms(bankCode: string): Map<string, Set<Branch>> {
  let forms = branchFormsCache.get(bankCode);
  if (!forms) {
    forms = new Map();
    for (const br of directory.branches(bankCode)) for (const k of branchKeys(br)) (forms.get(k) ?? forms.set(k, new Set()).get(k)!).add(br);
    branchFormsCache.set(bankCode, forms);
  }
  return forms;
}
const branchUnique = (bankCode: string, branch: Branch, text: string) => [...(branchForms(bankCode).get(f(text)) ?? [])].every((b) => b === branch);
/** Within one character of another branch's form: a typo test would have two right answers. */
const ordinaryBranch = (bankCode: string, b: Branch) =>
  !GENERIC.has(f(b.name)) && !/^[〇一二三四五六七八九]+$/.test(b.name) && branchKeys(b).every((k) => branchUnique(bankCode, b, k)) && directory.branchesByCode(bankCode, b.code).length === 1;

// ---------------------------------------------------------------- case assembly

const cases: EvalCase[] = [];
const counters = new Map<CaseClass, number>();
function add(cls: CaseClass, bank_name: string, branch_name: string, expected: { bank: string; branch: string } | null, decisions: Partial<Record<ResolveContext, Decision>>, note?: string): void {
  const n = (counters.get(cls) ?? 0) + 1;
  counters.set(cls, n);
  if (expected) {
    const found = directory.branchesByCode(expected.bank, expected.branch);
    if (found.length === 0) throw new Error(`${cls}: ${expected.bank}-${expected.branch} does not exist`);
  }
  cases.push({ id: `${cls}-${String(n).padStart(3, '0')}`, class: cls, bank_name, branch_name, expected: expected ? { bank_code: expected.bank, branch_code: expected.branch } : null, decisions, ...(note ? { note } : {}) });
}

/** The code of the one branch of a bank with this name (hand-written cases name branches, not codes). */
function at(bankCode: string, branchName: string): { bank: string; branch: string } {
  const hits = directory.branches(bankCode).filter((b) => b.name === branchName);
  if (hits.length !== 1) throw new Error(`${bankCode} ${branchName}: ${hits.length} branches`);
  return { bank: bankCode, branch: hits[0]!.code };
}

const AUTO = { default: 'auto_confirm', payment: 'auto_confirm' } as const;
const AUTO_BUT_PAYMENT = { default: 'auto_confirm', payment: 'needs_review' } as const;
const REVIEW = { default: 'needs_review', payment: 'needs_review' } as const;
const UNRESOLVED = { default: 'unresolved', payment: 'unresolved', onboarding: 'unresolved', matching: 'unresolved' } as const;

const banksWithBranches = directory.banks.filter((b) => directory.branches(b.code).some((br) => ordinaryBranch(b.code, br)));
function sampleBranch(bank: Bank, ok: (b: Branch) => boolean = () => true): Branch | undefined {
  const list = directory.branches(bank.code).filter((b) => ordinaryBranch(bank.code, b) && ok(b));
  return list.length > 0 ? pick(list) : undefined;
}

/** Takes `count` samples over shuffled banks, `make` returning false to skip one. */
function sample(count: number, make: (bank: Bank) => boolean): void {
  let made = 0;
  for (const bank of shuffled(banksWithBranches)) {
    if (made >= count) return;
    if (make(bank)) made++;
  }
  if (made < count) throw new Error(`only ${made} of ${count} samples`);
}

// official: the full name and the official branch name.
sample(60, (bank) => {
  if (!bankUnique(bank, bank.name)) return false;
  const br = sampleBranch(bank);
  if (!br) return false;
  add('official', bank.name, br.name, { bank: bank.code, branch: br.code }, AUTO);
  return true;
});

// short_name: the master's short form (みずほ, 北海道信金) and the official branch name.
sample(30, (bank) => {
  const short = institutionForms(bank).short;
  if (short === bank.name || !bankUnique(bank, short)) return false;
  const br = sampleBranch(bank);
  if (!br) return false;
  add('short_name', short, br.name, { bank: bank.code, branch: br.code }, AUTO);
  return true;
});

// kana: readings in hiragana or katakana, as a person types them (ょ, ー where the master has ヨ, －).
const typed = (kana: string) => kana.replace(/－/g, 'ー');
sample(30, (bank) => {
  if (!bankUnique(bank, bank.fullWidthKana)) return false;
  const br = sampleBranch(bank, (b) => branchUnique(bank.code, b, b.fullWidthKana));
  if (!br) return false;
  const hira = rnd() < 0.5;
  add('kana', typed(hira ? bank.hiragana : bank.fullWidthKana), typed(hira ? br.hiragana : br.fullWidthKana), { bank: bank.code, branch: br.code }, AUTO);
  return true;
});

// half_width: the half-width kana of both.
sample(20, (bank) => {
  if (!bankUnique(bank, bank.halfWidthKana)) return false;
  const br = sampleBranch(bank, (b) => branchUnique(bank.code, b, b.fullWidthKana));
  if (!br) return false;
  add('half_width', bank.halfWidthKana, br.halfWidthKana, { bank: bank.code, branch: br.code }, AUTO);
  return true;
});

// branch_suffix_added: 支店 appended to a name that has no office ending.
sample(30, (bank) => {
  if (!bankUnique(bank, bank.name)) return false;
  const br = sampleBranch(bank, (b) => baseOf(b.name) === undefined && !b.name.endsWith('店') && branchUnique(bank.code, b, b.name + '支店'));
  if (!br) return false;
  add('branch_suffix_added', bank.name, br.name + '支店', { bank: bank.code, branch: br.code }, AUTO_BUT_PAYMENT);
  return true;
});

// branch_suffix_omitted: 出張所 or 営業部 left out (白金 for 白金出張所).
sample(20, (bank) => {
  if (!bankUnique(bank, bank.name)) return false;
  // Not where the name without its ending is also the reading (イーネット for イーネット出張所):
  // that input is the official reading, not an omission.
  const br = sampleBranch(bank, (b) => /(出張所|営業部)$/.test(b.name) && baseOf(b.name) !== undefined && !GENERIC.has(f(baseOf(b.name)!)) && f(baseOf(b.name)!) !== f(b.fullWidthKana));
  if (!br) return false;
  add('branch_suffix_omitted', bank.name, baseOf(br.name)!, { bank: bank.code, branch: br.code }, AUTO_BUT_PAYMENT);
  return true;
});

// branch_reading_suffix: the reading with してん (しぶやしてん).
sample(10, (bank) => {
  if (!bankUnique(bank, bank.name)) return false;
  const br = sampleBranch(bank, (b) => branchUnique(bank.code, b, b.fullWidthKana) && !b.fullWidthKana.endsWith('テン'));
  if (!br) return false;
  add('branch_reading_suffix', bank.name, typed(br.hiragana) + 'してん', { bank: bank.code, branch: br.code }, AUTO_BUT_PAYMENT);
  return true;
});

// typo_branch: one character of the branch name replaced by a character of another name.
const KANJI_POOL = [...new Set(directory.banks.slice(0, 200).flatMap((b) => directory.branches(b.code).flatMap((br) => [...br.name])))].filter((c) => /\p{Script=Han}/u.test(c));
const KANA_POOL = [...'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわ'];
function typoOf(text: string, pool: readonly string[]): string {
  const chars = [...text];
  const i = Math.floor(rnd() * chars.length);
  let c = pick(pool);
  while (f(c) === f(chars[i]!)) c = pick(pool);
  chars[i] = c;
  return chars.join('');
}
/** No record of the bank reads the same as the typo, and it is not a different branch's name plus a suffix. */
const freeTypo = (bankCode: string, text: string) => !branchForms(bankCode).has(f(text)) && !GENERIC.has(f(text));
sample(25, (bank) => {
  if (!bankUnique(bank, bank.name)) return false;
  const kana = rnd() < 0.4;
  const br = sampleBranch(bank, (b) => [...(kana ? b.hiragana : b.name)].length >= 3);
  if (!br) return false;
  const typo = kana ? typoOf(typed(br.hiragana), KANA_POOL) : typoOf(br.name, KANJI_POOL.some((c) => br.name.includes(c)) ? KANJI_POOL : KANA_POOL);
  if (!freeTypo(bank.code, typo)) return false;
  add('typo_branch', bank.name, typo, { bank: bank.code, branch: br.code }, REVIEW);
  return true;
});

// typo_bank: one character of the bank's full name replaced.
sample(15, (bank) => {
  const name = institutionForms(bank).stem;
  if ([...name].length < 3 || !/\p{Script=Han}/u.test(name)) return false;
  const typo = typoOf(name, KANJI_POOL) + bank.name.slice(name.length);
  if (bankForms.has(f(typo)) || bankForms.has(f(typoOf(name, KANJI_POOL)))) return false;
  const br = sampleBranch(bank);
  if (!br) return false;
  add('typo_bank', typo, br.name, { bank: bank.code, branch: br.code }, REVIEW);
  return true;
});

// jp_numeral: Japan Post Bank's numeric branch names in every usual spelling.
const JP = directory.bank('9900')!;
const jpBranches = directory.branches('9900');
const JP_BANK_FORMS = ['ゆうちょ', 'ゆうちょ銀行', 'ユウチョ', 'ﾕｳﾁｮｷﾞﾝｺｳ', 'ゆうちょぎんこう'];
const digitsOf = (name: string) => [...name].map((c) => '〇一二三四五六七八九'.indexOf(c)).join('');
const wide = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
const JP_BRANCH_FORMS: readonly ((b: Branch) => string)[] = [
  (b) => b.name,
  (b) => digitsOf(b.name),
  (b) => wide(digitsOf(b.name)),
  (b) => b.fullWidthKana,
  (b) => b.hiragana,
  (b) => b.name + '店',
  (b) => digitsOf(b.name) + '店',
  (b) => b.name + '支店',
];
for (let i = 0; i < 24; i++) {
  const br = pick(jpBranches);
  add('jp_numeral', JP_BANK_FORMS[i % JP_BANK_FORMS.length]!, JP_BRANCH_FORMS[i % JP_BRANCH_FORMS.length]!(br), { bank: JP.code, branch: br.code }, AUTO);
}

// generic_branch: main-office names. Auto-confirmable in default when the bank has exactly that
// main office; payment always reviews generic names (docs/resolve.md#contexts-and-thresholds).
const mainOffices = (bank: Bank) => directory.branches(bank.code).filter((b) => GENERIC.has(f(b.name)) && !(b.name === '本所' && b.fullWidthKana !== 'ホンシヨ') && !(b.name === '本部' && b.fullWidthKana !== 'ホンブ'));
sample(24, (bank) => {
  const offices = mainOffices(bank);
  if (offices.length !== 1 || !bankUnique(bank, bank.name)) return false;
  const office = offices[0]!;
  const expected = { bank: bank.code, branch: office.code };
  const short = institutionForms(bank).short;
  if (office.name === '本店') add('generic_branch', short, rnd() < 0.5 ? '本店' : 'ほんてん', expected, { default: 'auto_confirm', payment: 'needs_review' });
  else if (office.name === '本店営業部') add('generic_branch', bank.name, rnd() < 0.5 ? '本店営業部' : '本店', expected, { default: 'auto_confirm', payment: 'needs_review' });
  else if (office.name === '本所') add('generic_branch', bank.name, '本所', expected, { default: 'auto_confirm', payment: 'needs_review' });
  else return false;
  return true;
});

// ---------------------------------------------------------------- hand-written cases

// width_script: letters and spaces as people type them.
add('width_script', '三菱UFJ', '本店', at('0005', '本店'), { default: 'auto_confirm', payment: 'needs_review' }, 'half-width letters; 本店 is generic');
add('width_script', '三菱ｕｆｊ銀行', '新宿', at('0005', '新宿'), AUTO);
add('width_script', 'みつびしゆーえふじぇいぎんこう', 'しんじゅく', at('0005', '新宿'), AUTO, 'reading with small kana and ー');
add('width_script', 'PayPay銀行', 'すずめ', at('0033', 'すずめ'), AUTO);
add('width_script', 'paypay', 'ビジネス営業部', at('0033', 'ビジネス営業部'), AUTO);
add('width_script', 'auじぶん銀行', 'あか', at('0039', 'あか'), AUTO);
add('width_script', 'ＧＭＯあおぞらネット銀行', '法人営業部', at('0310', '法人営業部'), AUTO);
add('width_script', 'SBI新生銀行', '渋谷', at('0397', '渋谷'), AUTO);
add('width_script', 'みずほ 銀行', '渋谷', at('0001', '渋谷'), AUTO, 'a space inside the name');
add('width_script', '三井　住友', '渋谷', at('0009', '渋谷'), AUTO, 'an ideographic space');
add('width_script', 'りそな', '市ケ谷', at('0010', '市ヶ谷'), AUTO, 'ケ for ヶ');
add('width_script', 'ﾐｽﾞﾎ', 'ｼﾌﾞﾔ', at('0001', '渋谷'), AUTO);
add('width_script', 'ドコモSMTBネット銀行', 'イチゴ', at('0038', 'イチゴ'), AUTO);
add('width_script', '株式会社みずほ銀行', '渋谷', at('0001', '渋谷'), AUTO, 'company form ignored');
add('width_script', '（株）三井住友銀行', '新宿', at('0009', '新宿'), AUTO, 'company form ignored');

// alias: curated abbreviations and brands; auto-confirmable in default when unambiguous, never in payment.
add('alias', 'MUFG', '新宿', at('0005', '新宿'), AUTO_BUT_PAYMENT);
add('alias', 'ＭＵＦＧ銀行', '渋谷支店', at('0005', '渋谷'), AUTO_BUT_PAYMENT);
add('alias', 'SMBC', '渋谷駅前', at('0009', '渋谷駅前'), AUTO_BUT_PAYMENT);
add('alias', 'smbc', '新宿', at('0009', '新宿'), AUTO_BUT_PAYMENT);
add('alias', '郵便局', '〇一八', at('9900', '〇一八'), AUTO_BUT_PAYMENT);
add('alias', 'ゆうびんきょく', 'ゼロイチハチ', at('9900', '〇一八'), AUTO_BUT_PAYMENT);
add('alias', 'JPバンク', '018', at('9900', '〇一八'), AUTO_BUT_PAYMENT);
add('alias', '郵貯', '〇二八店', at('9900', '〇二八'), AUTO_BUT_PAYMENT);
add('alias', '商工中金', '渋谷', at('2004', '渋谷'), AUTO_BUT_PAYMENT);
add('alias', '農林中金', '札幌', at('3000', '札幌'), AUTO_BUT_PAYMENT);
add('alias', '信金中金', '北海道', at('1000', '北海道'), AUTO_BUT_PAYMENT);
add('alias', 'HSBC', '東京', at('0411', '東京'), AUTO_BUT_PAYMENT);
add('alias', 'JNB', 'すずめ', at('0033', 'すずめ'), AUTO_BUT_PAYMENT);
add('alias', '住信SBI', 'レモン', at('0038', 'レモン'), AUTO_BUT_PAYMENT);
add('alias', '77銀行', '本店営業部', at('0125', '本店営業部'), { default: 'auto_confirm', payment: 'needs_review' });
add('alias', 'mizuho', '渋谷', at('0001', '渋谷'), AUTO_BUT_PAYMENT);
add('alias', 'resona', '梅田', at('0010', '梅田'), AUTO_BUT_PAYMENT);
add('alias', 'RCC', '業務企画部', at('2213', '業務企画部'), AUTO_BUT_PAYMENT);

// former_name: never auto-confirmed, the right successor offered.
add('former_name', '東京三菱銀行', '新宿', at('0005', '新宿'), REVIEW);
add('former_name', '三菱東京UFJ銀行', '渋谷支店', at('0005', '渋谷'), REVIEW);
add('former_name', 'UFJ銀行', '梅田新道', at('0005', '梅田新道'), REVIEW);
add('former_name', '住友銀行', '神保町', at('0009', '神保町'), REVIEW);
add('former_name', 'さくら銀行', '渋谷', at('0009', '渋谷'), REVIEW);
add('former_name', '第一勧業銀行', '渋谷', at('0001', '渋谷'), REVIEW);
add('former_name', '住信SBIネット銀行', 'イチゴ', at('0038', 'イチゴ'), REVIEW, 'renamed in the data (p20260630 → p20260824)');
add('former_name', '福邦銀行', '春江中央', at('0147', '春江中央'), REVIEW, 'merged in the data (p20260331 → p20260524)');
add('former_name', 'にじ農協', '田主丸', at('8660', '田主丸'), REVIEW, 'merged in the data');
add('former_name', '広島ゆたか農協', '大長', at('7909', '大長'), REVIEW, 'merged in the data');
add('former_name', 'ジャパンネット銀行', 'はやぶさ', at('0033', 'はやぶさ'), REVIEW);
add('former_name', '新生銀行', '渋谷', at('0397', '渋谷'), REVIEW);
add('former_name', '東京都民銀行', '新宿', at('0137', '新宿'), REVIEW);
add('former_name', '第四銀行', '本店営業部', at('0140', '本店営業部'), REVIEW);

// generic_branch, hand-written: the main office under another generic name, and a bank with two.
add('generic_branch', 'みずほ銀行', '本店', at('0001', '本店'), { default: 'auto_confirm', payment: 'needs_review' }, 'みずほ also has 本所 (Sumida), which is a place');
add('generic_branch', '城南信用金庫', '本店', at('1344', '営業部本店'), REVIEW, 'the main office is called 営業部本店');
add('generic_branch', '北海道信連', '本店', at('3001', '本所'), REVIEW, 'cooperatives call the main office 本所');
add('generic_branch', 'みずほ', '', at('0001', '本店'), REVIEW, 'no branch given: the main office offered');

// ambiguous: no single right answer, or one that must not be auto-confirmed.
const AMBIGUOUS = { default: 'needs_review', payment: 'needs_review', onboarding: 'needs_review', matching: 'needs_review' } as const;
add('ambiguous', '北海道', '本店', null, AMBIGUOUS, '北海道銀行, 北海道信金, 北海道労金, 北海道信連, 北海道信漁連');
add('ambiguous', 'ほっかいどう', '札幌駅北口', null, AMBIGUOUS, '北海道銀行 and 北海道信金 both have 札幌駅北口');
add('ambiguous', 'ちゅうごくぎんこう', '東京', null, AMBIGUOUS, '中国銀行 and 中國銀行 read the same');
add('ambiguous', '三菱', '新宿', null, AMBIGUOUS, '三菱UFJ銀行 or 三菱UFJ信託銀行');
add('ambiguous', 'UFJ', '渋谷', null, AMBIGUOUS, 'UFJ銀行 or UFJ信託銀行');
add('ambiguous', '住友', '渋谷', null, AMBIGUOUS, '三井住友銀行 or 三井住友信託銀行');
add('ambiguous', 'あさひ銀行', '川口', null, AMBIGUOUS, 'split into りそな and 埼玉りそな');
add('ambiguous', 'シティバンク', '東京', null, AMBIGUOUS, 'シティバンク、エヌ・エイ or SMBC信託 (former シティバンク銀行)');
add('ambiguous', '中國銀行', '東京', null, AMBIGUOUS, 'two branches named 東京 (001 and 718)');
add('ambiguous', 'みずほ', '長野', at('0001', '長野'), { default: 'auto_confirm', payment: 'auto_confirm' }, 'the kanji decides; 中野 reads ナカノ too but is written differently');
add('ambiguous', 'みずほ', 'なかの', at('0001', '中野'), { default: 'auto_confirm', payment: 'auto_confirm' }, 'なかの is 中野; 長野 is ながの');
add('ambiguous', '京都銀行', 'きんかくじ', at('0158', '金閣寺'), { default: 'auto_confirm', payment: 'auto_confirm' }, 'きんかくじ is 金閣寺; 銀閣寺 is ぎんかくじ');
add('ambiguous', '京都', '金閣寺', null, AMBIGUOUS, '京都銀行 and 京都信金 (京都 alone is both) — 京都信金 has no 金閣寺 but the bank is not clear');
add('ambiguous', 'しょうなんしんきん', '本店', at('1282', '本店営業部'), { default: 'auto_confirm', payment: 'needs_review' }, '湘南 (しょうなん), not 城南 (じょうなん)');
add('ambiguous', '三井住友', '', at('0009', '本店営業部'), REVIEW, 'no branch given');
add('ambiguous', 'みずほ', '八重洲', null, { default: 'needs_review', payment: 'needs_review' }, 'an abbreviation: 八重洲口 and others');

// nonexistent: nothing to offer.
for (const bank of ['ハワイ銀行', '冥王星信用金庫', 'さくらんぼ銀行', 'ジパング銀行', '大江戸信金', 'アトランティス銀行', 'ムーンバンク', '月面農協', 'ホゲホゲ', 'xyz bank', '竜宮城銀行', 'ナルニア信用組合']) {
  add('nonexistent_bank', bank, '本店', null, UNRESOLVED);
}
for (const [bank, branch] of [
  ['みずほ銀行', 'ハワイ'],
  ['三菱UFJ銀行', '火星支店'],
  ['三井住友銀行', 'アトランティス'],
  ['りそな銀行', 'ニューヨーク支店'],
  ['ゆうちょ銀行', '九九九'],
  ['ゆうちょ銀行', '123'],
  ['北海道銀行', '那覇'],
  ['琉球銀行', '稚内'],
  ['楽天銀行', 'ヘビメタ'],
  ['PayPay銀行', 'ドラゴン'],
  ['京都銀行', '竜宮城'],
  ['横浜銀行', 'ジパング'],
  ['静岡銀行', 'ムーンベース'],
] as const) {
  add('nonexistent_branch', bank, branch, null, UNRESOLVED);
}

const file: EvalFile = {
  description: 'Resolve evaluation set built by eval/build-cases.ts from the bundled zengin-code data; see docs/resolve.md#evaluation',
  dataset_version: directory.version,
  cases,
};
writeFileSync(new URL('./resolve.json', import.meta.url), JSON.stringify(file, null, 1) + '\n');
process.stdout.write(`${cases.length} cases: ${[...counters].map(([c, n]) => `${c} ${n}`).join(', ')}\n`);

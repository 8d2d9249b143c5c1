/**
 * Builds eval/romaji.json from the bundled dataset: romaji queries as a person writes them
 * (eval/romanize.ts: the spoken reading in Hepburn, long vowels plain, with macrons or as
 * kana, n' and m-before-b in turn), for freeword and for Resolve, plus hand-written cases for
 * the big banks and well-known branches. Expected codes come from the data (the record that
 * was romanized, or the official name of a hand-written case), never from the matcher.
 *
 * Sampled records have a reading no other record in their scope shares (among institutions,
 * or within the bank), so that "the one right answer" is true of the kana; romaji that meets
 * two kana (大山/小山 as `oyama`) still counts against the figures. Seeded: reproducible.
 * Run: npx tsx eval/build-romaji-cases.ts
 */
import { seeded } from './seeded-random.js';
import { writeFileSync } from 'node:fs';
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import type { Bank } from '../src/domain/types.js';
import type { RomajiEvalFile, RomajiFreewordCase, RomajiResolveCase } from './romaji-cases.js';
import { type RomanizeStyle, romanize } from './romanize.js';

const directory = loadBundledDirectory();

const { rnd, pick, shuffled } = seeded(20261124);

const STYLES: readonly RomanizeStyle[] = [
  { longVowels: 'plain', mBeforeLabial: false, apostrophe: false },
  { longVowels: 'macron', mBeforeLabial: true, apostrophe: true },
  { longVowels: 'kana', mBeforeLabial: false, apostrophe: true },
  { longVowels: 'plain', mBeforeLabial: true, apostrophe: false },
];
let styleTurn = 0;
const nextStyle = () => STYLES[styleTurn++ % STYLES.length]!;
const capitalized = (s: string) => s.replace(/(^|\s)(\S)/g, (_m, sp: string, c: string) => sp + c.toUpperCase());

/** The type word a person adds to the romanized stem, by the reading's ending. */
const TYPE_WORDS: readonly { readonly kana: string; readonly words: readonly string[]; readonly prefix?: string }[] = [
  { kana: 'シンヨウギヨギヨウキヨウドウクミアイレンゴウカイ', words: ['shingyoren'] },
  { kana: 'シンヨウノウギヨウキヨウドウクミアイレンゴウカイ', words: ['shinren'] },
  { kana: 'ノウギヨウキヨウドウクミアイ', words: ['nokyo'], prefix: 'JA' },
  { kana: 'ギヨギヨウキヨウドウクミアイ', words: ['gyokyo'], prefix: 'JF' },
  { kana: 'シンヨウキンコ', words: ['shinkin', 'shinkin bank', 'shinyo kinko'] },
  { kana: 'シンヨウクミアイ', words: ['shinkumi', 'shinyo kumiai'] },
  { kana: 'ロウドウキンコ', words: ['rokin', 'rodo kinko'] },
  { kana: 'ギンコウ', words: ['bank', 'ginko', ''] },
];

function bankRomaji(bank: Bank, style: RomanizeStyle): string {
  const type = TYPE_WORDS.find((t) => bank.fullWidthKana.endsWith(t.kana) && bank.fullWidthKana.length > t.kana.length);
  if (!type) return capitalized(romanize(bank.fullWidthKana, style));
  const stem = romanize(bank.fullWidthKana.slice(0, -type.kana.length), style);
  if (type.prefix && rnd() < 0.5) return `${type.prefix} ${capitalized(stem)}`;
  return capitalized(`${stem} ${pick(type.words)}`.trim());
}

const readingCount = new Map<string, number>();
for (const b of directory.banks) readingCount.set(b.fullWidthKana, (readingCount.get(b.fullWidthKana) ?? 0) + 1);
const uniqueBanks = directory.banks.filter((b) => readingCount.get(b.fullWidthKana) === 1 && /^[\u30a1-\u30fc\uff0d]+$/.test(b.fullWidthKana));

function uniqueBranches(bankCode: string) {
  const branches = directory.branches(bankCode);
  const count = new Map<string, number>();
  for (const br of branches) count.set(br.fullWidthKana, (count.get(br.fullWidthKana) ?? 0) + 1);
  // Numeric JP Bank names and readings with Latin letters are not romaji questions.
  return branches.filter((br) => count.get(br.fullWidthKana) === 1 && /^[\u30a1-\u30fc\uff0d]+$/.test(br.fullWidthKana) && !/[〇一二三四五六七八九]{3}/.test(br.name));
}

const freeword: RomajiFreewordCase[] = [];
const resolveCases: RomajiResolveCase[] = [];

// Banks: 90 institutions of every type.
for (const bank of shuffled(uniqueBanks).slice(0, 90)) {
  freeword.push({ query: bankRomaji(bank, nextStyle()), kind: 'bank', expected: bank.code, source: 'generated' });
}

// Branches: 100 branches of banks with many (where a branch search matters), one each.
const bigBanks = directory.banks.filter((b) => directory.branches(b.code).length >= 40);
for (const bank of shuffled(bigBanks).slice(0, 100)) {
  const candidates = uniqueBranches(bank.code);
  if (candidates.length === 0) continue;
  const branch = pick(candidates);
  const style = nextStyle();
  const branchQuery = capitalized(romanize(branch.fullWidthKana, style));
  freeword.push({ query: branchQuery, kind: 'branch', bankCode: bank.code, expected: branch.code, source: 'generated' });
  resolveCases.push({ id: `gen-${bank.code}-${branch.code}`, bank_name: bankRomaji(bank, style), branch_name: branchQuery, expected: { bank_code: bank.code, branch_code: branch.code }, source: 'generated' });
}

// Hand-written: how people write the big banks and well-known branches (expected by official name).
const HAND_BANKS: readonly (readonly [string, string])[] = [
  ['mizuho', 'みずほ銀行'], ['Mizuho Bank', 'みずほ銀行'], ['MUFG Bank', '三菱ＵＦＪ銀行'], ['Mitsubishi UFJ', '三菱ＵＦＪ銀行'],
  ['Sumitomo Mitsui Banking Corporation', '三井住友銀行'], ['mitsui sumitomo ginko', '三井住友銀行'], ['Resona Bank', 'りそな銀行'],
  ['Saitama Resona', '埼玉りそな銀行'], ['Japan Post Bank', 'ゆうちょ銀行'], ['yucho', 'ゆうちょ銀行'], ['yuucho ginkou', 'ゆうちょ銀行'],
  ['PayPay Bank', 'ＰａｙＰａｙ銀行'], ['Rakuten Bank', '楽天銀行'], ['Sony Bank', 'ソニー銀行'], ['Seven Bank', 'セブン銀行'],
  ['AEON Bank', 'イオン銀行'], ['SBI Shinsei', 'ＳＢＩ新生銀行'], ['Yokohama Bank', '横浜銀行'], ['yokohama ginko', '横浜銀行'],
  ['Chiba Bank', '千葉銀行'], ['Shizuoka Bank', '静岡銀行'], ['Fukuoka Bank', '福岡銀行'], ['Hokkaido Bank', '北海道銀行'],
  ['Kyoto Shinkin', '京都信用金庫'], ['Johnan Shinkin Bank', '城南信用金庫'], ['Jonan Shinkin', '城南信用金庫'], ['Chuo Rokin', '中央労働金庫'],
  ['Shoko Chukin', '商工組合中央金庫'], ['Norinchukin', '農林中央金庫'], ['Tokyo Star Bank', '東京スター銀行'], ['Kiraboshi', 'きらぼし銀行'],
  ['Gunma Bank', '群馬銀行'], ['Gumma Bank', '群馬銀行'], ['Hyakujushi', '百十四銀行'], ['Juroku', '十六銀行'], ['Hachijuni Nagano', '八十二長野銀行'],
];
const HAND_BRANCHES: readonly (readonly [string, string, string])[] = [
  ['mizuho', 'Tokyo Eigyobu', 'みずほ銀行/東京営業部'], ['Mizuho Bank', 'Shinjuku Branch', 'みずほ銀行/新宿'], ['mizuho', 'Shibuya', 'みずほ銀行/渋谷'],
  ['mizuho', 'Ginza', 'みずほ銀行/銀座'], ['mizuho', 'Marunouchi', 'みずほ銀行/丸之内'], ['mizuho', 'Kichijoji', 'みずほ銀行/吉祥寺'],
  ['MUFG', 'Tokyo Eigyobu', '三菱ＵＦＪ銀行/東京営業部'], ['Mitsubishi UFJ', 'Shinjuku Chuo', '三菱ＵＦＪ銀行/新宿中央'], ['Mitsubishi UFJ', 'Ikebukuro', '三菱ＵＦＪ銀行/池袋'],
  ['Sumitomo Mitsui', 'Umeda', '三井住友銀行/梅田'], ['SMBC', 'Shinjuku', '三井住友銀行/新宿'], ['Mitsui Sumitomo', 'Ōsaka Honten Eigyōbu', '三井住友銀行/大阪本店営業部'],
  ['Resona', 'Tokyo Eigyobu', 'りそな銀行/東京営業部'], ['Yokohama Bank', 'Yokohama Ekimae', '横浜銀行/横浜駅前'], ['Chiba Bank', 'Makuhari', '千葉銀行/幕張'],
  ['Shizuoka Bank', 'Hamamatsu Eigyobu', '静岡銀行/浜松営業部'], ['Fukuoka Bank', 'Tenjinchō', '福岡銀行/天神町'], ['Hokkaido Bank', 'Sapporo Ekimae', '北海道銀行/札幌駅前'],
  ['Kyoto Shinkin', 'Honten', '京都信用金庫/本店'], ['Mizuho', 'Shimbashi', 'みずほ銀行/新橋'], ['Mizuho', 'Nihombashi', 'みずほ銀行/日本橋'],
  ['Mizuho', 'Shin-Yokohama', 'みずほ銀行/新横浜'], ['Mizuho', 'Ōtemachi', 'みずほ銀行/大手町営業部'], ['Mizuho', 'ohyama', 'みずほ銀行/大山'],
  ['Japan Post Bank', 'Zero Ichi Hachi', 'ゆうちょ銀行/〇一八'],
];

const bankByName = new Map(directory.banks.map((b) => [b.name, b]));
const missing: string[] = [];
for (const [query, name] of HAND_BANKS) {
  const bank = bankByName.get(name);
  if (!bank) missing.push(name);
  else freeword.push({ query, kind: 'bank', expected: bank.code, source: 'hand' });
}
for (const [bankQuery, branchQuery, names] of HAND_BRANCHES) {
  const [bankName, branchName] = names.split('/') as [string, string];
  const bank = bankByName.get(bankName);
  const branch = bank && directory.branches(bank.code).find((b) => b.name === branchName);
  if (!bank || !branch) {
    missing.push(names);
    continue;
  }
  freeword.push({ query: branchQuery, kind: 'branch', bankCode: bank.code, expected: branch.code, source: 'hand' });
  resolveCases.push({ id: `hand-${bank.code}-${branch.code}`, bank_name: bankQuery, branch_name: branchQuery, expected: { bank_code: bank.code, branch_code: branch.code }, source: 'hand' });
}
if (missing.length > 0) throw new Error(`hand-written cases name records the data does not have: ${missing.join(', ')}`);

const file: RomajiEvalFile = {
  description: 'Romaji queries as people write them (eval/romanize.ts) with the record a person means: freeword (banks, branches of one bank) and Resolve; built by eval/build-romaji-cases.ts',
  dataset_version: directory.version,
  freeword,
  resolve: resolveCases,
};
writeFileSync(new URL('./romaji.json', import.meta.url), JSON.stringify(file, null, 1) + '\n');
process.stdout.write(`eval/romaji.json: ${freeword.length} freeword cases, ${resolveCases.length} Resolve cases\n`);

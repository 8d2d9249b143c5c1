/**
 * Branch names as people write them: with or without 支店/出張所/営業部 and the like, in
 * kanji or as a reading, generic main-office names (本店, 本店営業部), and Japan Post Bank's
 * numeric names (〇一八 ↔ 018 ↔ ゼロイチハチ).
 */
import { OFFICE_WORDS, type OfficeWord } from '../domain/office-words.js';
import type { Branch } from '../domain/types.js';
import { type Key, keyOf, withoutSuffix } from './keys.js';

interface SuffixKey extends OfficeWord {
  readonly key: Key;
}

const SUFFIX_KEYS: readonly SuffixKey[] = OFFICE_WORDS.map((s) => ({ ...s, key: keyOf(s.text) })).sort((a, b) => b.key.folded.length - a.key.folded.length);

/** Official names carry these endings; the reading usually does not (東京営業部 トウキヨウ). */
const OFFICIAL_SUFFIX_KEYS = SUFFIX_KEYS.filter((s) => !s.reading && s.text !== '店');

export interface TrimmedName {
  readonly key: Key;
  readonly suffix: SuffixKey;
}

/**
 * The input without each suffix it ends with (longest first): 東京支店 → 東京 (支店).
 */
export function trimmedInputs(input: Key): TrimmedName[] {
  const out: TrimmedName[] = [];
  for (const suffix of SUFFIX_KEYS) {
    // 東京支店 is 東京 + 支店, not 東京支 + 店.
    if (endsWithTrimmedSuffix(out, suffix)) continue;
    const key = withoutSuffix(input, suffix.key);
    if (key && !hasTrimmedKey(out, key)) out.push({ key, suffix });
  }
  return out;
}

function endsWithTrimmedSuffix(trimmed: readonly TrimmedName[], suffix: SuffixKey): boolean {
  for (const t of trimmed) if (t.suffix.key.folded.endsWith(suffix.key.folded)) return true;
  return false;
}

function hasTrimmedKey(trimmed: readonly TrimmedName[], key: Key): boolean {
  for (const t of trimmed) if (t.key.folded === key.folded) return true;
  return false;
}

/** Whether the input is an office word and nothing else (支店, してん): what is left of 123支店 once its code is read. */
export function isOfficeWordOnly(input: Key): boolean {
  for (const suffix of SUFFIX_KEYS) if (suffix.key.folded === input.folded) return true;
  return false;
}

/** An official name without its office ending: 東京営業部 → 東京 (営業部). */
export function officialBase(name: Key): TrimmedName | undefined {
  for (const suffix of OFFICIAL_SUFFIX_KEYS) {
    const key = withoutSuffix(name, suffix.key);
    if (key) return { key, suffix };
  }
  return undefined;
}

/** Inputs that name "the main office" rather than a place. */
const GENERIC_INPUTS = new Set(
  ['本店', '本店営業部', '営業部本店', '営業部', '本部', '本所', '本店営業所', '本所営業部', '本社', 'ほんてん', 'ほんてんえいぎょうぶ', 'えいぎょうぶ', 'ほんぶ', 'ほんしょ', 'ほんしゃ'].map((t) => keyOf(t).strict),
);

export function isGenericInput(input: Key): boolean {
  return GENERIC_INPUTS.has(input.strict);
}

/**
 * Whether a branch is its institution's main office. 本所 read ホンジヨ (Sumida, Tokyo) and 本部
 * read モトブ (Okinawa) are places, not main offices.
 */
export function isMainOffice(branch: Branch): boolean {
  switch (branch.name) {
    case '本店':
    case '本店営業部':
    case '営業部本店': // 城南信用金庫
    case '営業部':
    case '本店営業所':
    case '本所営業部':
      return true;
    case '本所':
      return branch.fullWidthKana === 'ホンシヨ';
    case '本部':
      return branch.fullWidthKana === 'ホンブ';
    default:
      return false;
  }
}

const KANJI_DIGITS: Readonly<Record<string, string>> = { 〇: '0', 零: '0', 一: '1', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8', 九: '9' };
/** Readings of digits after the fold (voicing removed, so ゼロ is セロ and ゴ is コ). */
const READING_DIGITS: readonly (readonly [string, string])[] = [
  ['セロ', '0'], ['レイ', '0'], ['マル', '0'], ['イチ', '1'], ['ニ', '2'], ['サン', '3'], ['ヨン', '4'], ['シチ', '7'], ['シ', '4'],
  ['コ', '5'], ['ロク', '6'], ['ナナ', '7'], ['ハチ', '8'], ['キユウ', '9'], ['ク', '9'],
];

/** The first reading of READING_DIGITS at `at` (a loop: this runs for every branch input and its trimmed forms). */
function readingDigitAt(text: string, at: number): readonly [string, string] | undefined {
  for (const entry of READING_DIGITS) if (text.startsWith(entry[0], at)) return entry;
  return undefined;
}

/**
 * The digits a numeric branch name stands for: 〇一八, 018, ０１８ and ゼロイチハチ all give
 * "018". Undefined for anything else. Works on folded keys.
 */
export function numeralDigits(folded: string): string | undefined {
  if (/^[0-9]+$/.test(folded)) return folded;
  let out = '';
  let allKanji = true;
  for (const ch of folded) {
    const d = KANJI_DIGITS[ch];
    if (d === undefined) {
      allKanji = false;
      break;
    }
    out += d;
  }
  if (allKanji && out.length > 0) return out;
  out = '';
  for (let at = 0; at < folded.length; ) {
    const hit = readingDigitAt(folded, at);
    if (!hit) return undefined;
    out += hit[1];
    at += hit[0].length;
  }
  return out.length > 0 ? out : undefined;
}

/** Names made only of kanji digits (Japan Post Bank: 〇一八). */
export function isNumeralName(name: string): boolean {
  return /^[〇一二三四五六七八九]+$/u.test(name);
}

/**
 * The one normalization behind freeword search and Resolve
 * (docs/freeword.md#what-counts-as-the-same): two texts that a person would read the same fold
 * to the same key. Used for the index and the query alike, so a rule added here applies to both
 * sides at once.
 *
 * Rules, in the order they must run:
 * 1. NFKC: half-width katakana and full-width ASCII to their canonical forms, marks composed;
 *    then old and variant kanji to the master's form (澤 → 沢, 髙 → 高: foldVariantKanji of
 *    src/domain/kanji-variants.ts, from the published 旧字体 tables).
 * 2. ASCII to lower case; hiragana to katakana (script folding: hiraganaToKatakana of
 *    src/domain/kana.ts, the iteration marks ゝ ゞ to ヽ ヾ included).
 * 3. ヴァ…ヴォ/ヴ (and ヷ ヸ ヹ ヺ) read as バ…ボ/ブ, ヂ as ジ, ヅ as ズ, ヰ ヱ ヲ as イ エ オ; these must run before
 *    the voiced marks go, or ヂ and ジ would fold to different bases.
 * 4. Voiced and semi-voiced marks removed (ガ → カ, パ → ハ), so their presence does not matter.
 * 5. Small kana to large (ッ → ツ, ャ → ヤ, ヶ → ケ).
 * 6. Long-vowel marks (ー, －, -, ｰ and look-alike dashes), spaces, ・ and the punctuation that
 *    the master writes inconsistently (．in foreign names' kana, 、 in シティバンク、エヌ・エイ, commas)
 *    removed.
 *
 * `foldKeepingVoicing` is the same fold without rule 4: Resolve uses it to prefer the reading a
 * person actually typed when two names differ only by voicing (金閣寺/銀閣寺, 湘南/城南).
 */

import { hiraganaToKatakana } from './kana.js';
import { foldVariantKanji, isVariantKanjiUnit } from './kanji-variants.js';

const SMALL_TO_LARGE: Readonly<Record<string, string>> = Object.freeze({
  ァ: 'ア', ィ: 'イ', ゥ: 'ウ', ェ: 'エ', ォ: 'オ', ッ: 'ツ', ャ: 'ヤ', ュ: 'ユ', ョ: 'ヨ',
  ヮ: 'ワ', ヵ: 'カ', ヶ: 'ケ', ㇰ: 'ク', ㇱ: 'シ', ㇲ: 'ス', ㇳ: 'ト', ㇴ: 'ヌ', ㇵ: 'ハ',
  ㇶ: 'ヒ', ㇷ: 'フ', ㇸ: 'ヘ', ㇹ: 'ホ', ㇺ: 'ム', ㇻ: 'ラ', ㇼ: 'リ', ㇽ: 'ル', ㇾ: 'レ', ㇿ: 'ロ',
});

const SAME_SOUND: Readonly<Record<string, string>> = Object.freeze({
  ヴァ: 'バ', ヴィ: 'ビ', ヴェ: 'ベ', ヴォ: 'ボ', ヴ: 'ブ', ヷ: 'バ', ヸ: 'ビ', ヹ: 'ベ', ヺ: 'ボ',
  ヂ: 'ジ', ヅ: 'ズ', ヰ: 'イ', ヱ: 'エ', ヲ: 'オ',
});
const SAME_SOUND_PATTERN = /ヴ[ァィェォ]?|[ヷヸヹヺヂヅヰヱヲ]/g;
const sameSound = (m: string): string => SAME_SOUND[m]!;

/** Voiced/semi-voiced combining marks and their spacing forms. */
const VOICING_MARKS = /[\u3099\u309a\u309b\u309c]/g;
/** Long-vowel marks and the dashes people type for them; whitespace; the middle dot; . , 、 。 */
const IGNORED = /[\u30fc\u002d\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uff70\s\u30fb\u00b7.,\u3001\u3002]/gu;

const COMBINING_MARK = /\p{M}/u;

/** Code units that are never a combining mark: below U+0300, kana but for the two voicing marks, CJK ideographs. */
const isPlainUnit = (c: number) => c < 0x300 || (c >= 0x3040 && c <= 0x30ff && c !== 0x3099 && c !== 0x309a) || (c >= 0x4e00 && c <= 0x9fff);

/** COMBINING_MARK.test, with the test of the Unicode property left for texts that are not all plain names. */
function hasCombiningMark(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isPlainUnit(text.charCodeAt(i))) return COMBINING_MARK.test(text);
  return false;
}

/*
 * Each step below (and hiraganaToKatakana) looks for the first character it changes before it
 * builds a new string: a name is folded twice per key, and most names have nothing to shift,
 * enlarge or unvoice.
 */

/** SMALL_TO_LARGE by code unit (every small kana is one). */
const LARGE_OF = new Map<number, string>(Object.entries(SMALL_TO_LARGE).map(([small, large]) => [small.charCodeAt(0), large]));

/** Small kana written large (ッ → ツ, ャ → ヤ, ヶ → ケ): step 5 of the fold, also the 全銀 kana rule (src/payee/zengin-kana.ts). */
export function smallToLarge(text: string): string {
  let i = 0;
  while (i < text.length && !LARGE_OF.has(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  for (; i < text.length; i++) out += LARGE_OF.get(text.charCodeAt(i)) ?? text[i]!;
  return out;
}

/**
 * The code units whose canonical decomposition holds a voicing mark (ガ = カ + ゛), and the marks
 * themselves: all in the kana blocks (test/fold.test.ts checks every code point).
 */
const VOICED = new Set<number>();
for (let c = 0x3040; c <= 0x30ff; c++) if (/[\u3099-\u309c]/.test(String.fromCharCode(c).normalize('NFD'))) VOICED.add(c);

function hasVoicing(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (VOICED.has(text.charCodeAt(i))) return true;
  return false;
}

/** Voicing removed: decomposed, marks dropped, composed again; only composed where there is no mark to drop. */
function withoutVoicing(text: string): string {
  return hasVoicing(text) ? text.normalize('NFD').replace(VOICING_MARKS, '').normalize('NFC') : text.normalize('NFC');
}

function foldOnce(text: string, keepVoicing: boolean): string {
  let out = hiraganaToKatakana(foldVariantKanji(text.normalize('NFKC')).toLowerCase());
  out = out.replace(SAME_SOUND_PATTERN, sameSound);
  if (!keepVoicing) out = withoutVoicing(out);
  return smallToLarge(out).replace(IGNORED, '');
}

/**
 * Texts the fold leaves as they are: digits, lower-case ASCII letters, CJK ideographs other than
 * the variants foldVariantKanji rewrites, and the large unvoiced katakana no rule rewrites (ア,
 * カ, ン; not ガ, ッ, ヲ or ー). No step changes such
 * a character alone (test/fold.test.ts checks each), nor beside another: composition needs a
 * following mark, the one rule of two characters (ヴァ…) starts with ヴ, and lower-casing these
 * ignores context. Most names (新宿支店, トウキヨウ) are such texts, and so their own keys.
 */
const PLAIN_KATAKANA = new Set<number>();
for (let c = 0x30a1; c <= 0x30fa; c++) {
  const ch = String.fromCharCode(c);
  if (foldOnce(ch, false) === ch && foldOnce(ch, true) === ch) PLAIN_KATAKANA.add(c);
}

const isFoldedUnit = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x4e00 && c <= 0x9fff && !isVariantKanjiUnit(c)) || PLAIN_KATAKANA.has(c);

function isFoldedAlready(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isFoldedUnit(text.charCodeAt(i))) return false;
  return true;
}

/**
 * The search key of a text: equal keys mean "reads the same" for freeword search and Resolve.
 * Removing a character can bring a base and a combining mark together, which the next pass
 * composes; repeating to a fixed point makes the fold idempotent on any input.
 */
export function foldForSearch(text: string): string {
  return foldToFixedPoint(text, false);
}

/** The fold without voicing removal: ガ and カ stay apart, everything else as foldForSearch. */
export function foldKeepingVoicing(text: string): string {
  return foldToFixedPoint(text, true);
}

function foldToFixedPoint(text: string, keepVoicing: boolean): string {
  if (isFoldedAlready(text)) return text;
  let out = foldOnce(text, keepVoicing);
  if (!hasCombiningMark(out)) return out;
  for (let pass = 0; pass < 3; pass++) {
    const again = foldOnce(out, keepVoicing);
    if (again === out) break;
    out = again;
  }
  return out;
}

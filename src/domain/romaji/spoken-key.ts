/**
 * Romaji as people type it, compared with the Zengin kana readings by the way both are SPOKEN.
 *
 * The master writes readings in large kana (トウキヨウ is read tōkyō, シユツチヨウジヨ shutchōjo)
 * and people write Hepburn with its variants (tokyo, toukyou, tōkyō, tokyoh; shi/si, chi/ti,
 * tsu/tu, fu/hu, ji/zi/di, sha/sya, cho/tyo, n'/nn, Shimbashi/Shinbashi). Neither side can be
 * turned into the other exactly, so both are folded to one key in Latin letters:
 *
 *   kana ──foldKeepingVoicing──► large kana ──KANA_LATIN──► Latin ─┐
 *                                                                  ├─► spelling ─► exact ─► loose
 *   typed Latin ──lower case, macrons as doubled vowels─────────────┘
 *
 * - spelling: one spelling per sound (shi → si, chi → ti, tsu → tu, fu → hu, ji/di → zi,
 *   sha/sya → sya, cho/cyo → tyo, wo → o, v → b), a doubled consonant or `tch` as ツ (`tu`),
 *   m before b/m/p as n, `oh` before a consonant or the end of a word as a long o;
 * - the Zengin ambiguity: large キヨ is きよ or きょ, so a consonant + `iy` is folded to `y`
 *   on both sides (kiyomizu and kyomizu, shiyo and sho, meet); `nn` is `n` (shin'yo, shinnyo,
 *   shinyo meet);
 * - exact: long vowels kept, written doubled (`ou` → `oo`): tōkyō = toukyou = トウキヨウ;
 * - loose: long vowels folded (`oo`, `uu`, … → one vowel): tokyo = tokyoh = トウキヨウ.
 *
 * Voicing is kept (ginza is not kinsa): romaji writes it, unlike a kana fold that ignores it.
 */
import { foldKeepingVoicing } from '../fold.js';

export interface SpokenKey {
  /** Long vowels kept: decides which of several readings a query names exactly (ono: 小野 before 大野). */
  readonly exact: string;
  /** Long vowels folded: what a query must contain to match. */
  readonly loose: string;
}

const ROWS: readonly (readonly [string, string])[] = [
  ['アイウエオ', ''], ['カキクケコ', 'k'], ['ガギグゲゴ', 'g'], ['サシスセソ', 's'], ['ザジズゼゾ', 'z'],
  ['タチツテト', 't'], ['ダヂヅデド', 'd'], ['ナニヌネノ', 'n'], ['ハヒフヘホ', 'h'], ['バビブベボ', 'b'],
  ['パピプペポ', 'p'], ['マミムメモ', 'm'], ['ラリルレロ', 'r'],
];

/** Large katakana to Latin in the one spelling the key uses (シ si, チ ti, ツ tu, フ hu, ジ/ヂ zi). */
const KANA_LATIN: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [kana, consonant] of ROWS) [...kana].forEach((k, i) => map.set(k, consonant + 'aiueo'[i]!));
  const irregular: Record<string, string> = { ヂ: 'zi', ヅ: 'zu', ヤ: 'ya', ユ: 'yu', ヨ: 'yo', ワ: 'wa', ヰ: 'i', ヱ: 'e', ヲ: 'o', ン: 'n', ヴ: 'bu' };
  for (const [k, v] of Object.entries(irregular)) map.set(k, v);
  return map;
})();

const ACCENTED_VOWEL = /([aiueo])[\u0302\u0304]/g; // ō ô → oo
const NOT_KEY = /[^a-z0-9]/g;
const LONG_OH = /oh(?![aiueo])/g;

/** Spelling rules, in order: each assumes the ones before it ran. */
const SPELLING: readonly (readonly [RegExp, string])[] = [
  [/m(?=[bmp])/g, 'n'], // Shimbashi, Gumma
  [/t(?=ch)/g, 'c'], // Hatchobori: the sokuon before ch
  [/([bcdfghjkpqrstvwxz])\1/g, 'tu$1'], // a doubled consonant is ッ, which the master writes ツ
  [/shi/g, 'si'],
  [/sh/g, 'sy'],
  [/chi/g, 'ti'],
  [/ch/g, 'ty'],
  [/cy/g, 'ty'],
  [/c(?=[aueo])/g, 'k'], // docomo
  [/tsu/g, 'tu'],
  [/ji/g, 'zi'],
  [/jy?/g, 'zy'],
  [/di/g, 'zi'],
  [/du/g, 'zu'],
  [/dy/g, 'zy'],
  [/fu/g, 'hu'],
  [/f(?=[aieo])/g, 'hu'], // ファ is フア in the master
  [/wo/g, 'o'],
  [/v(?=[aiueo])/g, 'b'],
  [/([bdghkmnprstz])iy/g, '$1y'], // large キヨ is きよ or きょ: both read as kyo
  [/n+/g, 'n'], // shin'yo, shinnyo, shinyo; onna
];

function spelled(latin: string): string {
  let out = latin;
  for (const [pattern, replacement] of SPELLING) out = out.replace(pattern, replacement);
  // A long o written ou is oo: トウ and とお, toukyou and tookyoo, meet.
  return out.replace(/o(u+)/g, (m) => 'o'.repeat(m.length));
}

function keyOfSpelled(exact: string): SpokenKey {
  return { exact, loose: exact.replace(/([aiueo])\1+/g, '$1') };
}

/** The key of romaji as typed: any case, spaces, hyphens, apostrophes, macrons or circumflexes. */
export function spokenKeyOfLatin(text: string): SpokenKey {
  // Ohno, Ohya, Tokyoh: an h after o that no vowel follows (in its word) marks a long o.
  const latin = text.normalize('NFKD').toLowerCase().replace(ACCENTED_VOWEL, '$1$1').replace(LONG_OH, 'oo').replace(NOT_KEY, '');
  return keyOfSpelled(spelled(latin));
}

/**
 * A kana reading (any script, width or size; Latin letters and digits kept) in the key's Latin
 * spelling, or undefined when the text holds anything else (kanji).
 */
export function kanaToLatin(text: string): string | undefined {
  let latin = '';
  for (const ch of foldKeepingVoicing(text)) {
    const syllable = KANA_LATIN.get(ch);
    if (syllable !== undefined) latin += syllable;
    else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) latin += ch;
    else return undefined;
  }
  return latin;
}

/** The key of a kana reading, or undefined when it is not all kana, Latin letters and digits. */
export function spokenKeyOfKana(text: string): SpokenKey | undefined {
  const latin = kanaToLatin(text);
  return latin === undefined ? undefined : keyOfSpelled(spelled(latin));
}

/** Kana (full and half width) and kanji: none decomposes to anything romaji allows. */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff\uff61-\uff9f]/;

/** Romaji text: Latin letters (with macrons), digits, spaces, hyphens, apostrophes and dots only, and a letter. */
export function isLatinText(text: string): boolean {
  // Most names are Japanese: rejected without decomposing them.
  if (JAPANESE.test(text)) return false;
  const plain = text.normalize('NFKD').replace(/[\u0302\u0304]/g, '');
  return /^[A-Za-z0-9\s'’.\-&,]+$/.test(plain) && /[A-Za-z]/.test(plain);
}

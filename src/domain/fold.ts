/**
 * The one normalization behind freeword search and Resolve (SPEC.md §4.7): two texts that a
 * person would read the same fold to the same key. Used for the index and the query alike, so
 * a rule added here applies to both sides at once.
 *
 * Rules, in the order they must run:
 * 1. NFKC: half-width katakana and full-width ASCII to their canonical forms, marks composed.
 * 2. ASCII to lower case; hiragana to katakana (script folding).
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

/** Voiced/semi-voiced combining marks and their spacing forms. */
const VOICING_MARKS = /[\u3099\u309a\u309b\u309c]/g;
/** Long-vowel marks and the dashes people type for them; whitespace; the middle dot; . , 、 。 */
const IGNORED = /[\u30fc\u002d\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uff70\s\u30fb\u00b7.,\u3001\u3002]/gu;

const COMBINING_MARK = /\p{M}/u;

function hiraganaToKatakana(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // ぁ..ゖ and ゝゞ shift by 0x60 to ァ..ヶ and ヽヾ.
    out += (cp >= 0x3041 && cp <= 0x3096) || cp === 0x309d || cp === 0x309e ? String.fromCharCode(cp + 0x60) : ch;
  }
  return out;
}

function foldOnce(text: string, keepVoicing: boolean): string {
  let out = hiraganaToKatakana(text.normalize('NFKC').toLowerCase());
  out = out.replace(SAME_SOUND_PATTERN, (m) => SAME_SOUND[m]!);
  if (!keepVoicing) out = out.normalize('NFD').replace(VOICING_MARKS, '').normalize('NFC');
  let large = '';
  for (const ch of out) large += SMALL_TO_LARGE[ch] ?? ch;
  return large.replace(IGNORED, '');
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
  let out = foldOnce(text, keepVoicing);
  if (!COMBINING_MARK.test(out)) return out;
  for (let pass = 0; pass < 3; pass++) {
    const again = foldOnce(out, keepVoicing);
    if (again === out) break;
    out = again;
  }
  return out;
}

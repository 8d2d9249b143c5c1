/**
 * Script and width conversions between the Zengin full-width katakana and the three reading
 * forms of the public resources (docs/search-api.md#resources). NFKC only widens, so narrowing
 * to half-width katakana is done here with a table over NFD-decomposed text.
 */

const FULL_TO_HALF_KATAKANA: Readonly<Record<string, string>> = Object.freeze({
  ア: 'ｱ', イ: 'ｲ', ウ: 'ｳ', エ: 'ｴ', オ: 'ｵ', カ: 'ｶ', キ: 'ｷ', ク: 'ｸ', ケ: 'ｹ', コ: 'ｺ',
  サ: 'ｻ', シ: 'ｼ', ス: 'ｽ', セ: 'ｾ', ソ: 'ｿ', タ: 'ﾀ', チ: 'ﾁ', ツ: 'ﾂ', テ: 'ﾃ', ト: 'ﾄ',
  ナ: 'ﾅ', ニ: 'ﾆ', ヌ: 'ﾇ', ネ: 'ﾈ', ノ: 'ﾉ', ハ: 'ﾊ', ヒ: 'ﾋ', フ: 'ﾌ', ヘ: 'ﾍ', ホ: 'ﾎ',
  マ: 'ﾏ', ミ: 'ﾐ', ム: 'ﾑ', メ: 'ﾒ', モ: 'ﾓ', ヤ: 'ﾔ', ユ: 'ﾕ', ヨ: 'ﾖ',
  ラ: 'ﾗ', リ: 'ﾘ', ル: 'ﾙ', レ: 'ﾚ', ロ: 'ﾛ', ワ: 'ﾜ', ヲ: 'ｦ', ン: 'ﾝ',
  ァ: 'ｧ', ィ: 'ｨ', ゥ: 'ｩ', ェ: 'ｪ', ォ: 'ｫ', ッ: 'ｯ', ャ: 'ｬ', ュ: 'ｭ', ョ: 'ｮ',
  ヮ: 'ﾜ', ヵ: 'ｶ', ヶ: 'ｹ', ヰ: 'ｲ', ヱ: 'ｴ',
  ー: 'ｰ', '・': '･', '「': '｢', '」': '｣', '、': '､', '。': '｡',
  '\u3099': 'ﾞ', '\u309A': 'ﾟ', '\u309B': 'ﾞ', '\u309C': 'ﾟ',
});

const FULLWIDTH_ASCII_FIRST = 0xff01;
const FULLWIDTH_ASCII_LAST = 0xff5e;
const FULLWIDTH_OFFSET = 0xfee0;
const IDEOGRAPHIC_SPACE = '\u3000';

/** Full-width ASCII forms (Ａ, －, ．) and U+3000 to their ASCII counterparts. */
export function narrowAscii(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= FULLWIDTH_ASCII_FIRST && cp <= FULLWIDTH_ASCII_LAST) out += String.fromCharCode(cp - FULLWIDTH_OFFSET);
    else if (ch === IDEOGRAPHIC_SPACE) out += ' ';
    else out += ch;
  }
  return out;
}

/** Printable ASCII to full-width forms; the space becomes U+3000. */
export function widenAscii(text: string): string {
  // Most readings hold no ASCII: they are returned as they are, without a copy (a Directory
  // widens every reading at start).
  if (!HAS_ASCII.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) out += String.fromCharCode(c + FULLWIDTH_OFFSET);
    else if (c === 0x20) out += IDEOGRAPHIC_SPACE;
    else out += text[i];
  }
  return out;
}

const HAS_ASCII = /[\x20-\x7e]/;

/** toHalfWidthKana by its definition: ASCII narrowed, then NFD, then the table. */
function halfWidthBySteps(text: string): string {
  let out = '';
  // NFD splits voiced kana into base + combining mark, so the table needs no voiced entries.
  for (const ch of narrowAscii(text).normalize('NFD')) out += FULL_TO_HALF_KATAKANA[ch] ?? ch;
  return out;
}

/**
 * halfWidthBySteps of each character of the readings' alphabet (ASCII, U+3000–U+30FF: kana and
 * Japanese punctuation, full-width ASCII), made from it once. These are all starters (combining
 * class 0; the combining marks of the block are left out): NFD splits each into a base and at
 * most one mark, and a mark followed by a starter is never reordered, so a text of them converts
 * character by character, without the normalization and the object lookups that made this
 * conversion most of building a Directory (about 60 ms a snapshot).
 */
const HALF_OF_CHARACTER: ReadonlyMap<number, string> = (() => {
  const table = new Map<number, string>();
  const add = (first: number, last: number) => {
    for (let c = first; c <= last; c++) table.set(c, halfWidthBySteps(String.fromCharCode(c)));
  };
  add(0x20, 0x7e);
  add(0x3000, 0x30ff);
  add(FULLWIDTH_ASCII_FIRST, FULLWIDTH_ASCII_LAST);
  // The block's combining marks (tone marks, the combining voicing marks): NFD reorders them.
  for (const mark of [0x302a, 0x302b, 0x302c, 0x302d, 0x302e, 0x302f, 0x3099, 0x309a]) table.delete(mark);
  return table;
})();

/** Full-width katakana (with full-width ASCII) to half-width katakana and ASCII: ド → ﾄﾞ. */
export function toHalfWidthKana(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const half = HALF_OF_CHARACTER.get(text.charCodeAt(i));
    // Any other character (kanji, a combining mark, a surrogate) takes the steps of the definition.
    if (half === undefined) return halfWidthBySteps(text);
    out += half;
  }
  return out;
}

/** Katakana to hiragana by code point shift; ヴ → ゔ, ヵ → ゕ, ヶ → ゖ follow the same shift. */
export function katakanaToHiragana(text: string): string {
  let out = '';
  // By UTF-16 code unit: the shifted range is in the BMP, and a surrogate pair is copied as its two halves.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += c >= 0x30a1 && c <= 0x30f6 ? String.fromCharCode(c - 0x60) : text[i];
  }
  return out;
}

/**
 * The hiragana that have a katakana 0x60 above them: ぁ..ゖ (U+3041–U+3096) and the iteration
 * marks ゝ ゞ (U+309D, U+309E), whose katakana are ヽ ヾ (U+30FD, U+30FE).
 */
const isShiftedHiragana = (c: number) => (c >= 0x3041 && c <= 0x3096) || c === 0x309d || c === 0x309e;

/**
 * Hiragana to katakana by the same shift: ぁ..ゖ → ァ..ヶ, ゝ ゞ → ヽ ヾ (いすゞ → イスヾ); anything
 * else as it is. The one conversion, also step 2 of the search fold (src/domain/fold.ts). The
 * readings hold neither ゝ ゞ nor ヽ ヾ (the character rules below), so on a reading this is
 * the inverse of katakanaToHiragana. A text with nothing to shift (most names) is returned as is.
 */
export function hiraganaToKatakana(text: string): string {
  let i = 0;
  while (i < text.length && !isShiftedHiragana(text.charCodeAt(i))) i++;
  if (i === text.length) return text;
  let out = text.slice(0, i);
  // Every shifted character is one code unit, and no surrogate is one of them.
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += isShiftedHiragana(c) ? String.fromCharCode(c + 0x60) : text[i]!;
  }
  return out;
}

/** The character rules of docs/search-api.md#resources, one per reading form. */
export const HALF_WIDTH_KANA_TEXT = /^[\u0020-\u007e\uff61-\uff9f]*$/u;
export const FULL_WIDTH_KANA_TEXT = /^[\u30a1-\u30fc\uff01-\uff5e\u3000]*$/u;
export const HIRAGANA_TEXT = /^[\u3041-\u3096\uff01-\uff5e\u3000]*$/u;

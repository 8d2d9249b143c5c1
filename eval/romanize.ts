/**
 * A person's romanization of a Zengin reading, for the romaji evaluation: what someone who
 * says the name writes in Hepburn, not the master's letter-by-letter `roma` (`toukiyou`).
 * Large kana are read as spoken: キヨ after an i-column kana as kyo, ツ before k/s/t/p/c as a
 * doubled consonant (ホツカイドウ → hokkaido), long vowels in the chosen style.
 *
 * Independent of src/domain/romaji on purpose: the evaluation must not reuse the code it
 * measures.
 */

/** How long vowels (オウ, オオ, ウウ, and the long mark) are written. */
export type LongVowelStyle = 'plain' | 'macron' | 'kana';

export interface RomanizeStyle {
  readonly longVowels: LongVowelStyle;
  /** ン before b, m, p as m (Shimbashi) rather than n (Shinbashi). */
  readonly mBeforeLabial: boolean;
  /** ン before a vowel or y as n' (Shin'yokohama). */
  readonly apostrophe: boolean;
}

const BASE: Readonly<Record<string, string>> = {
  ア: 'a', イ: 'i', ウ: 'u', エ: 'e', オ: 'o', カ: 'ka', キ: 'ki', ク: 'ku', ケ: 'ke', コ: 'ko',
  サ: 'sa', シ: 'shi', ス: 'su', セ: 'se', ソ: 'so', タ: 'ta', チ: 'chi', ツ: 'tsu', テ: 'te', ト: 'to',
  ナ: 'na', ニ: 'ni', ヌ: 'nu', ネ: 'ne', ノ: 'no', ハ: 'ha', ヒ: 'hi', フ: 'fu', ヘ: 'he', ホ: 'ho',
  マ: 'ma', ミ: 'mi', ム: 'mu', メ: 'me', モ: 'mo', ヤ: 'ya', ユ: 'yu', ヨ: 'yo',
  ラ: 'ra', リ: 'ri', ル: 'ru', レ: 're', ロ: 'ro', ワ: 'wa', ヲ: 'o', ン: 'n',
  ガ: 'ga', ギ: 'gi', グ: 'gu', ゲ: 'ge', ゴ: 'go', ザ: 'za', ジ: 'ji', ズ: 'zu', ゼ: 'ze', ゾ: 'zo',
  ダ: 'da', ヂ: 'ji', ヅ: 'zu', デ: 'de', ド: 'do', バ: 'ba', ビ: 'bi', ブ: 'bu', ベ: 'be', ボ: 'bo',
  パ: 'pa', ピ: 'pi', プ: 'pu', ペ: 'pe', ポ: 'po', ヴ: 'vu',
};

/** i-column kana that combine with a following ヤ ユ ヨ: the consonant part. */
const YOON: Readonly<Record<string, string>> = {
  キ: 'ky', シ: 'sh', チ: 'ch', ニ: 'ny', ヒ: 'hy', ミ: 'my', リ: 'ry', ギ: 'gy', ジ: 'j', ヂ: 'j', ビ: 'by', ピ: 'py',
};

const MACRON: Readonly<Record<string, string>> = { a: 'ā', i: 'ī', u: 'ū', e: 'ē', o: 'ō' };

/** Syllables of a reading in Hepburn; the long mark as '-'. Other characters (Latin letters) kept in lower case. */
function syllables(kana: string): string[] {
  const chars = [...kana.normalize('NFKC')];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1];
    if (YOON[ch] && (next === 'ヤ' || next === 'ユ' || next === 'ヨ')) {
      out.push(YOON[ch] + BASE[next]!.slice(1));
      i++;
    } else if (ch === '－' || ch === 'ー' || ch === '-') out.push('-');
    else if (BASE[ch] !== undefined) out.push(BASE[ch]);
    else if (/[A-Za-z0-9]/.test(ch)) out.push(ch.toLowerCase());
    // Spaces, dots and 、 are dropped.
  }
  return out;
}

const vowelOf = (s: string | undefined) => (s ? s.at(-1)! : '');

export function romanize(kana: string, style: RomanizeStyle): string {
  const parts = syllables(kana);
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const s = parts[i]!;
    const next = parts[i + 1];
    // ツ before a voiceless consonant is the sokuon the master writes large.
    if (s === 'tsu' && next && /^[kstpc]/.test(next)) {
      out += next.startsWith('ch') ? 't' : next[0];
      continue;
    }
    if (s === 'n') {
      if (next && /^[bmp]/.test(next) && style.mBeforeLabial) out += 'm';
      else if (next && /^[aiueoy]/.test(next) && style.apostrophe) out += "n'";
      else out += 'n';
      continue;
    }
    const previous = vowelOf(out);
    const long = (s === 'u' && (previous === 'o' || previous === 'u')) || (s === 'o' && previous === 'o') || s === '-';
    if (long) {
      if (style.longVowels === 'macron' && MACRON[previous]) out = out.slice(0, -1) + MACRON[previous];
      else if (style.longVowels === 'kana' && s !== '-') out += s;
      continue;
    }
    out += s;
  }
  return out;
}

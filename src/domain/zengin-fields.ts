/**
 * The `hira` and `roma` fields of the zengin-code package, made from its Zengin kana, so that the
 * zengin-code JSON shape (docs/search-api.md#the-zengin-code-json-shape) reads as the package's
 * own for any source; test/zengin-json.test.ts compares every record of the bundled package.
 *
 * `hira`: the kana in hiragana, ヴ kept in katakana, everything else as it is.
 * `roma`: the kana letter by letter in Hepburn (シ shi, チ chi, ツ tsu, フ fu, ジ ji, ン m before
 * b, m and p) except ヂ di and ヅ du, ヴ vu, the long mark `－` as `-`, `．` as `.`, full-width
 * Latin letters in lower case; a full-width space stays one.
 */
import { katakanaToHiragana } from './kana.js';

const SYLLABLES: Readonly<Record<string, string>> = {
  ア: 'a', イ: 'i', ウ: 'u', エ: 'e', オ: 'o',
  カ: 'ka', キ: 'ki', ク: 'ku', ケ: 'ke', コ: 'ko', ガ: 'ga', ギ: 'gi', グ: 'gu', ゲ: 'ge', ゴ: 'go',
  サ: 'sa', シ: 'shi', ス: 'su', セ: 'se', ソ: 'so', ザ: 'za', ジ: 'ji', ズ: 'zu', ゼ: 'ze', ゾ: 'zo',
  タ: 'ta', チ: 'chi', ツ: 'tsu', テ: 'te', ト: 'to', ダ: 'da', ヂ: 'di', ヅ: 'du', デ: 'de', ド: 'do',
  ナ: 'na', ニ: 'ni', ヌ: 'nu', ネ: 'ne', ノ: 'no',
  ハ: 'ha', ヒ: 'hi', フ: 'fu', ヘ: 'he', ホ: 'ho', バ: 'ba', ビ: 'bi', ブ: 'bu', ベ: 'be', ボ: 'bo', パ: 'pa', ピ: 'pi', プ: 'pu', ペ: 'pe', ポ: 'po',
  マ: 'ma', ミ: 'mi', ム: 'mu', メ: 'me', モ: 'mo', ヤ: 'ya', ユ: 'yu', ヨ: 'yo',
  ラ: 'ra', リ: 'ri', ル: 'ru', レ: 're', ロ: 'ro', ワ: 'wa', ヲ: 'wo', ン: 'n', ヴ: 'vu',
  '－': '-', '．': '.',
};

/** `ドコモＳＭＴＢネツト` → `どこもＳＭＴＢねつと`; ヴ stays, as the package writes it. */
export function zenginHira(kana: string): string {
  return kana.split('ヴ').map(katakanaToHiragana).join('ヴ');
}

/** `ミツビシユ－エフジエイ` → `mitsubishiyu-efujiei`; characters outside the Zengin set are kept as they are. */
export function zenginRoma(kana: string): string {
  const chars = [...kana];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === 'ン' && /^[bmp]/.test(SYLLABLES[chars[i + 1] ?? ''] ?? '')) out += 'm';
    // A full-width space stays one, as the package writes it.
    else out += SYLLABLES[ch] ?? (ch === '\u3000' ? ch : ch.normalize('NFKC').toLowerCase());
  }
  return out;
}

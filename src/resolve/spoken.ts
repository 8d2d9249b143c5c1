/**
 * Readings as people say them against readings as the Zengin master spells them. The master
 * writes long vowels out in large kana (トウキヨウ), people type them with ー or leave them
 * (とーきょー, ﾄｰｷｮｰ, ときょ). On a folded key (src/domain/fold.ts: ー removed, small kana
 * large, voicing gone), dropping every vowel that only lengthens the one before it gives one
 * spoken key for all of them: トウキヨウ, トキヨ (from とーきょー) → トキヨ.
 *
 * Lengthening vowels: ア after an a-sound, イ after i or e (セイ), ウ after u or o (コウ), エ after
 * e, オ after o (オオサカ). Different names can share a spoken key (大野 オオノ and 小野 オノ), so a
 * spoken match scores below an exact reading and the usual gap rules decide.
 */

const ROWS: readonly (readonly [vowel: string, kana: string])[] = [
  ['a', 'アカサタナハマヤラワ'],
  ['i', 'イキシチニヒミリ'],
  ['u', 'ウクスツヌフムユル'],
  ['e', 'エケセテネヘメレ'],
  ['o', 'オコソトノホモヨロ'],
];

const VOWEL_OF = new Map<string, string>(ROWS.flatMap(([vowel, kana]) => [...kana].map((k) => [k, vowel] as const)));

/** The vowels that lengthen a preceding sound, by that sound's vowel. */
const LENGTHENERS: Readonly<Record<string, string>> = Object.freeze({ a: 'ア', i: 'イ', u: 'ウ', e: 'イエ', o: 'ウオ' });

/** The spoken key of a folded key. Kanji and other letters pass through unchanged. */
export function spokenKey(folded: string): string {
  let out = '';
  let vowel: string | undefined;
  for (const ch of folded) {
    if (vowel !== undefined && LENGTHENERS[vowel]!.includes(ch)) continue;
    out += ch;
    vowel = VOWEL_OF.get(ch);
  }
  return out;
}

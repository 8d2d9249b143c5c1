/** Romaji as people type it, matched to the Zengin readings by their spoken form (src/domain/romaji/). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { latinReadings } from '../src/domain/romaji/latin-readings.js';
import { isLatinText, spokenKeyOfKana, spokenKeyOfLatin } from '../src/domain/romaji/spoken-key.js';
import { bundledDirectory } from './support/app.js';

const directory = bundledDirectory();
const branch = (bankCode: string, code: string) => directory.branches(bankCode).find((b) => b.code === code)!;
const bank = (code: string) => directory.bank(code)!;

/** The loose key of a typed romaji equals the loose key of the record's reading. */
function meets(typed: string, reading: string): boolean {
  return spokenKeyOfLatin(typed).loose === spokenKeyOfKana(reading)!.loose;
}

describe('romaji spoken keys', () => {
  it('meets each Hepburn variant class against real readings', () => {
    const cases: [string, string[], string][] = [
      // [class, ways people write it, reading of a real record]
      ['shi/si', ['shinjuku', 'sinjuku', 'sinzyuku'], branch('0001', '240').fullWidthKana], // 新宿 シンジユク
      ['chi/ti', ['chiba', 'tiba'], bank('0134').fullWidthKana.replace('ギンコウ', '')], // 千葉 チバ
      ['tsu/tu', ['mitsui sumitomo', 'mitui sumitomo'], bank('0009').fullWidthKana.replace('ギンコウ', '')],
      ['fu/hu', ['fukuoka', 'hukuoka'], bank('0177').fullWidthKana.replace('ギンコウ', '')], // 福岡 フクオカ
      ['ji/zi/di', ['kichijoji', 'kitizyouzi', 'kichijodi'], branch('0001', '246').fullWidthKana], // 吉祥寺 キチジヨウジ
      ['sha/sya', ['shamisen', 'syamisen'], 'シヤミセン'],
      ['cho/tyo', ['chofu', 'tyohu', 'chōfu'], 'チヨウフ'],
      ['long vowels', ['tokyo', 'toukyou', 'tōkyō', 'tookyoo', 'tokyoh', 'TOKYO'], branch('0005', '321').fullWidthKana.replace('エイギヨウブ', '')], // 東京 トウキヨウ
      ["n' / nn", ["shin'yokohama", 'shinnyokohama', 'shinyokohama', 'Shin-Yokohama'], 'シンヨコハマ'],
      ['m before b/p', ['shimbashi', 'shinbashi', 'Shimbashi'], branch('0001', '130').fullWidthKana], // 新橋 シンバシ
      ['sokuon', ['hokkaido', 'Hokkaidō', 'hokkaidou'], bank('0116').fullWidthKana.replace('ギンコウ', '')], // 北海道 ホツカイドウ
      ['shutchōjo', ['shutchōjo', 'shutchojo', 'shucchojo', 'syuttyouzyo'], 'シユツチヨウジヨ'],
      ['case, spaces, hyphens', ['Hokkaido Shinkin', 'hokkaido-shinkin', 'HOKKAIDOSHINKIN'], 'ホツカイドウシンキン'],
    ];
    for (const [cls, typed, reading] of cases) for (const t of typed) assert.ok(meets(t, reading), `${cls}: ${t} ≠ ${reading}`);
  });

  it('keeps long vowels in the exact key, so the exact reading can come first', () => {
    assert.deepEqual(spokenKeyOfLatin('ono'), { exact: 'ono', loose: 'ono' });
    assert.deepEqual(spokenKeyOfLatin('Ohno'), { exact: 'oono', loose: 'ono' });
    assert.deepEqual(spokenKeyOfKana('オオノ'), { exact: 'oono', loose: 'ono' });
    assert.deepEqual(spokenKeyOfKana('トウキヨウ'), { exact: 'tookyoo', loose: 'tokyo' });
    assert.equal(spokenKeyOfLatin('tōkyō').exact, 'tookyoo');
  });

  it('keeps voicing: ginza is not kinsa', () => {
    assert.notEqual(spokenKeyOfLatin('ginza').loose, spokenKeyOfLatin('kinsa').loose);
    assert.equal(spokenKeyOfKana('ギンザ')!.loose, 'ginza');
  });

  it('has no key for kanji, and tells romaji from other text', () => {
    assert.equal(spokenKeyOfKana('東京'), undefined);
    assert.deepEqual(['mizuho', 'Tōkyō', "shin'yo", 'みずほ', 'mizuho銀行', '123', ''].map(isLatinText), [true, true, true, false, false, false, false]);
  });

  it('reads English and brand words as the kana they stand for, keeping the romaji reading', () => {
    assert.deepEqual(latinReadings('Mizuho Bank').map((k) => k.loose), ['mizuhobank', 'mizuhoginko']);
    assert.deepEqual(latinReadings('Japan Post Bank').map((k) => k.loose), ['zyapanpostbank', 'yutyoginko']);
    assert.deepEqual(latinReadings('UFJ').map((k) => k.loose), ['ufzy', 'yuehuziei']);
    // banka is romaji: bank before a vowel is not the English word.
    assert.deepEqual(latinReadings('banka').map((k) => k.loose), ['banka']);
    // au is romaji too: read as a brand only standing alone.
    assert.deepEqual(latinReadings('kau').map((k) => k.loose), ['kau']);
    assert.deepEqual(latinReadings('au jibun').map((k) => k.loose), ['auzibun', 'eyuzibun']);
  });

  it('reads nothing from too short or non-Latin input', () => {
    assert.deepEqual(latinReadings('ka'), []);
    assert.deepEqual(latinReadings('みずほ'), []);
  });

  it('folds idempotently: the key of a key is the key', () => {
    const syllables = ['a', 'ka', 'shi', 'tsu', 'chō', 'ji', 'fu', 'n', "n'", 'kyo', 'sha', 'ō', 'u', 'tto', 'mba', 'oh', 'zu', 'di', 'wo', 'ryū', ' ', '-'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...syllables), { maxLength: 12 }), (parts) => {
        const key = spokenKeyOfLatin(parts.join(''));
        assert.equal(spokenKeyOfLatin(key.loose).loose, key.loose);
        assert.equal(spokenKeyOfLatin(key.exact).exact, key.exact);
      }),
      { numRuns: 2000 },
    );
  });
});

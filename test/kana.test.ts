import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hiraganaToKatakana, katakanaToHiragana, narrowAscii, toHalfWidthKana, widenAscii } from '../src/domain/kana.js';

describe('kana conversions', () => {
  it('narrows full-width katakana with voiced marks to two half-width characters', () => {
    assert.equal(toHalfWidthKana('ドコモ'), 'ﾄﾞｺﾓ');
    assert.equal(toHalfWidthKana('パルヴ'), 'ﾊﾟﾙｳﾞ');
    assert.equal(toHalfWidthKana('ニユ－ヨ－ク．メロン　ＡＢ'), 'ﾆﾕ-ﾖ-ｸ.ﾒﾛﾝ AB');
    assert.equal(toHalfWidthKana('キャッシュー・ヲ'), 'ｷｬｯｼｭｰ･ｦ');
  });

  it('converts text of kana, ASCII and marks character by character exactly as NFD and the table do', () => {
    // A kanji makes the whole text take the steps of the definition (NFD, then the table) and
    // converts to itself: comparing the two checks the character-by-character path.
    const bySteps = (text: string) => toHalfWidthKana(text + '漢').slice(0, -1);
    const alphabet = fc.oneof(
      fc.integer({ min: 0x30a0, max: 0x30ff }),
      fc.integer({ min: 0x3000, max: 0x309f }),
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0xff01, max: 0xff5e }),
      fc.constantFrom(0x3099, 0x309a, 0x302a, 0x302d, 0x0301, 0x6f22),
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 12 }), (codes) => {
        const text = String.fromCharCode(...codes);
        assert.equal(toHalfWidthKana(text), bySteps(text));
      }),
      { numRuns: 5000 },
    );
    // The marks that NFD reorders: カ, a tone mark, then a voicing mark.
    assert.equal(toHalfWidthKana('カ\u302a\u3099'), 'ｶﾞ\u302a');
  });

  it('shifts katakana and hiragana both ways, ヴ included', () => {
    assert.equal(katakanaToHiragana('ヴアイオリン－ＡＢ'), 'ゔあいおりん－ＡＢ');
    assert.equal(hiraganaToKatakana('ゔあいおりん'), 'ヴアイオリン');
  });

  it('shifts hiragana from ぁ to ゖ and the iteration marks ゝ ゞ, and nothing else', () => {
    assert.equal(hiraganaToKatakana('\u3041\u3096'), '\u30a1\u30f6'); // ぁゖ → ァヶ, the range bounds
    assert.equal(hiraganaToKatakana('ゝゞ'), 'ヽヾ');
    assert.equal(hiraganaToKatakana('いすゞ'), 'イスヾ');
    // Around the range: ゗ ゙ ゛ ゟ (U+3097, U+3099, U+309B, U+309F) are not shifted.
    assert.equal(hiraganaToKatakana('\u3040\u3097\u3099\u309b\u309f'), '\u3040\u3097\u3099\u309b\u309f');
    assert.equal(hiraganaToKatakana('ｶﾀｶﾅ 漢字𠮷ＡＢ'), 'ｶﾀｶﾅ 漢字𠮷ＡＢ');
    assert.equal(hiraganaToKatakana('東京ぎんこう'), '東京ギンコウ');
  });

  it('returns a text without hiragana as it is', () => {
    for (const text of ['', 'トウキヨウ', '新宿支店', 'ﾐｽﾞﾎ', 'ヽヾ', 'ABC－１']) assert.equal(hiraganaToKatakana(text), text);
  });

  it('widens and narrows ASCII with the space as U+3000', () => {
    assert.equal(widenAscii('A-1 .'), 'Ａ－１\u3000．');
    assert.equal(narrowAscii('Ａ－１\u3000．'), 'A-1 .');
  });
});

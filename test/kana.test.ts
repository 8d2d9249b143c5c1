import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hiraganaToKatakana, katakanaToHiragana, narrowAscii, toHalfWidthKana, widenAscii } from '../src/domain/kana.js';

describe('kana conversions', () => {
  it('narrows full-width katakana with voiced marks to two half-width characters', () => {
    assert.equal(toHalfWidthKana('ドコモ'), 'ﾄﾞｺﾓ');
    assert.equal(toHalfWidthKana('パルヴ'), 'ﾊﾟﾙｳﾞ');
    assert.equal(toHalfWidthKana('ニユ－ヨ－ク．メロン　ＡＢ'), 'ﾆﾕ-ﾖ-ｸ.ﾒﾛﾝ AB');
    assert.equal(toHalfWidthKana('キャッシュー・ヲ'), 'ｷｬｯｼｭｰ･ｦ');
  });

  it('shifts katakana and hiragana both ways, ヴ included', () => {
    assert.equal(katakanaToHiragana('ヴアイオリン－ＡＢ'), 'ゔあいおりん－ＡＢ');
    assert.equal(hiraganaToKatakana('ゔあいおりん'), 'ヴアイオリン');
  });

  it('widens and narrows ASCII with the space as U+3000', () => {
    assert.equal(widenAscii('A-1 .'), 'Ａ－１\u3000．');
    assert.equal(narrowAscii('Ａ－１\u3000．'), 'A-1 .');
  });
});

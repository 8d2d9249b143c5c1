import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldForSearch, foldKeepingVoicing } from '../src/domain/fold.js';
import { katakanaToHiragana, toHalfWidthKana } from '../src/domain/kana.js';
import { bundledDirectory } from './support/app.js';

// Full-width katakana a person could type, including small, voiced and long-vowel forms.
const KATAKANA = [...'アイウエオカキクケコガギグゲゴサシスセソザジズゼゾタチツテトダヂヅデドナニヌネノハヒフヘホバビブベボパピプペポマミムメモヤユヨラリルレロワヲンァィゥェォッャュョヴー'];
const katakanaText = fc.array(fc.constantFrom(...KATAKANA), { maxLength: 20 }).map((chars) => chars.join(''));

describe('foldForSearch', () => {
  it('folds same-sound spellings together', () => {
    const same: readonly (readonly string[])[] = [
      ['みずほぎんこう', 'ミズホギンコウ', 'ﾐｽﾞﾎｷﾞﾝｺｳ', 'ミスホキンコウ'],
      ['とうきょう', 'トウキヨウ', 'ﾄｳｷｮｳ'],
      ['ヴァイオリン', 'バイオリン', 'ばいおりん'],
      ['センター', 'センタ－', 'ｾﾝﾀｰ', 'ｾﾝﾀ-', 'センタ'],
      ['ちぢみ', 'ちじみ'],
      ['つづき', 'つずき'],
      ['北海道 信用金庫', '北海道　信用金庫', '北海道信用金庫'],
      ['三菱ＵＦＪ', '三菱UFJ', '三菱ufj'],
      ['ジェー・エー', 'ジエーエー'],
    ];
    for (const group of same) {
      for (const text of group) assert.equal(foldForSearch(text), foldForSearch(group[0]!), `${text} ~ ${group[0]}`);
    }
  });

  it('keeps different readings and kanji apart', () => {
    assert.notEqual(foldForSearch('みずほ'), foldForSearch('みすず'));
    assert.notEqual(foldForSearch('北海道'), foldForSearch('ほっかいどう'));
    assert.equal(foldForSearch('みずほ銀行'), 'ミスホ銀行');
  });

  it('is idempotent on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => foldForSearch(foldForSearch(text)) === foldForSearch(text)), { numRuns: 5000 });
  });

  it('is insensitive to width and script', () => {
    fc.assert(
      fc.property(katakanaText, (kata) => {
        const key = foldForSearch(kata);
        return foldForSearch(katakanaToHiragana(kata)) === key && foldForSearch(toHalfWidthKana(kata)) === key;
      }),
      { numRuns: 5000 },
    );
  });

  it('gives every bank the same key from each of its reading forms', () => {
    for (const bank of bundledDirectory().banks) {
      const key = foldForSearch(bank.fullWidthKana);
      assert.equal(foldForSearch(bank.halfWidthKana), key, bank.code);
      assert.equal(foldForSearch(bank.hiragana), key, bank.code);
    }
  });

  it('ignores the punctuation the master writes inconsistently', () => {
    assert.equal(foldForSearch('クレデイ．アグリコル'), foldForSearch('クレディアグリコル'));
    assert.equal(foldForSearch('シティバンク、エヌ・エイ'), 'シテイハンクエヌエイ');
    assert.equal(foldForSearch('a.b,c。'), 'abc');
  });
});

describe('foldKeepingVoicing', () => {
  it('keeps voiced and unvoiced readings apart and folds everything else', () => {
    assert.notEqual(foldKeepingVoicing('ギンカクジ'), foldKeepingVoicing('キンカクジ'));
    assert.notEqual(foldKeepingVoicing('シヨウナン'), foldKeepingVoicing('ジヨウナン'));
    assert.equal(foldForSearch('ギンカクジ'), foldForSearch('キンカクジ'));
    for (const group of [['ぎんかくじ', 'ギンカクジ', 'ｷﾞﾝｶｸｼﾞ', 'ギンカクヂ'], ['ちょう', 'チヨウ', 'ﾁｮｳ', 'チョウ']]) {
      for (const text of group) assert.equal(foldKeepingVoicing(text), foldKeepingVoicing(group[0]!), `${text} ~ ${group[0]}`);
    }
    assert.equal(foldKeepingVoicing('みずほ銀行'), 'ミズホ銀行');
  });

  it('is idempotent, width- and script-insensitive, and refines foldForSearch', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => foldKeepingVoicing(foldKeepingVoicing(text)) === foldKeepingVoicing(text)), { numRuns: 3000 });
    fc.assert(
      fc.property(katakanaText, (kata) => {
        const key = foldKeepingVoicing(kata);
        // Equal voicing-kept keys imply equal search keys: the strict key only splits classes.
        return foldKeepingVoicing(katakanaToHiragana(kata)) === key && foldKeepingVoicing(toHalfWidthKana(kata)) === key && foldForSearch(key) === foldForSearch(kata);
      }),
      { numRuns: 3000 },
    );
  });
});

/** Cleaning inputs as files hold them (src/resolve/noise.ts) and readings as said (src/resolve/spoken.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldForSearch } from '../src/domain/fold.js';
import { cleanBankInput, cleanBranchInput } from '../src/resolve/noise.js';
import { spokenKey } from '../src/resolve/spoken.js';

describe('noise around names', () => {
  it('takes company designators, codes, brackets and punctuation off a bank name', () => {
    const cases: [string, string, string | undefined][] = [
      ['株式会社みずほ銀行', 'みずほ銀行', undefined],
      ['みずほ銀行(株)', 'みずほ銀行', undefined],
      ['㈱りそな銀行', 'りそな銀行', undefined],
      ['〈株〉三井住友銀行', '三井住友銀行', undefined],
      ['ｶ)ﾐｽﾞﾎｷﾞﾝｺｳ', 'ミズホギンコウ', undefined],
      ['ﾐｽﾞﾎｷﾞﾝｺｳ(ｶ', 'ミズホギンコウ', undefined],
      ['0005 三菱UFJ', '三菱UFJ', '0005'],
      ['三菱UFJ（0005）', '三菱UFJ', '0005'],
      // Glued to the name: no institution name holds a digit.
      ['0005三菱UFJ銀行', '三菱UFJ銀行', '0005'],
      ['三菱UFJ銀行0005', '三菱UFJ銀行', '0005'],
      ['０００５三菱ＵＦＪ', '三菱UFJ', '0005'],
      ['00051三菱UFJ', '00051三菱UFJ', undefined],
      ['「みずほ銀行」', 'みずほ銀行', undefined],
      ['"みずほ銀行"。', 'みずほ銀行', undefined],
    ];
    for (const [raw, text, code] of cases) assert.deepEqual(cleanBankInput(raw), { text, code }, raw);
  });

  it('takes codes, brackets and punctuation off a branch name, and reads a code given alone', () => {
    const cases: [string, string, string | undefined][] = [
      ['新宿支店（001）', '新宿支店', '001'],
      ['[001]新宿', '新宿', '001'],
      ['001 新宿', '新宿', '001'],
      ['新宿 001', '新宿', '001'],
      ['店番001', '', '001'],
      ['支店コード 001', '', '001'],
      ['No.001', '', '001'],
      ['№001', '', '001'],
      ['店番号：1', '', '001'],
      // Counted with 番: three digits ending a word.
      ['001番', '', '001'],
      ['新宿支店 001番', '新宿支店', '001'],
      ['新宿支店００１番', '新宿支店', '001'],
      ['新宿（001番）', '新宿', '001'],
      ['6番町', '6番町', undefined],
      ['麻布10番', '麻布10番', undefined],
      ['001', '001', '001'],
      ['１０１', '101', '101'],
      ['「新宿」', '新宿', undefined],
      ['新宿支店。', '新宿支店', undefined],
      // Digits that are part of names stay: 東京第１, たまプラーザ１３ (JP Bank's 018店: below).
      ['東京第１', '東京第1', undefined],
      ['たまプラーザ１３', 'たまプラーザ13', undefined],
      ['casino1', 'casino1', undefined],
    ];
    for (const [raw, text, code] of cases) assert.deepEqual(cleanBranchInput(raw), { text, code }, raw);
  });

  it('offers 3 digits glued to a branch name as a second reading with the code, the name as typed first', () => {
    const cases: [string, string, string, string][] = [
      ['123新宿支店', '123新宿支店', '新宿支店', '123'],
      ['新宿支店123', '新宿支店123', '新宿支店', '123'],
      ['１２３新宿', '123新宿', '新宿', '123'],
      ['123支店', '123支店', '支店', '123'],
      // JP Bank's 018店 and 0304's 本店営業１６５ are names: matched as typed before the code is tried.
      ['018店', '018店', '店', '018'],
      ['本店営業１６５', '本店営業165', '本店営業', '165'],
    ];
    for (const [raw, text, gluedText, code] of cases) assert.deepEqual(cleanBranchInput(raw), { text, code: undefined, glued: { text: gluedText, code } }, raw);
    // Four digits or two are no branch code; a spaced code is read as before.
    for (const raw of ['1234新宿', '12新宿', 'たまプラーザ１３']) assert.equal(cleanBranchInput(raw).glued, undefined, raw);
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        cleanBankInput(s);
        cleanBranchInput(s);
        return true;
      }),
    );
  });
});

describe('readings as said', () => {
  it('gives the Zengin reading and the typed one the same spoken key', () => {
    const same: [string, string][] = [
      ['トウキヨウ', 'とーきょー'],
      ['トウキヨウ', 'ﾄｰｷｮｰ'],
      ['オオサカ', 'おーさか'],
      ['チユウオウ', 'ちゅーおー'],
      ['セイブ', 'せーぶ'],
      ['ギンザ', 'きﾞんさﾞ'],
    ];
    for (const [zengin, typed] of same) assert.equal(spokenKey(foldForSearch(typed)), spokenKey(foldForSearch(zengin)), typed);
    assert.equal(spokenKey(foldForSearch('トウキヨウ')), 'トキヨ');
    assert.notEqual(spokenKey(foldForSearch('シンジユク')), spokenKey(foldForSearch('シブヤ')));
  });
});

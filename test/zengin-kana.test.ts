/**
 * 全銀 kana names (src/payee/zengin-kana.ts, docs/kana.md): the published examples of the
 * character rules and of the 法人略語 by position, every reading of the bundled master, and
 * idempotence and width-insensitivity as properties.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { katakanaToHiragana, toHalfWidthKana, widenAscii } from '../src/domain/kana.js';
import { CORPORATE_ABBREVIATIONS } from '../src/payee/corporate-abbreviations.js';
import { equivalentNames, normalizeZenginName, ZENGIN_NAME_FIELDS } from '../src/payee/zengin-kana.js';
import { bundledDirectory } from './support/app.js';

const normalized = (text: string, field: 'payee' | 'remitter' = 'payee') => normalizeZenginName(text, field).normalized;

describe('the 全銀 character rules', () => {
  it('writes small kana large, in half-width: キュウヨイチロウ is ｷﾕｳﾖｲﾁﾛｳ, ジンジショウゴ ｼﾞﾝｼﾞｼﾖｳｺﾞ', () => {
    assert.deepEqual(normalizeZenginName('キュウヨイチロウ'), { normalized: 'ｷﾕｳﾖｲﾁﾛｳ', valid: true, length: 8, problems: [] });
    assert.equal(normalized('ジンジショウゴ'), 'ｼﾞﾝｼﾞｼﾖｳｺﾞ');
    assert.equal(normalized('っゃゅょぁぃぅぇぉゎ'), 'ﾂﾔﾕﾖｱｲｳｴｵﾜ');
  });

  it('takes hiragana, full-width and half-width alike, and counts ﾞ and ﾟ as characters: シンキン ジロウ is 9', () => {
    for (const text of ['シンキン ジロウ', 'しんきん じろう', 'ｼﾝｷﾝ ｼﾞﾛｳ', 'シンキン\u3000ジロウ', 'しんきん  じろう ']) {
      assert.deepEqual(normalizeZenginName(text), { normalized: 'ｼﾝｷﾝ ｼﾞﾛｳ', valid: true, length: 9, problems: [] }, text);
    }
  });

  it('writes the long vowel and dashes as -, the middle dot as a space, Latin letters in capitals, ヲ as ｵ', () => {
    assert.equal(normalized('ジョン・スミス'), 'ｼﾞﾖﾝ ｽﾐｽ');
    assert.equal(normalized('ケーキ－ハウス‐ｰ'), 'ｹ-ｷ-ﾊｳｽ--');
    assert.equal(normalized('abc ｄｅｆ 123 １２３'), 'ABC DEF 123 123');
    assert.equal(normalized('ヲタク ヴィラ'), 'ｵﾀｸ ｳﾞｲﾗ');
    assert.equal(normalized('が゛ぱ゜'), 'ｶﾞﾞﾊﾟﾟ');
  });

  it('keeps kanji and characters outside the set, and reports each by its index in the input', () => {
    assert.deepEqual(normalizeZenginName('ヤマダ 太郎&CO'), {
      normalized: 'ﾔﾏﾀﾞ 太郎&CO',
      valid: false,
      length: 10,
      problems: [
        { index: 4, char: '太', reason: 'kanji' },
        { index: 5, char: '郎', reason: 'kanji' },
        { index: 6, char: '&', reason: 'not_in_charset' },
      ],
    });
    assert.deepEqual(normalizeZenginName('「ガ」々'), {
      normalized: '｢ｶﾞ｣々',
      valid: false,
      length: 5,
      problems: [
        { index: 0, char: '「', reason: 'not_in_charset' },
        { index: 2, char: '」', reason: 'not_in_charset' },
        { index: 3, char: '々', reason: 'kanji' },
      ],
    });
    // Indexes count characters, not UTF-16 units: 𠮷 is one.
    assert.deepEqual(normalizeZenginName('𠮷ヤ').problems, [{ index: 0, char: '𠮷', reason: 'kanji' }]);
  });

  it('allows , and / in a remitter name only', () => {
    assert.deepEqual(normalizeZenginName('ヤマダ、タロウ/ABC.(1)-2', 'remitter'), { normalized: 'ﾔﾏﾀﾞ,ﾀﾛｳ/ABC.(1)-2', valid: true, length: 18, problems: [] });
    assert.deepEqual(normalizeZenginName('ヤマダ、タロウ/ABC.(1)-2', 'payee').problems, [
      { index: 3, char: '、', reason: 'not_in_field' },
      { index: 7, char: '/', reason: 'not_in_field' },
    ]);
  });

  it('holds a payee to 30 characters and a remitter to 40, naming the first character beyond', () => {
    assert.deepEqual([ZENGIN_NAME_FIELDS.payee.maxLength, ZENGIN_NAME_FIELDS.remitter.maxLength], [30, 40]);
    const thirty = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホ';
    assert.deepEqual(normalizeZenginName(thirty), { normalized: toHalfWidthKana(thirty), valid: true, length: 30, problems: [] });
    // ガ is two characters in the field: the 30th input character is already the 31st.
    const over = normalizeZenginName('ガ' + thirty.slice(1));
    assert.equal(over.length, 31);
    assert.deepEqual(over.problems, [{ index: 29, char: 'ホ', reason: 'too_long' }]);
    assert.equal(normalizeZenginName('ガ' + thirty.slice(1), 'remitter').valid, true);
  });

  it('finds nothing to send in spaces alone', () => {
    assert.deepEqual(normalizeZenginName(' \u3000・ '), { normalized: '', valid: false, length: 0, problems: [{ index: 0, char: '', reason: 'empty' }] });
  });
});

describe('法人略語 by position', () => {
  it('follows the published examples: first ｶ), last (ｶ, inside (ｶ), without the spaces beside it', () => {
    assert.equal(normalized('株式会社 ロウドウショウジ'), 'ｶ)ﾛｳﾄﾞｳｼﾖｳｼﾞ');
    assert.equal(normalized('ロウドウショウジ 株式会社'), 'ﾛｳﾄﾞｳｼﾖｳｼﾞ(ｶ');
    assert.equal(normalized('ロウドウショウジ 株式会社 カスミガセキシシャ'), 'ﾛｳﾄﾞｳｼﾖｳｼﾞ(ｶ)ｶｽﾐｶﾞｾｷｼｼﾔ');
    assert.equal(normalized('株式会社ケイヨウギンコウ'), 'ｶ)ｹｲﾖｳｷﾞﾝｺｳ');
    assert.equal(normalized('ケイヨウギンコウ株式会社チバシテン'), 'ｹｲﾖｳｷﾞﾝｺｳ(ｶ)ﾁﾊﾞｼﾃﾝ');
    assert.equal(normalized('ユウゲンガイシャ ヤマダ'), 'ﾕ)ﾔﾏﾀﾞ');
  });

  it('reads every written form of the table: kanji, reading, (株), ㈱, ㍿', () => {
    for (const text of ['株式会社ヤマダ', 'かぶしきがいしゃヤマダ', 'カブシキカイシャ ヤマダ', '(株)ヤマダ', '（株）ヤマダ', '㈱ヤマダ', '㍿ヤマダ', '(カ)ヤマダ', 'ｶ)ﾔﾏﾀﾞ']) {
      assert.equal(normalized(text), 'ｶ)ﾔﾏﾀﾞ', text);
    }
    assert.equal(normalized('ヤマダ(カ)'), 'ﾔﾏﾀﾞ(ｶ');
  });

  it('abbreviates every legal form of the table, the longest name first', () => {
    for (const entry of CORPORATE_ABBREVIATIONS) {
      const half = toHalfWidthKana(entry.abbreviation);
      assert.equal(normalized(`${entry.name}ヤマダ`), `${half})ﾔﾏﾀﾞ`, entry.name);
      assert.equal(normalized(`ヤマダ${entry.name}`), `ﾔﾏﾀﾞ(${half}`, entry.name);
      assert.equal(normalized(`ヤマダ${entry.name}トウキョウ`), `ﾔﾏﾀﾞ(${half})ﾄｳｷﾖｳ`, entry.name);
      if (entry.kind === 'corporation') assert.equal(normalized(`${entry.reading}ヤマダ`), `${half})ﾔﾏﾀﾞ`, entry.reading);
    }
    assert.equal(normalized('一般社団法人ヤマダ'), 'ｼﾔ)ﾔﾏﾀﾞ');
    assert.equal(normalized('医療法人社団 ヤマダカイ'), 'ｲ)ﾔﾏﾀﾞｶｲ');
    assert.equal(normalized('ガッコウホウジン ヤマダガクエン'), 'ｶﾞｸ)ﾔﾏﾀﾞｶﾞｸｴﾝ');
  });

  it('is the table docs/kana.md shows, row for row', () => {
    const page = readFileSync(new URL('../docs/kana.md', import.meta.url), 'utf8');
    const rows = page.split('\n').filter((line) => /^\| (法人|営業所) \|/u.test(line));
    assert.deepEqual(
      rows,
      CORPORATE_ABBREVIATIONS.map((e) => `| ${e.kind === 'corporation' ? '法人' : '営業所'} | ${e.name} | ${e.reading} | ${e.abbreviation} |`),
    );
  });

  it('abbreviates an office only where it is written in kanji: its reading is also part of place names', () => {
    assert.equal(normalized('ヤマダ(カ)シブヤ出張所'), 'ﾔﾏﾀﾞ(ｶ)ｼﾌﾞﾔ(ｼﾕﾂ');
    assert.equal(normalized('ヤマダ(カ)シブヤシュッチョウジョ'), 'ﾔﾏﾀﾞ(ｶ)ｼﾌﾞﾔｼﾕﾂﾁﾖｳｼﾞﾖ');
    assert.equal(normalized('カスガイシヤクショ'), 'ｶｽｶﾞｲｼﾔｸｼﾖ');
  });
});

describe('every reading of the bundled master', () => {
  const directory = bundledDirectory();
  const records = directory.banks.flatMap((bank) => [bank, ...directory.branches(bank.code)]);

  it('is a valid remitter name, unchanged, and its full-width and hiragana forms normalize to it', () => {
    assert.equal(records.length, 30_090);
    for (const r of records) {
      const result = normalizeZenginName(r.halfWidthKana, 'remitter');
      assert.equal(result.normalized, r.halfWidthKana);
      assert.equal(result.valid, true, r.halfWidthKana);
      assert.equal(normalized(r.fullWidthKana, 'remitter'), r.halfWidthKana);
      assert.equal(normalized(r.hiragana, 'remitter'), r.halfWidthKana);
    }
  });

  it('is a valid payee name but for the 40 連合会 whose full names are longer than 30: 31 信連 and 9 信漁連', () => {
    const refused = records.filter((r) => !normalizeZenginName(r.halfWidthKana, 'payee').valid);
    assert.deepEqual(
      refused.map((r) => r.halfWidthKana),
      directory.banks.filter((b) => [...b.halfWidthKana].length > 30).map((b) => b.halfWidthKana),
    );
    assert.equal(refused.filter((r) => r.name.endsWith('信用農業協同組合連合会')).length, 31);
    assert.equal(refused.filter((r) => r.name.endsWith('信用漁業協同組合連合会')).length, 9);
    for (const r of refused) {
      assert.deepEqual(normalizeZenginName(r.halfWidthKana, 'payee').problems.map((p) => p.reason), ['too_long']);
      assert.equal(normalized(r.halfWidthKana, 'payee'), r.halfWidthKana);
    }
  });
});

/** Characters people put in names: kana of both sizes and scripts, ASCII, dashes, spaces, kanji, legal forms, brackets. */
const nameText = fc
  .array(
    fc.oneof(
      fc.constantFrom('ア', 'ガ', 'パ', 'ッ', 'ャ', 'ヴ', 'ヲ', 'ヰ', 'ー', '・', 'ン', 'あ', 'ぎ', 'ょ', 'ｶ', 'ﾞ', 'ﾟ', 'ｯ', 'ｰ', 'ﾝ'),
      fc.constantFrom(' ', '\u3000', '-', '－', '(', ')', '（', '）', '.', ',', '/', '、', '&', 'a', 'Z', '1', '９', '山', '𠮷'),
      fc.constantFrom('株式会社', '(株)', '㈱', 'カブシキガイシャ', '(カ)', 'カ)', '(カ', '有限会社', '一般社団法人', '社団法人', '出張所', 'ガク'),
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

describe('properties', () => {
  it('is idempotent: a normalized name normalizes to itself, in both fields', () => {
    fc.assert(
      fc.property(nameText, fc.constantFrom('payee', 'remitter' as const), (text, field) => {
        const once = normalizeZenginName(text, field);
        const twice = normalizeZenginName(once.normalized, field);
        assert.equal(twice.normalized, once.normalized);
        assert.equal(twice.length, once.length);
        assert.equal(twice.valid, once.valid);
      }),
      { numRuns: 3000 },
    );
  });

  it('is width- and script-insensitive: full-width, half-width and hiragana give the same name', () => {
    const katakana = fc
      .array(fc.constantFrom(...'アイウエオガギパピャュョッヴカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン－　ＡＢ１２．（）'), { maxLength: 20 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(katakana, (text) => {
        const full = normalizeZenginName(text, 'remitter');
        for (const other of [toHalfWidthKana(text), katakanaToHiragana(text), widenAscii(toHalfWidthKana(text))]) {
          const result = normalizeZenginName(other, 'remitter');
          assert.equal(result.normalized, full.normalized, other);
          assert.equal(result.valid, full.valid, other);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('equivalence of names', () => {
  it('folds width, script, case, spaces, small kana, the long vowel and hyphens', () => {
    assert.deepEqual(equivalentNames('ｷﾕｳﾖ ｲﾁﾛｳ', 'きゅうよいちろう'), { equivalent: true, aNormalized: 'ｷﾕｳﾖ ｲﾁﾛｳ', bNormalized: 'ｷﾕｳﾖｲﾁﾛｳ' });
    assert.equal(equivalentNames('スーパー', 'ｽﾊﾟ').equivalent, true);
    assert.equal(equivalentNames('abc-shop', 'ＡＢＣ ＳＨＯＰ').equivalent, true);
    assert.equal(equivalentNames('株式会社ヤマダ', 'ｶ)ﾔﾏﾀﾞ').equivalent, true);
    assert.equal(equivalentNames('(カ)ヤマダ', 'カ) ヤマダ').equivalent, true);
  });

  it('keeps voicing, different legal forms and other words apart', () => {
    assert.deepEqual(equivalentNames('ヤマダ', 'ヤマタ'), { equivalent: false, aNormalized: 'ﾔﾏﾀﾞ', bNormalized: 'ﾔﾏﾀ' });
    assert.equal(equivalentNames('株式会社ヤマダ', '有限会社ヤマダ').equivalent, false);
    assert.equal(equivalentNames('ヤマダ株式会社', '株式会社ヤマダ').equivalent, false);
    assert.equal(equivalentNames('ヤマダ タロウ', 'ヤマダ ジロウ').equivalent, false);
  });
});

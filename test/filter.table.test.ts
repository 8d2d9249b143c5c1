/**
 * The filter language against plain JavaScript oracles over the real data (issue 3): a table of
 * expressions with the records each must select, a table of invalid expressions, and algebraic
 * properties of `;`, `,` and parentheses on random expressions built from the grammar.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { BANK_FIELDS, BRANCH_FIELDS, type Bank, type Branch } from '../src/domain/types.js';
import { compileFilter, FilterError } from '../src/search/filter/index.js';
import { bundledDirectory } from './support/app.js';

const directory = bundledDirectory();
const banks = directory.banks;
const branches = directory.branches('0005');

const select = <T extends object>(items: readonly T[], text: string, fields: readonly string[]) => items.filter(compileFilter<T>(text, fields).test);

const BANK_CASES: readonly [string, (b: Bank) => boolean][] = [
  ['code==0001', (b) => b.code === '0001'],
  ['code!=0001', (b) => b.code !== '0001'],
  ['code<0100', (b) => b.code < '0100'],
  ['code=lt=0100', (b) => b.code < '0100'],
  ['code<=0010', (b) => b.code <= '0010'],
  ['code=le=0010', (b) => b.code <= '0010'],
  ['code>9000', (b) => b.code > '9000'],
  ['code=gt=9000', (b) => b.code > '9000'],
  ['code>=2950', (b) => b.code >= '2950'],
  ['code=ge=2950;code<3000', (b) => b.code >= '2950' && b.code < '3000'],
  ['code=in=(0001,0005,0009)', (b) => ['0001', '0005', '0009'].includes(b.code)],
  ['code=out=(0001,0005)', (b) => !['0001', '0005'].includes(b.code)],
  ['businessTypeCode==01100', (b) => b.businessTypeCode === '01100'],
  ['businessTypeCode=in=(01400,01600)', (b) => ['01400', '01600'].includes(b.businessTypeCode)],
  ['businessType==信用組合', (b) => b.businessType === '信用組合'],
  ['name==*信用*', (b) => b.name.includes('信用')],
  ['name==北海道*', (b) => b.name.startsWith('北海道')],
  ['name==*銀行', (b) => b.name.endsWith('銀行')],
  ['name!=*銀行', (b) => !b.name.endsWith('銀行')],
  ['name==__銀行', (b) => [...b.name].length === 4 && b.name.endsWith('銀行')],
  ['name==*_', (b) => [...b.name].length >= 1],
  ['hiragana==*しんようきんこ', (b) => b.hiragana.endsWith('しんようきんこ')],
  ['halfWidthKana==ﾐｽﾞﾎ*', (b) => b.halfWidthKana.startsWith('ﾐｽﾞﾎ')],
  ['fullWidthKana==*ギンコウ', (b) => b.fullWidthKana.endsWith('ギンコウ')],
  ['name=="みずほ銀行"', (b) => b.name === 'みずほ銀行'],
  ["name=='みずほ銀行'", (b) => b.name === 'みずほ銀行'],
  ['name=="a\\"b"', () => false],
  ["name=='a\\'b'", () => false],
  ['name=="ワイズ・ペイメンツ・ジャパン"', (b) => b.code === '0200'],
  ['code==0001,code==0005;name==りそな銀行', (b) => b.code === '0001'],
  ['(code==0001,code==0010);name==りそな銀行', (b) => b.code === '0010'],
  ['code==0001 or code==0005 and businessTypeCode==00200', (b) => b.code === '0001' || b.code === '0005'],
  ['(code==0001 or code==0005) and businessTypeCode==00300', () => false],
  ['businessTypeCode==00200;(name==*ほ*,name==*住友*)', (b) => b.businessTypeCode === '00200' && (b.name.includes('ほ') || b.name.includes('住友'))],
  ['((code<0100))', (b) => b.code < '0100'],
  ['name=re=^東京', (b) => b.name.startsWith('東京')],
  ['name=re=銀行$', (b) => b.name.endsWith('銀行')],
  ['name=re="\\\\A(静岡|長野)"', (b) => /^(静岡|長野)/.test(b.name)],
  ['name=re="信用金庫\\\\z"', (b) => b.name.endsWith('信用金庫')],
  ['halfWidthKana=re="^ｼ.*ｷﾝｺ$"', (b) => /^ｼ.*ｷﾝｺ$/.test(b.halfWidthKana)],
  ['code=re="^9[0-9]{3}$";businessTypeCode!=01900', (b) => b.code.startsWith('9') && b.businessTypeCode !== '01900'],
  ['name=re="[Ａ-Ｚ]"', (b) => /[Ａ-Ｚ]/.test(b.name)],
];

const BRANCH_CASES: readonly [string, (b: Branch) => boolean][] = [
  ['name==*駅前', (b) => b.name.endsWith('駅前')],
  ['name=re=駅前$;code>500', (b) => b.name.endsWith('駅前') && b.code > '500'],
  ['hiragana==しぶや*', (b) => b.hiragana.startsWith('しぶや')],
  ['code=in=(001,002,003)', (b) => ['001', '002', '003'].includes(b.code)],
  ['name==本店 or name==丸の内', (b) => b.name === '本店' || b.name === '丸の内'],
  ['fullWidthKana=re="^(ト|シ)"', (b) => /^(ト|シ)/.test(b.fullWidthKana)],
];

const INVALID: readonly [string, RegExp][] = [
  ['', /^the filter is empty$/],
  ['code', /^invalid filter: unexpected end at position 5$/],
  ['code==', /^invalid filter: unexpected end at position 7$/],
  ['==0001', /^invalid filter: unexpected string '==' at position 1$/],
  ['code=0001', /^invalid filter: unexpected character '=' at position 5$/],
  ['code===0001', /^invalid filter: unexpected character '=' at position 7$/],
  ['code==0001;', /^invalid filter: unexpected end at position 12$/],
  ['code==0001,,code==0005', /^invalid filter: unexpected character ',' at position 12$/],
  ['(code==0001', /^invalid filter: unexpected end at position 12/],
  ['code==0001)', /^invalid filter: unexpected character '\)' at position 11$/],
  ['code=in=()', /^invalid filter: unexpected character '\)' at position 10$/],
  ['code=in=0001', /^=in= takes a parenthesized list/],
  ['code=out=0001', /^=out= takes a parenthesized list/],
  ['code==(0001,0005)', /^== takes one value, not a list/],
  ['code<(0001)', /^< takes one value, not a list/],
  ['kode==0001', /^unknown property "kode" at position 1; properties are /],
  ['code==0001;nam==x', /^unknown property "nam" at position 12; /],
  ['code=like=0001', /^unknown operator "=like=" at position 1$/],
  ['code==0001 AND name==x', /^invalid filter: unexpected string 'AND' at position 12$/],
  ['name=="unterminated', /^invalid filter: unclosed quote '"' at position 7$/],
  ['name==a b', /^invalid filter: unexpected character 'b' at position 9$/],
  ['name=re="(a)\\\\1"', /^backreferences are not supported in =re=/],
  ['name=re="(?<=a)b"', /^lookahead and lookbehind are not supported in =re=/],
  ['name=re="(?!a)b"', /^lookahead and lookbehind are not supported in =re=/],
  ['name=re="[b-a]"', /^invalid regular expression at position 10: /],
  ['name=re="a{2,1}"', /^invalid regular expression at position 10: /],
  ['name=re=\\p', /^unknown escape \\p in the regular expression at position 9$/],
];

describe('filter expressions against plain oracles on the real data', () => {
  it(`has ${BANK_CASES.length + BRANCH_CASES.length} valid and ${INVALID.length} invalid expressions`, () => {
    assert.ok(BANK_CASES.length + BRANCH_CASES.length >= 40);
    assert.ok(INVALID.length >= 20);
  });

  for (const [text, oracle] of BANK_CASES) {
    it(`banks: ${text}`, () => {
      assert.deepEqual(select(banks, text, BANK_FIELDS).map((b) => b.code), banks.filter(oracle).map((b) => b.code));
    });
  }
  for (const [text, oracle] of BRANCH_CASES) {
    it(`branches of 0005: ${text}`, () => {
      const expected = branches.filter(oracle).map((b) => b.code);
      assert.ok(expected.length > 0, 'the case selects something');
      assert.deepEqual(select(branches, text, BRANCH_FIELDS).map((b) => b.code), expected);
    });
  }
  for (const [text, message] of INVALID) {
    it(`invalid: ${JSON.stringify(text)}`, () => {
      assert.throws(() => compileFilter(text, BANK_FIELDS), (err: unknown) => err instanceof FilterError && message.test(err.message));
    });
  }
});

describe('algebra of ; , and parentheses', () => {
  const comparison = fc.oneof(
    fc.constantFrom('00200', '00300', '01100', '01400', '01900').map((t) => `businessTypeCode==${t}`),
    fc.integer({ min: 0, max: 9999 }).map((n) => `code<${String(n).padStart(4, '0')}`),
    fc.constantFrom('信用', '銀行', '北', '中央', '農業').map((w) => `name==*${w}*`),
    fc.constantFrom('^東', '庫$', 'み', '(ア|イ)').map((p) => `fullWidthKana=re="${p}"`),
  );
  const codes = (text: string) => new Set(select(banks, text, BANK_FIELDS).map((b) => b.code));

  it('a;b is the intersection and a,b the union, in both spellings', () => {
    fc.assert(
      fc.property(comparison, comparison, (a, b) => {
        const [x, y] = [codes(a), codes(b)];
        const and = codes(`${a};${b}`);
        const or = codes(`${a},${b}`);
        assert.deepEqual([...and].sort(), [...x].filter((c) => y.has(c)).sort());
        assert.deepEqual([...or].sort(), [...new Set([...x, ...y])].sort());
        assert.deepEqual(codes(`${a} and ${b}`), and);
        assert.deepEqual(codes(`${a} or ${b}`), or);
      }),
      { numRuns: 150 },
    );
  });

  it('binds ; tighter than , and parentheses regroup', () => {
    fc.assert(
      fc.property(comparison, comparison, comparison, (a, b, c) => {
        const [x, y, z] = [codes(a), codes(b), codes(c)];
        const expectedDefault = [...new Set([...x, ...[...y].filter((v) => z.has(v))])].sort();
        assert.deepEqual([...codes(`${a},${b};${c}`)].sort(), expectedDefault);
        assert.deepEqual([...codes(`${a},(${b};${c})`)].sort(), expectedDefault);
        const grouped = [...new Set([...x, ...y])].filter((v) => z.has(v)).sort();
        assert.deepEqual([...codes(`(${a},${b});${c}`)].sort(), grouped);
      }),
      { numRuns: 150 },
    );
  });
});

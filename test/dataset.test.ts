import assert from 'node:assert/strict';
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import { describe, it } from 'node:test';
import { buildDirectory } from '../src/dataset/build.js';
import { Directory } from '../src/dataset/directory.js';
import { FULL_WIDTH_KANA_TEXT, HALF_WIDTH_KANA_TEXT, HIRAGANA_TEXT } from '../src/domain/kana.js';
import { BANK_FIELDS, BRANCH_FIELDS, BUSINESS_TYPE_FIELDS } from '../src/domain/types.js';
import { bundledDirectory } from './support/app.js';

const directory = bundledDirectory();

describe('bundled dataset', () => {
  it('holds the p20260824 master: 1,146 institutions and 28,944 branches', () => {
    assert.equal(directory.version, '2026-08-24T00:00:00+0900');
    assert.equal(directory.effectiveDate, '2026-08-24');
    assert.equal(directory.banks.length, 1146);
    assert.equal(directory.branchCount, 28944);
  });

  it('matches what the service in production answers for the city banks', () => {
    assert.deepEqual(directory.bank('0001'), {
      code: '0001', name: 'みずほ銀行', halfWidthKana: 'ﾐｽﾞﾎｷﾞﾝｺｳ', fullWidthKana: 'ミズホギンコウ', hiragana: 'みずほぎんこう', businessTypeCode: '00200', businessType: '都市銀行',
    });
    const forms = ['0005', '0009', '0010'].map((c) => directory.bank(c)).map((b) => [b?.code, b?.name, b?.halfWidthKana, b?.fullWidthKana, b?.hiragana]);
    assert.deepEqual(forms, [
      ['0005', '三菱ＵＦＪ銀行', 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲｷﾞﾝｺｳ', 'ミツビシユ－エフジエイギンコウ', 'みつびしゆ－えふじえいぎんこう'],
      ['0009', '三井住友銀行', 'ﾐﾂｲｽﾐﾄﾓｷﾞﾝｺｳ', 'ミツイスミトモギンコウ', 'みついすみともぎんこう'],
      ['0010', 'りそな銀行', 'ﾘｿﾅｷﾞﾝｺｳ', 'リソナギンコウ', 'りそなぎんこう'],
    ]);
  });

  it('gives every institution its full name with the suffix of its type', () => {
    const names = Object.fromEntries(
      ['1001', '2011', '2951', '3001', '3058', '9450', '9481', '9900', '1000', '2004', '3000', '3771', '0401', '0200', '0397'].map((c) => [c, directory.bank(c)?.name]),
    );
    assert.deepEqual(names, {
      '1001': '北海道信用金庫',
      '2011': '北央信用組合',
      '2951': '北海道労働金庫',
      '3001': '北海道信用農業協同組合連合会',
      '3058': '今金町農業協同組合',
      '9450': '北海道信用漁業協同組合連合会',
      '9481': 'ＪＦしまね漁業協同組合',
      '9900': 'ゆうちょ銀行',
      '1000': '信金中央金庫',
      '2004': '商工組合中央金庫',
      '3000': '農林中央金庫',
      '3771': '秋田たかのす農業協同組合',
      '0401': 'シティバンク、エヌ・エイ',
      '0200': 'ワイズ・ペイメンツ・ジャパン',
      '0397': 'ＳＢＩ新生銀行',
    });
    assert.equal(directory.bank('1001')?.halfWidthKana, 'ﾎﾂｶｲﾄﾞｳｼﾝﾖｳｷﾝｺ');
    assert.equal(directory.bank('2011')?.fullWidthKana, 'ホクオウシンヨウクミアイ');
  });

  it('assigns institution types from the one table', () => {
    const types = Object.fromEntries(['0001', '0038', '0116', '0501', '0288', '0307', '0401', '0603', '1001', '2011', '2213', '3058', '9481', '9900'].map((c) => [c, directory.bank(c)?.businessTypeCode]));
    assert.deepEqual(types, {
      '0001': '00200', '0038': '00700', '0116': '00300', '0501': '00400', '0288': '00500', '0307': '00800', '0401': '00600',
      '0603': '00600', '1001': '01100', '2011': '01400', '2213': '09900', '3058': '01900', '9481': '02100', '9900': '00900',
    });
    const used = new Set(directory.banks.map((b) => b.businessTypeCode));
    for (const code of used) assert.ok(directory.businessTypes.some((t) => t.code === code), `type ${code} is listed`);
  });

  it('obeys the character rules of docs/search-api.md#resources in all 30,090 records', () => {
    let checked = 0;
    const check = (where: string, r: { halfWidthKana: string; fullWidthKana: string; hiragana: string }) => {
      assert.match(r.halfWidthKana, HALF_WIDTH_KANA_TEXT, `${where} halfWidthKana ${r.halfWidthKana}`);
      assert.match(r.fullWidthKana, FULL_WIDTH_KANA_TEXT, `${where} fullWidthKana ${r.fullWidthKana}`);
      assert.match(r.hiragana, HIRAGANA_TEXT, `${where} hiragana ${r.hiragana}`);
      assert.ok(r.halfWidthKana.length > 0 && r.fullWidthKana.length > 0 && r.hiragana.length > 0, where);
      checked++;
    };
    for (const bank of directory.banks) {
      check(bank.code, bank);
      for (const branch of directory.branches(bank.code)) check(`${bank.code}-${branch.code}`, branch);
    }
    assert.equal(checked, 30090);
  });

  it('freezes every record with exactly the fields of its resource, in resource order', () => {
    // Views marked complete serve records as they are (src/search/operations.ts): their JSON is
    // the resource only while this holds.
    for (const bank of directory.banks) {
      assert.ok(Object.isFrozen(bank) && Object.keys(bank).join() === BANK_FIELDS.join(), bank.code);
      for (const branch of directory.branches(bank.code)) assert.ok(Object.isFrozen(branch) && Object.keys(branch).join() === BRANCH_FIELDS.join(), `${bank.code}-${branch.code}`);
    }
    for (const type of directory.businessTypes) assert.equal(Object.keys(type).join(), BUSINESS_TYPE_FIELDS.join());
  });

  it('converts the special characters of the Zengin kana (Ａ, U+3000, ．, ヴ) to each reading form', () => {
    assert.equal(directory.bank('0038')?.halfWidthKana, 'ﾄﾞｺﾓSMTBﾈﾂﾄｷﾞﾝｺｳ');
    assert.equal(directory.bank('0445')?.halfWidthKana, 'ｿｼｴﾃ ｼﾞｴﾈﾗﾙｷﾞﾝｺｳ');
    assert.equal(directory.bank('0421')?.halfWidthKana, 'ｸﾚﾃﾞｲ.ｱｸﾞﾘｺﾙｷﾞﾝｺｳ');
    const vu = directory.branches('0123').find((b) => b.code === '139');
    assert.ok(vu?.fullWidthKana.includes('ヴ'));
    assert.ok(vu?.hiragana.includes('ゔ'));
    assert.ok(vu?.halfWidthKana.includes('ｳﾞ'));
  });

  it('keeps two branches with one name apart (0489: 001 and 718, both 東京)', () => {
    const tokyo = directory.branches('0489').filter((b) => b.name === '東京').map((b) => b.code);
    assert.deepEqual(tokyo, ['001', '718']);
  });

  it('allows several branches with one code in a bank, ordered by name', () => {
    const d = buildDirectory({
      effectiveDate: '2026-01-01',
      institutions: [
        { code: '0001', name: 'みずほ', kana: 'ミズホ', branches: [
          { code: '001', name: '東京都庁公営企業出張所', kana: 'トウキヨウトチヨウ' },
          { code: '001', name: '東京営業部', kana: 'トウキヨウ' },
          { code: '002', name: '丸の内', kana: 'マルノウチ' },
        ] },
      ],
    });
    assert.ok(d instanceof Directory);
    assert.deepEqual(d.branchesByCode('0001', '001').map((b) => b.name), ['東京営業部', '東京都庁公営企業出張所']);
    assert.deepEqual([d.branchesByCode('0001', '000'), d.branchesByCode('0001', '003'), d.branchesByCode('9999', '001')], [[], [], []]);
    assert.equal(d.branchCount, 3);
  });

  it('finds every branch of the bundled data by its code, exactly as a scan would', () => {
    const d = loadBundledDirectory();
    for (const bank of d.banks) {
      const list = d.branches(bank.code);
      for (const code of new Set(list.map((b) => b.code))) assert.deepEqual(d.branchesByCode(bank.code, code), list.filter((b) => b.code === code));
    }
  });
});

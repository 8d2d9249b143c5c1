/**
 * `ginko accounts validate` (docs/payee-checks.md#files) on generated files: CSV in UTF-8 and
 * Shift_JIS with the real events, a malformed row; 全銀 files with and without CR LF, a wrong
 * trailer count and amount, a malformed record; the summary adding up to the input.
 */
import assert from 'node:assert/strict';
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { encodeShiftJis } from '../src/shared/input-encoding.js';
import { CHECK_COLUMNS, type PayeeFileSummary, validatePayeeFile, ZENGIN_OUTPUT_COLUMNS } from '../src/payee/payee-file.js';
import { UnreadableInputError } from '../src/shared/csv-file.js';
import { NEVER_CLOSED } from '../src/shared/csv-records.js';
import { PAYEE_CHECKER } from '../src/payee/payee-check.js';
import { PAYEE_VERDICTS } from '../src/payee/payee-problems.js';
import { bundledSnapshot } from './support/app.js';
import { runGinko } from './support/process.js';
import { useTempDirs } from './support/temp-dirs.js';
import { dataRecord, endRecord, headerRecord, trailerRecord, zenginFile } from './support/zengin-file.js';

const tempDir = useTempDirs('ginko-accounts-cli-');
const checker = bundledSnapshot().derive(PAYEE_CHECKER);

async function validate(content: string | Buffer): Promise<{ summary: PayeeFileSummary; rows: string[][] }> {
  const path = join(tempDir(), 'in');
  writeFileSync(path, content);
  const out = new PassThrough();
  let text = '';
  out.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const summary = await validatePayeeFile(checker, createReadStream(path), out);
  out.end();
  return { summary, rows: parse(text) as string[][] };
}

const counts = (given: Partial<Record<(typeof PAYEE_VERDICTS)[number], number>>) => Object.fromEntries(PAYEE_VERDICTS.map((v) => [v, given[v] ?? 0]));
const total = (s: PayeeFileSummary) => PAYEE_VERDICTS.reduce((sum, v) => sum + s.counts[v], 0);

const CSV = [
  '社員番号,金融機関コード,金融機関名,支店コード,支店名,預金種目,口座番号,受取人名,記号,番号,金額',
  '1,0001,みずほ銀行,001,東京営業部,普通,1234567,ﾔﾏﾀﾞ ﾀﾛｳ,,,1000',
  '2,0537,福邦銀行,110,春江中央,1,1234567,ｽｽﾞｷ ﾊﾅｺ,,,2000',
  '3,0038,住信ＳＢＩネット銀行,100,本店,1,7654321,ｻﾄｳ ｼﾞﾛｳ,,,3000',
  '4,3652,名取岩沼農協,100,増田,1,1111111,ﾀﾅｶ ｲﾁﾛｳ,,,4000',
  '5,0005,三菱ＵＦＪ銀行,569,トラスト,1,2222222,ｺﾊﾞﾔｼ ﾏｺﾄ,,,5000',
  '6,9999,ないぎんこう,001,本店,1,3333333,ｶﾄｳ ﾕｷ,,,6000',
  '7,9900,ゆうちょ銀行,,,,,ﾕｳﾁﾖ ﾊﾅｺ,14030,12345671,7000',
  '8,0001,みずほ銀行,001,東京営業部,1,4444444,山田 太郎,,,8000',
].join('\r\n');

describe('a CSV payee file', () => {
  it('keeps every column and appends verdict, successor and problems, in UTF-8 and Shift_JIS alike', async () => {
    const utf8 = await validate(CSV + '\r\n');
    const sjis = await validate(encodeShiftJis(CSV + '\r\n'));
    assert.deepEqual([utf8.summary.encoding, sjis.summary.encoding], ['UTF-8', 'Shift_JIS']);
    assert.deepEqual(sjis.rows, utf8.rows);
    const [header, ...rows] = utf8.rows;
    assert.deepEqual(header, [...CSV.split('\r\n')[0]!.split(','), ...CHECK_COLUMNS]);
    assert.deepEqual(rows[0]!.slice(0, 11), CSV.split('\r\n')[1]!.split(','));
    assert.deepEqual(
      rows.map((r) => [r[0], ...r.slice(11)]),
      [
        ['1', 'ok', '', '', '', '', ''],
        ['2', 'merged', '0147', '福井銀行', '110', '春江中央', 'bank_merged branch_merged'],
        ['3', 'renamed', '', '', '', '', 'bank_renamed'],
        ['4', 'merged', '3636', '仙台農業協同組合', '806', '増田', 'bank_merged branch_merged'],
        ['5', 'closed', '', '', '', '', 'branch_closed'],
        ['6', 'unknown_bank', '', '', '', '', 'bank_unknown'],
        ['7', 'ok', '', '', '', '', ''],
        ['8', 'invalid', '', '', '', '', 'holder_kana_kanji'],
      ],
    );
    assert.deepEqual(utf8.summary.counts, counts({ ok: 2, renamed: 1, merged: 2, closed: 1, unknown_bank: 1, invalid: 1 }));
    assert.equal(utf8.summary.read, 8);
  });

  it('reports a malformed row by its line and checks the rest; the counts add up to the rows', async () => {
    const { summary, rows } = await validate('bank_code,branch_code\n0001,001\n0001,001,extra\n"0537,110\n');
    assert.deepEqual(summary.malformed, [
      { at: 3, message: '3 fields where the header has 2' },
      { at: 4, message: NEVER_CLOSED },
    ]);
    assert.equal(rows.length, 2);
    assert.equal(summary.read, 3);
    assert.equal(total(summary) + summary.malformedCount, summary.read);
  });

  it('refuses a file without a bank code column, or without anything', async () => {
    await assert.rejects(validate('name,amount\nx,1\n'), (err: Error) => err instanceof UnreadableInputError && err.message === 'no bank code column (one of bank_code, bank code, bankcode, 金融機関コード, 金融機関番号, 銀行コード, 銀行番号); the header has: name, amount');
    await assert.rejects(validate(''), (err: Error) => err instanceof UnreadableInputError && err.message === 'the input is empty: a header line and rows are expected');
  });
});

const GOOD = [
  headerRecord(),
  dataRecord({ bankCode: '0001', bankName: 'ﾐｽﾞﾎ', branchCode: '001', branchName: 'ﾄｳｷﾖｳ', holder: 'ﾔﾏﾀﾞ ﾀﾛｳ', amount: 10000 }),
  dataRecord({ bankCode: '0537', bankName: 'ﾌｸﾎｳ', branchCode: '110', branchName: 'ﾊﾙｴﾁﾕｳｵｳ', holder: 'ｶ)ﾌｸｲｼﾖｳｼﾞ', amount: 25000 }),
  dataRecord({ bankCode: '0038', bankName: 'ｽﾐｼﾝｴｽﾋﾞ-ｱｲﾈﾂﾄ', branchCode: '100', branchName: 'ﾎﾝﾃﾝ', holder: 'ｻﾄｳ ｼﾞﾛｳ', amount: 5 }),
  trailerRecord(3, 35005),
  endRecord(),
];

describe('a 全銀 総合振込 file', () => {
  for (const lines of [true, false]) {
    it(`checks each data record and finds the file whole (${lines ? 'CR LF after each record' : 'records back to back'})`, async () => {
      const { summary, rows } = await validate(zenginFile(GOOD, lines));
      assert.deepEqual([summary.format, summary.fileKind, summary.read, summary.records], ['zengin', '総合振込', 6, { header: 1, data: 3, trailer: 1, end: 1 }]);
      assert.deepEqual([summary.fileProblems, summary.malformed], [[], []]);
      assert.deepEqual(rows[0], [...ZENGIN_OUTPUT_COLUMNS]);
      assert.deepEqual(rows.slice(1), [
        ['2', '0001', 'ﾐｽﾞﾎ', '001', 'ﾄｳｷﾖｳ', '1', '1234567', 'ﾔﾏﾀﾞ ﾀﾛｳ', '0000010000', 'ok', '', '', '', '', ''],
        ['3', '0537', 'ﾌｸﾎｳ', '110', 'ﾊﾙｴﾁﾕｳｵｳ', '1', '1234567', 'ｶ)ﾌｸｲｼﾖｳｼﾞ', '0000025000', 'merged', '0147', '福井銀行', '110', '春江中央', 'bank_merged branch_merged'],
        ['4', '0038', 'ｽﾐｼﾝｴｽﾋﾞ-ｱｲﾈﾂﾄ', '100', 'ﾎﾝﾃﾝ', '1', '1234567', 'ｻﾄｳ ｼﾞﾛｳ', '0000000005', 'renamed', '', '', '', '', 'bank_renamed'],
      ]);
      assert.deepEqual(summary.counts, counts({ ok: 1, merged: 1, renamed: 1 }));
    });
  }

  it('reports a trailer whose count and total differ from the data, by record number', async () => {
    const { summary } = await validate(zenginFile([...GOOD.slice(0, 4), trailerRecord(2, 35000), endRecord()], true));
    assert.deepEqual(summary.fileProblems, [
      { kind: 'rule', record: 5, message: '合計件数 2 but 3 data records' },
      { kind: 'rule', record: 5, message: '合計金額 35000 but the data records add up to 35005' },
    ]);
    assert.equal(total(summary), 3);
  });

  it('reports a malformed record and records out of order, and checks the rest', async () => {
    const short = Buffer.from('2'.padEnd(100, ' '));
    const unknown = Buffer.from('7'.padEnd(120, ' '));
    const records = [GOOD[0]!, GOOD[1]!, short, GOOD[2]!, unknown, GOOD[3]!, trailerRecord(3, 35005), GOOD[1]!, endRecord()];
    const { summary, rows } = await validate(zenginFile(records, true));
    assert.deepEqual(summary.malformed, [
      { at: 3, message: '100 bytes where a record has 120' },
      { at: 5, message: 'record kind "7" is none of 1 (header), 2 (data), 8 (trailer), 9 (end)' },
    ]);
    assert.deepEqual(summary.fileProblems, [{ kind: 'rule', record: 8, message: 'data record where a header or end record was expected' }]);
    assert.deepEqual(rows.slice(1).map((r) => r[0]), ['2', '4', '6', '8']);
    assert.deepEqual([summary.read, summary.records, summary.malformedCount, total(summary)], [9, { header: 1, data: 4, trailer: 1, end: 1 }, 2, 4]);
  });

  it('reports a record after the end record as one that should not be there', async () => {
    const { summary } = await validate(zenginFile([...GOOD, GOOD[1]!], true));
    assert.deepEqual(summary.fileProblems, [{ kind: 'rule', record: 7, message: 'data record where nothing more was expected' }]);
  });

  it('reports a file that ends early', async () => {
    const { summary } = await validate(zenginFile(GOOD.slice(0, 3), false));
    assert.deepEqual(summary.fileProblems, [{ kind: 'rule', record: 3, message: 'the file ends without a trailer record (8) and an end record (9)' }]);
  });
});

describe('ginko accounts validate', () => {
  it('writes the result and a summary that adds up to the input', async () => {
    const dir = tempDir();
    const input = join(dir, 'payees.csv');
    const output = join(dir, 'checked.csv');
    writeFileSync(input, encodeShiftJis(CSV + '\r\n8,0001,x\r\n'));
    const { code, stdout, stderr } = await runGinko(['accounts', 'validate', '--input', input, '--output', output]);
    assert.equal(code, 0, stderr);
    assert.equal(stdout, '');
    const lines = stderr.trim().split('\n');
    assert.deepEqual(lines[0], `${input}: CSV, Shift_JIS`);
    assert.equal(lines[1], `${input}:10: line left out: 3 fields where the header has 11`);
    assert.match(lines[2]!, /^9 rows: 8 checked, 1 left out; [0-9.]+ s \([0-9,]+ rows\/s\), written to /);
    assert.equal(lines[3], 'ok 2, name_mismatch 0, renamed 1, merged 2, closed 1, unknown_bank 1, unknown_branch 0, invalid 1');
    assert.equal((parse(readFileSync(output, 'utf8')) as string[][]).length, 9);
  });

  it('checks a 全銀 file to stdout, and fails only on what it cannot read', async () => {
    const dir = tempDir();
    const input = join(dir, 'sogo.txt');
    writeFileSync(input, zenginFile([...GOOD.slice(0, 4), trailerRecord(3, 1), endRecord()], true));
    const { code, stdout, stderr } = await runGinko(['accounts', 'validate', '--input', input]);
    assert.equal(code, 0, stderr);
    assert.equal((parse(stdout) as string[][]).length, 4);
    assert.match(stderr, /record 5: 合計金額 1 but the data records add up to 35005\n/);
    assert.match(stderr, /6 records: header 1, data 3 \(3 checked\), trailer 1, end 1, not read 0; file rules broken 1;/);
    const missing = await runGinko(['accounts', 'validate', '--input', join(dir, 'none.csv')]);
    assert.deepEqual([missing.code, missing.stderr], [1, `ginko: cannot read ${join(dir, 'none.csv')}: ENOENT\n`]);
    const output = join(dir, 'checked.csv');
    const unwritten = await runGinko(['accounts', 'validate', '--input', join(dir, 'none.csv'), '--output', output]);
    assert.deepEqual([unwritten.code, existsSync(output)], [1, false], 'an input that cannot be read leaves no output file');
  });
});

/**
 * `ginko resolve --input` on files that go wrong (docs/resolve.md#whole-files): a quote never
 * closed costs its own row and no other, reported where it opened; CR, LF and CR LF line ends;
 * bytes the encoding cannot read reported by line; the summary's counts adding up to the
 * input's rows; a 60 MB file read in flat memory.
 */
import assert from 'node:assert/strict';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { MAX_RECORD_LINES, NEVER_CLOSED, NOT_CLOSED_IN_TIME } from '../src/shared/csv-records.js';
import { encodeShiftJis } from '../src/shared/input-encoding.js';
import { type ResolveFileOptions, type ResolveFileResult, resolveFile } from '../src/cli/resolve-file.js';
import { warmResolveIndex } from '../src/resolve/resolve-index.js';
import { warmRomajiForms } from '../src/resolve/romaji-input.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';
import { runGinko, runGinkoMeasured } from './support/process.js';
import { nameRows } from './support/resolve-rows.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-resolve-file-error-');
const snapshot = bundledSnapshot();
const rows = nameRows(bundledDirectory(), 3000);
const lines = rows.map((r, i) => stringify([[String(i + 1), r.bank, r.branch]]).trimEnd());

before(() => {
  warmResolveIndex(snapshot);
  warmRomajiForms(snapshot);
});

/** resolveFile over bytes in memory, cut in chunks of `chunk` bytes, with the output it wrote. */
async function resolveBytes(bytes: Uint8Array, options: ResolveFileOptions = { context: 'default' }, chunk = 65_536): Promise<ResolveFileResult & { output: string[][] }> {
  let output = '';
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
  const result = await resolveFile(snapshot, chunks, (t) => void (output += t), options);
  return { ...result, output: parse(output) as string[][] };
}

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const total = (r: ResolveFileResult) => Object.values(r.counts).reduce((a, b) => a + b, 0);

describe('a quote never closed', () => {
  it('costs only its own row in a file of 3,000: reported at the line where it opened, the next 1,499 rows read', async () => {
    const broken = [...lines];
    broken[1499] = `1500,"${rows[1499]!.bank},${rows[1499]!.branch}`;
    const result = await resolveBytes(utf8(['id,bank_name,branch_name', ...broken].join('\n') + '\n'));
    // Not closed by the file's end: given up after 100 lines, the most one row may span.
    assert.deepEqual(result.malformed, [{ line: 1501, message: NOT_CLOSED_IN_TIME }]);
    assert.equal(result.rows, 2999);
    assert.equal(total(result), 2999);
    assert.deepEqual(
      result.output.slice(1).map((r) => r[0]),
      lines.map((_, i) => String(i + 1)).filter((id) => id !== '1500'),
    );
  });

  it(`gives up on a quote still open after ${MAX_RECORD_LINES} lines, and reads those lines again`, async () => {
    const body = lines.slice(0, 300);
    body[9] = `10,"${rows[9]!.bank},${rows[9]!.branch}`;
    // A closing quote far below: too far to be the same field.
    body[199] = `200,${rows[199]!.bank}",${rows[199]!.branch}`;
    const result = await resolveBytes(utf8(['id,bank_name,branch_name', ...body].join('\n')));
    assert.deepEqual(result.malformed, [{ line: 11, message: NOT_CLOSED_IN_TIME }]);
    assert.equal(result.rows, 299);
    assert.equal(result.output.find((r) => r[0] === '200')![1], `${rows[199]!.bank}"`, 'the stray quote kept as written');
  });

  it('keeps a quoted field that spans lines, with its line end as written', async () => {
    const result = await resolveBytes(utf8('id,bank_name,branch_name,memo\r\n1,みずほ銀行,新宿,"two\r\nlines"\r\n2,みずほ銀行,渋谷,x\r\n'));
    assert.deepEqual(result.malformed, []);
    assert.deepEqual(result.output.map((r) => [r[0], r[3], r[6]]), [['id', 'memo', 'branch_code'], ['1', 'two\r\nlines', '240'], ['2', 'x', '210']]);
  });
});

describe('line ends', () => {
  it('reads LF, CR LF and CR alone (and a mix, across any chunk boundary) as the same rows', async () => {
    const head = 'id,bank_name,branch_name';
    const small = [head, ...lines.slice(0, 200)];
    const expected = (await resolveBytes(utf8(small.join('\n') + '\n'))).output;
    assert.equal(expected.length, 201);
    for (const end of ['\r\n', '\r']) {
      for (const chunk of [65_536, 7, 1]) assert.deepEqual((await resolveBytes(utf8(small.join(end) + end), undefined, chunk)).output, expected, `${JSON.stringify(end)} in chunks of ${chunk}`);
    }
    const mixed = small.map((l, i) => l + ['\n', '\r\n', '\r'][i % 3]).join('');
    assert.deepEqual((await resolveBytes(utf8(mixed), undefined, 3)).output, expected);
  });
});

describe('bytes the encoding cannot read', () => {
  it('reports each line of invalid UTF-8 and reads it with U+FFFD, the file still read as UTF-8', async () => {
    const bytes = Buffer.concat([utf8('bank_name,branch_name\nみずほ銀行,新宿\n'), Buffer.from([0xe3, 0x81]), utf8(',新宿\nみずほ銀行,渋谷\n')]);
    const result = await resolveBytes(bytes);
    assert.equal(result.encoding, 'UTF-8');
    assert.deepEqual(result.undecodable, [{ line: 3, message: 'bytes that are not UTF-8 were read as U+FFFD' }]);
    assert.deepEqual(result.output.map((r) => r.slice(0, 3)), [['bank_name', 'branch_name', 'decision'], ['みずほ銀行', '新宿', 'auto_confirm'], ['\uFFFD', '新宿', 'unresolved'], ['みずほ銀行', '渋谷', 'auto_confirm']]);
  });

  it('reports each line of invalid Shift_JIS, the file still read as Shift_JIS', async () => {
    const bytes = Buffer.concat([encodeShiftJis('bank_name,branch_name\nみずほ銀行,新宿\n'), Buffer.from([0x81, 0x20, 0xff]), encodeShiftJis(',新宿\nみずほ銀行,渋谷\n')]);
    const result = await resolveBytes(bytes);
    assert.equal(result.encoding, 'Shift_JIS');
    assert.deepEqual(result.undecodable, [{ line: 3, message: 'bytes that are not Shift_JIS were read as U+FFFD' }]);
    assert.equal(result.rows, 3);
  });

  it('decides Shift_JIS from the first lines beyond ASCII, however many lines of ASCII come first', async () => {
    const ascii = Array.from({ length: 5000 }, (_, i) => `${i},mizuho,shinjuku`);
    const bytes = Buffer.concat([utf8(['id,bank_name,branch_name', ...ascii].join('\n') + '\n'), encodeShiftJis('5000,みずほ銀行,新宿\n')]);
    const result = await resolveBytes(bytes);
    assert.deepEqual([result.encoding, result.undecodable, result.output.at(-1)!.slice(1, 3)], ['Shift_JIS', [], ['みずほ銀行', '新宿']]);
  });
});

describe('ginko resolve --input on a file that goes wrong', () => {
  it('says every problem by line, warns of undecodable bytes, and its counts add up to the rows of the input', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.csv');
    const output = join(dir, 'out.csv');
    const text = ['bank_name,branch_name', 'みずほ銀行,新宿', '"never closed,x', 'みずほ銀行,渋谷', 'a,b,c', 'みずほ銀行,梅田'].join('\r');
    const bytes = Buffer.concat([utf8(text + '\r'), Buffer.from([0xff]), utf8(',新宿\r')]);
    writeFileSync(input, bytes);
    const run = await runGinko(['resolve', '--input', input, '--output', output]);
    assert.equal(run.code, 0, run.stderr);
    const said = run.stderr.trim().split('\n');
    assert.deepEqual(said.slice(0, 4), [`${input}: UTF-8`, `${input}:7: warning: bytes that are not UTF-8 were read as U+FFFD`, `${input}:3: row left out: ${NEVER_CLOSED}`, `${input}:5: row left out: 3 fields where the header has 2`]);
    assert.match(said[4]!, /^4 rows in /);
    // 6 rows in the input: 4 resolved, 2 left out.
    assert.equal(said[5], 'auto_confirm 3, needs_review 0, ambiguous 0, unresolved 1; malformed rows left out 2; lines with undecodable bytes 1');
    assert.equal((parse(readFileSync(output, 'utf8')) as string[][]).length, 5);
  });

  it('reads a 60 MB file in memory flat in its size', async () => {
    const dir = tempDir();
    const small = join(dir, 'small.csv');
    const big = join(dir, 'big.csv');
    const memo = 'x'.repeat(2000);
    const block = lines.slice(0, 100).map((l) => `${l},${memo}\n`).join('');
    const blocks = Math.ceil(60e6 / block.length);
    for (const [file, n] of [[small, 1], [big, blocks]] as const) {
      const fd = openSync(file, 'w');
      writeSync(fd, 'id,bank_name,branch_name,memo\n');
      for (let i = 0; i < n; i++) writeSync(fd, block);
      closeSync(fd);
    }
    assert.ok(readFileSync(big).length > 60e6);
    const baseline = await runGinkoMeasured(['resolve', '--input', small, '--output', join(dir, 'small-out.csv')]);
    const run = await runGinkoMeasured(['resolve', '--input', big, '--output', join(dir, 'big-out.csv')]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, new RegExp(`^${(blocks * 100).toLocaleString('en-US')} rows in `, 'm'));
    assert.ok(run.peakRssMb < baseline.peakRssMb + 64, `peak ${run.peakRssMb} MB for 60 MB, ${baseline.peakRssMb} MB for 100 rows`);
  });
});

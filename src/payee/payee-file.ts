/**
 * A whole payee file through the payee check (docs/payee-checks.md#files), for `ginko accounts
 * validate` and the console's Data page: streamed (memory flat in the file's size), with counts
 * that add up to it.
 *
 *   CSV     (src/shared/csv-file.ts) a header row whose columns are found by name in Japanese or English
 *           (PAYEE_COLUMNS); every row written back with every column it had, then the verdict,
 *           the successor and the problem codes. A row the CSV parser cannot read is reported
 *           by its line and left out.
 *   全銀    (zengin-records.ts, src/payee/zengin-transfer-file.ts) each data record checked; the
 *           output lists them with their record number; the file's own rules (kinds in order,
 *           trailer count and total) reported by record number.
 *
 * The format is decided from the first bytes: a 全銀 header record, or else CSV. Only an input
 * that cannot be read at all (no header, no bank code column) is an error.
 */
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { CsvFile, UnreadableInputError } from '../shared/csv-file.js';
import type { InputEncoding } from '../shared/input-encoding.js';
import type { Slices } from '../shared/slices.js';
import { DEPOSIT_TYPES } from './deposit-types.js';
import type { PayeeCheck, PayeeChecker, PayeeInput } from './payee-check.js';
import { PAYEE_VERDICTS, type PayeeVerdict } from './payee-problems.js';
import { zenginRecords } from './zengin-records.js';
import { looksLikeZenginFile, ZENGIN_RECORD_BYTES, ZenginFileRules, type ZenginFileProblem } from './zengin-transfer-file.js';

type PayeeColumn = keyof PayeeInput;

/** Header names recognised for each field, compared trimmed and in lower case. */
export const PAYEE_COLUMNS: Readonly<Record<PayeeColumn, readonly string[]>> = Object.freeze({
  bankCode: ['bank_code', 'bank code', 'bankcode', '金融機関コード', '金融機関番号', '銀行コード', '銀行番号'],
  branchCode: ['branch_code', 'branch code', 'branchcode', '支店コード', '支店番号', '店番', '店番号'],
  // `ginko resolve --input` finds its columns by these two (src/cli/resolve-file.ts).
  bankName: ['bank_name', 'bank', 'bankname', 'bank name', '金融機関名', '金融機関', '銀行名', '銀行'],
  branchName: ['branch_name', 'branch', 'branchname', 'branch name', '支店名', '支店'],
  accountType: ['account_type', 'account type', 'deposit_type', '預金種目', '種目', '口座種別', '預金種別', '科目'],
  accountNumber: ['account_number', 'account number', 'account_no', '口座番号'],
  holderKana: ['holder_kana', 'holder', 'holder_name', 'payee_kana', 'account_holder', '受取人名', '受取人', '受取人名カナ', '口座名義', '口座名義カナ', '名義', '名義人'],
  symbol: ['symbol', '記号'],
  number: ['number', '番号'],
});

/** The columns appended to every row, in order. */
export const CHECK_COLUMNS = ['verdict', 'successor_bank_code', 'successor_bank_name', 'successor_branch_code', 'successor_branch_name', 'problems'] as const;

/** The columns of the output of a 全銀 file: the data record's fields, then CHECK_COLUMNS. */
export const ZENGIN_OUTPUT_COLUMNS = ['record', 'bank_code', 'bank_name', 'branch_code', 'branch_name', 'account_type', 'account_number', 'holder_kana', 'amount', ...CHECK_COLUMNS] as const;

/** The most problems kept for the report; more are counted only (memory stays flat). */
export const MAX_REPORTED = 1000;

export interface PayeeFileSummary {
  readonly format: 'csv' | 'zengin';
  /** CSV: the text's encoding; 全銀: the file's kind (総合振込, 給与振込, 賞与振込) when its header says. */
  readonly encoding?: InputEncoding;
  readonly fileKind?: string;
  /** CSV rows after the header, or 全銀 records, as read (the malformed ones included). */
  readonly read: number;
  /** Rows or data records checked, by verdict; with `malformed` they add up to `read` (CSV) or the data records (全銀). */
  readonly counts: Readonly<Record<PayeeVerdict, number>>;
  /** Rows (by line) or records (by number) that could not be read, at most MAX_REPORTED of them. */
  readonly malformed: readonly { readonly at: number; readonly message: string }[];
  readonly malformedCount: number;
  /** CSV only: lines with bytes that are not of the file's encoding (read with U+FFFD and checked), at most MAX_REPORTED. */
  readonly undecodable?: readonly { readonly at: number; readonly message: string }[];
  readonly undecodableCount?: number;
  /** 全銀 only: the file's own rules broken (record kinds in order, trailer count and total), at most MAX_REPORTED. */
  readonly fileProblems: readonly ZenginFileProblem[];
  readonly fileProblemCount: number;
  /** 全銀 only: header, data, trailer and end records read whole. */
  readonly records?: Readonly<Record<'header' | 'data' | 'trailer' | 'end', number>>;
}

export interface PayeeFileOptions {
  /** Called now and then with the rows or records done so far. */
  readonly onProgress?: (done: number) => void;
  /** A server's: the check pauses between slices so that other requests are answered (src/shared/slices.ts). */
  readonly slices?: Slices;
}

async function yieldTurn(options: PayeeFileOptions): Promise<void> {
  if (options.slices?.due()) await options.slices.pause();
}

const zeroCounts = () => Object.fromEntries(PAYEE_VERDICTS.map((v) => [v, 0])) as Record<PayeeVerdict, number>;

/** What a row gains: the verdict, the successor and the problem codes. */
function checkCells(check: PayeeCheck): string[] {
  const s = check.successor;
  return [check.verdict, s?.bank_code ?? '', s?.bank_name ?? '', s?.branch_code ?? '', s?.branch_name ?? '', check.problems.map((p) => p.code).join(' ')];
}

/** Writes `text`, waiting when the stream asks to (so that a slow disk does not fill memory). */
async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

/** The first chunk, and all the chunks again, the first among them. */
async function opened(source: AsyncIterable<Buffer>): Promise<{ head: Buffer; chunks: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : first.value;
  async function* chunks(): AsyncGenerator<Buffer> {
    if (!first.done) yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, chunks: chunks() };
}

/**
 * Checks the file whose chunks `source` gives (a file's read stream: its first chunk should hold
 * a few records), writing the result CSV (UTF-8) to `out`.
 */
export async function validatePayeeFile(checker: PayeeChecker, source: AsyncIterable<Buffer>, out: Writable, options: PayeeFileOptions = {}): Promise<PayeeFileSummary> {
  const { head, chunks } = await opened(source);
  if (looksLikeZenginFile(head.subarray(0, ZENGIN_RECORD_BYTES + 2))) return validateZengin(checker, chunks, out, options);
  return validateCsv(checker, chunks, out, options);
}

/** Header position of each field found, by name. */
function columnsOf(header: readonly string[]): Partial<Record<PayeeColumn, number>> {
  const names = header.map((h) => h.trim().toLowerCase());
  const found: Partial<Record<PayeeColumn, number>> = {};
  for (const [column, known] of Object.entries(PAYEE_COLUMNS) as [PayeeColumn, readonly string[]][]) {
    const at = names.findIndex((n) => known.includes(n));
    if (at >= 0) found[column] = at;
  }
  return found;
}

/** 普通, 当座, 貯蓄, その他 written out, as many files do, read as their codes. */
const TYPE_BY_NAME = new Map<string, string>(Object.entries(DEPOSIT_TYPES).map(([code, name]) => [name, code]));

async function validateCsv(checker: PayeeChecker, chunks: AsyncIterable<Buffer>, out: Writable, options: PayeeFileOptions): Promise<PayeeFileSummary> {
  const file = new CsvFile(chunks);
  const counts = zeroCounts();
  const malformed: { at: number; message: string }[] = [];
  const undecodable: { at: number; message: string }[] = [];
  let malformedCount = 0;
  let undecodableCount = 0;
  let read = 0;
  let columns: Partial<Record<PayeeColumn, number>> | undefined;
  let width = 0;
  const leftOut = (at: number, message: string) => {
    if (malformedCount++ < MAX_REPORTED) malformed.push({ at, message });
  };
  for await (const item of file) {
    if (item.kind === 'undecodable') {
      if (undecodableCount++ < MAX_REPORTED) undecodable.push({ at: item.line, message: item.message });
      continue;
    }
    if (columns === undefined) {
      if (item.kind === 'problem') throw new UnreadableInputError(`line ${item.line}: the header cannot be read: ${item.message}`);
      columns = columnsOf(item.fields);
      width = item.fields.length;
      if (columns.bankCode === undefined) throw new UnreadableInputError(`no bank code column (one of ${PAYEE_COLUMNS.bankCode.join(', ')}); the header has: ${item.fields.join(', ')}`);
      const clash = CHECK_COLUMNS.some((c) => item.fields.includes(c));
      await write(out, stringify([[...item.fields, ...CHECK_COLUMNS.map((c) => (clash ? `checked_${c}` : c))]]));
      continue;
    }
    read++;
    await yieldTurn(options);
    if (item.kind === 'problem') {
      leftOut(item.line, item.message);
      continue;
    }
    const row = item.fields;
    if (row.length !== width) {
      leftOut(item.line, `${row.length} fields where the header has ${width}`);
      continue;
    }
    const cell = (c: PayeeColumn) => (columns![c] === undefined ? undefined : row[columns![c]!]);
    const type = cell('accountType')?.trim();
    const check = checker.check({
      bankCode: cell('bankCode'),
      branchCode: cell('branchCode'),
      bankName: cell('bankName'),
      branchName: cell('branchName'),
      accountType: type === undefined ? undefined : (TYPE_BY_NAME.get(type) ?? type),
      accountNumber: cell('accountNumber'),
      holderKana: cell('holderKana'),
      symbol: cell('symbol'),
      number: cell('number'),
    });
    counts[check.verdict]++;
    await write(out, stringify([[...row, ...checkCells(check)]]));
    if (read % 1000 === 0) options.onProgress?.(read);
  }
  if (columns === undefined) throw new UnreadableInputError('the input is empty: a header line and rows are expected');
  options.onProgress?.(read);
  return { format: 'csv', encoding: file.encoding, read, counts, malformed, malformedCount, undecodable, undecodableCount, fileProblems: [], fileProblemCount: 0 };
}

async function validateZengin(checker: PayeeChecker, chunks: AsyncIterable<Buffer>, out: Writable, options: PayeeFileOptions): Promise<PayeeFileSummary> {
  const rules = new ZenginFileRules(MAX_REPORTED);
  const counts = zeroCounts();
  const records = { header: 0, data: 0, trailer: 0, end: 0 };
  const KINDS: Readonly<Record<number, keyof typeof records>> = { 0x31: 'header', 0x32: 'data', 0x38: 'trailer', 0x39: 'end' };
  let n = 0;
  await write(out, stringify([[...ZENGIN_OUTPUT_COLUMNS]]));
  for await (const record of zenginRecords(chunks)) {
    n++;
    await yieldTurn(options);
    const data = rules.add(n, record);
    if (record.length === ZENGIN_RECORD_BYTES && KINDS[record[0]!]) records[KINDS[record[0]!]!]++;
    if (data) {
      const check = checker.check(data);
      counts[check.verdict]++;
      await write(out, stringify([[String(n), data.bankCode, data.bankName, data.branchCode, data.branchName, data.accountType, data.accountNumber, data.holderKana, data.amount, ...checkCells(check)]]));
    }
    if (n % 1000 === 0) options.onProgress?.(n);
  }
  rules.end();
  options.onProgress?.(n);
  const malformed = rules.problems.filter((p) => p.kind === 'malformed').map((p) => ({ at: p.record, message: p.message }));
  const fileProblems = rules.problems.filter((p) => p.kind === 'rule');
  return { format: 'zengin', ...(rules.fileKind ? { fileKind: rules.fileKind } : {}), read: n, counts, malformed, malformedCount: rules.counts.malformed, fileProblems, fileProblemCount: rules.counts.rule, records };
}

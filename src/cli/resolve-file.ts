/**
 * `ginko resolve --input FILE.csv --output OUT.csv`: a whole file of bank and branch names
 * through Resolve, offline (docs/resolve.md#whole-files). Every input row is written back with
 * every column it had, followed by the decision, the codes, the official names and the reason
 * codes. A row the CSV parser cannot read is reported with its line number and left out; the
 * rest are processed. Only an input that cannot be read at all is an error.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Snapshot } from '../dataset/snapshot.js';
import { MAX_INPUT_LENGTH, resolve } from '../resolve/resolve.js';
import { DECISIONS, type Decision, type ResolveContext } from '../resolve/types.js';
import { decodeInput, type InputEncoding } from './input-encoding.js';

/** Header names recognised when no column is given, compared in lower case. */
export const BANK_COLUMN_NAMES = ['bank_name', 'bank', 'bankname', 'bank name', '金融機関名', '金融機関', '銀行名', '銀行'];
export const BRANCH_COLUMN_NAMES = ['branch_name', 'branch', 'branchname', 'branch name', '支店名', '支店'];

/** The columns appended to every row, in order. */
export const RESULT_COLUMNS = ['decision', 'bank_code', 'branch_code', 'official_bank_name', 'official_branch_name', 'reason_codes'] as const;

export interface ResolveFileOptions {
  /** Header name or 1-based column number; found among BANK_COLUMN_NAMES when absent. */
  readonly bankColumn?: string | undefined;
  readonly branchColumn?: string | undefined;
  readonly context: ResolveContext;
  /** Called now and then with the rows done so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

export interface MalformedRow {
  /** 1-based line of the input where the row starts. */
  readonly line: number;
  readonly message: string;
}

export interface ResolveFileResult {
  readonly encoding: InputEncoding;
  readonly output: string;
  readonly rows: number;
  readonly counts: Readonly<Record<Decision, number>>;
  readonly malformed: readonly MalformedRow[];
}

/** An input that cannot be processed at all (no header, unknown column): exit code 1. */
export class UnreadableInputError extends Error {}

function columnIndex(header: readonly string[], given: string | undefined, known: readonly string[], what: string, option: string): number {
  if (given !== undefined) {
    const byName = header.indexOf(given);
    if (byName >= 0) return byName;
    if (/^[1-9][0-9]*$/.test(given) && Number(given) <= header.length) return Number(given) - 1;
    throw new UnreadableInputError(`${option} ${given}: no such column (the header has: ${header.join(', ')})`);
  }
  const found = header.findIndex((h) => known.includes(h.trim().toLowerCase()));
  if (found < 0) throw new UnreadableInputError(`no ${what} column: name it with ${option} (the header has: ${header.join(', ')})`);
  return found;
}

/** What is wrong with a row the CSV parser could not read, in plain words. */
type CsvRowError = Error & { readonly code?: string; readonly lines?: number; readonly record?: readonly string[] };

function describe(err: CsvRowError, columns: number): string {
  if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && err.record) return `${err.record.length} fields where the header has ${columns}`;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is never closed: everything from its opening quote to the end of the file was read as one field';
  return err.message;
}

export function resolveFile(snapshot: Snapshot, bytes: Uint8Array, options: ResolveFileOptions): ResolveFileResult {
  const { text, encoding } = decodeInput(bytes);
  const skipped: CsvRowError[] = [];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      // A stray quote inside a field ("bad"x, 5"3) is kept as written rather than losing the row.
      relax_quotes: true,
      on_skip: (err) => {
        if (err) skipped.push(err);
        return undefined;
      },
      // With info: true each record comes with its position; the sync typings do not model it.
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    throw new UnreadableInputError(`not a CSV file: ${(err as Error).message}`);
  }
  const [head, ...rows] = records;
  if (!head) throw new UnreadableInputError('the input is empty: a header line and rows are expected');
  const header = head.record;
  const malformed: MalformedRow[] = skipped.map((err) => ({ line: err.lines ?? 0, message: describe(err, header.length) }));
  const bankAt = columnIndex(header, options.bankColumn, BANK_COLUMN_NAMES, 'bank name', '--bank-column');
  const branchAt = columnIndex(header, options.branchColumn, BRANCH_COLUMN_NAMES, 'branch name', '--branch-column');
  const clash = RESULT_COLUMNS.some((c) => header.includes(c));
  const resultHeader = RESULT_COLUMNS.map((c) => (clash ? `resolved_${c}` : c));

  const counts = Object.fromEntries(DECISIONS.map((d) => [d, 0])) as Record<Decision, number>;
  const out: string[][] = [[...header, ...resultHeader]];
  for (const [i, { record }] of rows.entries()) {
    const answer = resolve(snapshot, {
      bankName: [...record[bankAt]!].slice(0, MAX_INPUT_LENGTH).join(''),
      branchName: [...record[branchAt]!].slice(0, MAX_INPUT_LENGTH).join(''),
      context: options.context,
    }).answer;
    counts[answer.decision]++;
    const best = answer.best_match;
    out.push([...record, answer.decision, best?.bank_code ?? '', best?.branch_code ?? '', best?.bank_name ?? '', best?.branch_name ?? '', answer.reason_codes.join(' ')]);
    if (options.onProgress && i % 100 === 99) options.onProgress(i + 1, rows.length);
  }
  options.onProgress?.(rows.length, rows.length);
  return { encoding, output: stringify(out), rows: rows.length, counts, malformed };
}

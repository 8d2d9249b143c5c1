/**
 * `ginko resolve --input FILE.csv --output OUT.csv`: a whole file of bank and branch names
 * through Resolve, offline (docs/resolve.md#whole-files). The file is streamed: read line by
 * line (input-lines.ts), cut into records (csv-records.ts), each row resolved and written out at
 * once, so memory stays flat in the file's size. Every input row is written back with every
 * column it had, followed by the decision, the codes, the official names and the reason codes.
 * A row that cannot be read is reported with its line number and left out; a line with bytes
 * its encoding cannot read is reported and read with U+FFFD; the rest are processed. Only an
 * input that cannot be read at all is an error.
 */
import { stringify } from 'csv-stringify/sync';
import type { Snapshot } from '../dataset/snapshot.js';
import { MAX_INPUT_LENGTH, resolve } from '../resolve/resolve.js';
import { DECISIONS, type Decision, type ResolveContext } from '../resolve/types.js';
import { PAYEE_COLUMNS } from '../payee/payee-file.js';
import { CsvFile, type CsvFileItem, UnreadableInputError } from '../shared/csv-file.js';
import type { InputEncoding } from '../shared/input-encoding.js';

/** Header names recognised when no column is given, compared in lower case. */
export const BANK_COLUMN_NAMES = PAYEE_COLUMNS.bankName;
export const BRANCH_COLUMN_NAMES = PAYEE_COLUMNS.branchName;

/** The columns appended to every row, in order. */
export const RESULT_COLUMNS = ['decision', 'bank_code', 'branch_code', 'official_bank_name', 'official_branch_name', 'reason_codes'] as const;

export interface ResolveFileOptions {
  /** Header name or 1-based column number; found among BANK_COLUMN_NAMES when absent. */
  readonly bankColumn?: string | undefined;
  readonly branchColumn?: string | undefined;
  readonly context: ResolveContext;
  /** Called every 100 rows with the rows done so far. */
  readonly onProgress?: (done: number) => void;
}

/** A line reported on stderr: a row left out, or bytes read as U+FFFD. */
export interface LineProblem {
  /** 1-based line of the input (for a row, where it starts). */
  readonly line: number;
  readonly message: string;
}

/** Problems listed one by one in a result; past them they are only counted, so memory stays flat. */
export const LISTED_PROBLEMS = 1000;

export interface ResolveFileResult {
  readonly encoding: InputEncoding;
  /** Rows resolved and written: the counts add up to it. */
  readonly rows: number;
  readonly counts: Readonly<Record<Decision, number>>;
  /** The first LISTED_PROBLEMS rows left out, and how many there were in all. */
  readonly malformed: readonly LineProblem[];
  readonly malformedCount: number;
  /** The first LISTED_PROBLEMS lines with undecodable bytes, and how many there were in all. */
  readonly undecodable: readonly LineProblem[];
  readonly undecodableCount: number;
}

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

/** Problems of one kind: the first ones listed, all counted. */
class ProblemList {
  readonly listed: LineProblem[] = [];
  count = 0;
  add(problem: LineProblem): void {
    if (this.count++ < LISTED_PROBLEMS) this.listed.push(problem);
  }
}

/**
 * Resolves every row of the CSV file whose bytes come in `chunks`, handing the output CSV to
 * `write` a row at a time (awaited, so a slow disk holds the reading back). Nothing is written
 * before the header has been read and its columns found.
 */
export async function resolveFile(snapshot: Snapshot, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, write: (text: string) => void | Promise<void>, options: ResolveFileOptions): Promise<ResolveFileResult> {
  const file = new CsvFile(chunks);
  const malformed = new ProblemList();
  const undecodable = new ProblemList();
  const counts = Object.fromEntries(DECISIONS.map((d) => [d, 0])) as Record<Decision, number>;
  let rows = 0;
  let columns: { header: readonly string[]; bankAt: number; branchAt: number } | undefined;

  const take = async (item: CsvFileItem) => {
    if (item.kind === 'undecodable') return undecodable.add({ line: item.line, message: item.message });
    if (item.kind === 'problem') return malformed.add({ line: item.line, message: item.message });
    if (!columns) {
      const header = item.fields;
      columns = { header, bankAt: columnIndex(header, options.bankColumn, BANK_COLUMN_NAMES, 'bank name', '--bank-column'), branchAt: columnIndex(header, options.branchColumn, BRANCH_COLUMN_NAMES, 'branch name', '--branch-column') };
      const clash = RESULT_COLUMNS.some((c) => header.includes(c));
      return write(stringify([[...header, ...RESULT_COLUMNS.map((c) => (clash ? `resolved_${c}` : c))]]));
    }
    const record = item.fields;
    if (record.length !== columns.header.length) return malformed.add({ line: item.line, message: `${record.length} fields where the header has ${columns.header.length}` });
    const answer = resolve(snapshot, {
      bankName: [...record[columns.bankAt]!].slice(0, MAX_INPUT_LENGTH).join(''),
      branchName: [...record[columns.branchAt]!].slice(0, MAX_INPUT_LENGTH).join(''),
      context: options.context,
    }).answer;
    counts[answer.decision]++;
    rows++;
    const best = answer.best_match;
    await write(stringify([[...record, answer.decision, best?.bank_code ?? '', best?.branch_code ?? '', best?.bank_name ?? '', best?.branch_name ?? '', answer.reason_codes.join(' ')]]));
    if (options.onProgress && rows % 100 === 0) options.onProgress(rows);
  };

  for await (const item of file) await take(item);
  if (!columns) throw new UnreadableInputError('the input is empty: a header line and rows are expected');
  options.onProgress?.(rows);
  return { encoding: file.encoding, rows, counts, malformed: malformed.listed, malformedCount: malformed.count, undecodable: undecodable.listed, undecodableCount: undecodable.count };
}

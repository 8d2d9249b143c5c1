/**
 * A CSV file read as a stream, the one reader of CSV files Ginko takes (`ginko resolve --input`,
 * `ginko accounts validate`, the console's payee check): its bytes split into numbered lines
 * (CR, LF or CR LF) and decoded once the encoding is decided (input-lines.ts), then gathered
 * into records (csv-records.ts). Memory stays flat in the file's size. Besides the records come
 * the rows that could not be read (`problem`, at the line where they start) and the lines with
 * bytes that are not of the file's encoding (`undecodable`, read with U+FFFD and still used).
 */
import { type CsvItem, CsvRecords } from './csv-records.js';
import type { InputEncoding } from './input-encoding.js';
import { InputLines } from './input-lines.js';

export type CsvFileItem = CsvItem | { readonly kind: 'undecodable'; readonly line: number; readonly message: string };

export class CsvFile implements AsyncIterable<CsvFileItem> {
  readonly #lines: InputLines;

  constructor(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    this.#lines = new InputLines(chunks);
  }

  /** Decided from the first lines beyond ASCII; UTF-8 for a file of ASCII alone. */
  get encoding(): InputEncoding {
    return this.#lines.encoding ?? 'UTF-8';
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<CsvFileItem> {
    const records = new CsvRecords();
    for await (const line of this.#lines) {
      if (line.undecodable) yield { kind: 'undecodable', line: line.number, message: `bytes that are not ${this.encoding} were read as U+FFFD` };
      yield* records.push(line);
    }
    yield* records.end();
  }
}

/** An input that cannot be processed at all (empty, no header, a column it needs missing): the commands exit 1. */
export class UnreadableInputError extends Error {}

/**
 * A CSV file read as a stream of rows, its memory flat in the file's size: the encoding decided
 * from the first chunk (as src/cli/input-encoding.ts decides it for a whole file: a BOM, else
 * valid UTF-8, else Shift_JIS), the text
 * decoded chunk by chunk and parsed by csv-parse's streaming parser. Each row comes with the
 * line it starts on; a row the parser cannot read comes as `malformed` with its line and the
 * reason in plain words, and the rows after it are still read. Written to be the one streaming
 * reader of CSV files: `ginko accounts validate` and the console's payee check use it, and
 * `ginko resolve --input` can once it streams.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

/** How the file's text was written (src/cli/input-encoding.ts decides a whole file's the same way). */
export type InputEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'Shift_JIS';

export interface CsvRow {
  readonly kind: 'row';
  /** 1-based line of the input where the row starts. */
  readonly line: number;
  readonly fields: readonly string[];
}

export interface CsvMalformed {
  readonly kind: 'malformed';
  readonly line: number;
  readonly message: string;
}

export interface CsvInput {
  readonly encoding: InputEncoding;
  /** The header (the first row) and the rows after it, in order. */
  readonly rows: AsyncIterable<CsvRow | CsvMalformed>;
}

/** The first chunk decides the encoding: large enough to hold a few hundred rows. */
const SNIFF_BYTES = 64 * 1024;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The encoding of a file whose first bytes are `head` (a prefix: a character cut at its end is no error). */
export function sniffEncoding(head: Uint8Array): InputEncoding {
  if (head.length >= 3 && BOM.equals(head.subarray(0, 3))) return 'UTF-8 with BOM';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'UTF-8';
  } catch {
    return 'Shift_JIS';
  }
}

interface TextDecoderLike {
  write(chunk: Buffer): string;
  end(): string;
}

function decoderFor(encoding: InputEncoding): TextDecoderLike {
  if (encoding === 'Shift_JIS') {
    const decoder = iconv.getDecoder('cp932');
    return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() ?? '' };
  }
  // Past the first chunk a stray byte is read as U+FFFD rather than stopping the file.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  return { write: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
}

async function* decoded(first: Buffer, rest: AsyncIterator<Buffer>, encoding: InputEncoding): AsyncGenerator<string> {
  const decoder = decoderFor(encoding);
  yield decoder.write(first);
  for (;;) {
    const next = await rest.next();
    if (next.done) break;
    yield decoder.write(next.value);
  }
  const tail = decoder.end();
  if (tail !== '') yield tail;
}

type CsvError = Error & { readonly code?: string; readonly lines?: number; readonly record?: readonly string[] };

/** What is wrong with a row the parser could not read, in plain words. */
export function describeCsvError(err: CsvError, columns: number | undefined): string {
  if (err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && err.record && columns !== undefined) return `${err.record.length} fields where the header has ${columns}`;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is never closed: everything from its opening quote to the end of the file was read as one field';
  return err.message;
}

/** The rows of `source` (a file's path or its chunks). */
export async function readCsv(source: string | AsyncIterable<Buffer>): Promise<CsvInput> {
  const chunks = (typeof source === 'string' ? createReadStream(source, { highWaterMark: SNIFF_BYTES }) : source)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head = await chunks.next();
  const first = head.done ? Buffer.alloc(0) : Buffer.from(head.value);
  const encoding = sniffEncoding(first);
  const body = encoding === 'UTF-8 with BOM' ? first.subarray(3) : first;
  return { encoding, rows: rowsOf(Readable.from(decoded(body, chunks, encoding))) };
}

async function* rowsOf(text: Readable): AsyncGenerator<CsvRow | CsvMalformed> {
  // Problems arrive as the parser meets them, which may be ahead of the rows it has handed out.
  const skipped: CsvMalformed[] = [];
  let columns: number | undefined;
  const parser = text.pipe(
    parse({
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      // A stray quote inside a field ("bad"x, 5"3) is kept as written rather than losing the row.
      relax_quotes: true,
      // With info: true each record comes as { record, info }.
      // With info: true each record comes as { record, info }; the typings do not model it.
      on_record: ((entry: { record: string[] }) => {
        columns ??= entry.record.length;
        return entry;
      }) as unknown as (record: string[]) => string[],
      on_skip: (err: Error | undefined) => {
        if (err) skipped.push({ kind: 'malformed', line: (err as CsvError).lines ?? 0, message: describeCsvError(err as CsvError, columns) });
        return undefined;
      },
    }),
  );
  text.on('error', (err) => parser.destroy(err));
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    // info.lines is the line the record ends on; a quoted field may span lines.
    const line = info.lines - countNewlines(record);
    while (skipped.length > 0 && skipped[0]!.line < line) yield skipped.shift()!;
    yield { kind: 'row', line, fields: record };
  }
  yield* skipped;
}

/** Line breaks inside a record's fields: how many lines before its last it started. */
function countNewlines(record: readonly string[]): number {
  let n = 0;
  for (const field of record) for (let i = field.indexOf('\n'); i >= 0; i = field.indexOf('\n', i + 1)) n++;
  return n;
}

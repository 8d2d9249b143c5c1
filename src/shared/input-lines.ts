/**
 * A file's bytes as numbered lines, read as they stream in: a line ends at LF, CR LF or a CR
 * alone (the old Mac form), split on the bytes themselves, which UTF-8 and Shift_JIS never use
 * inside a character. Each line is decoded on its own (input-encoding.ts), after the encoding
 * is decided from the first lines beyond ASCII. Memory stays flat in the file's size: a line
 * longer than MAX_LINE_BYTES is not kept, only reported.
 */
import { decideEncoding, decodeLine, DECISION_SAMPLE_BYTES, type InputEncoding, isAscii, UTF8_BOM } from './input-encoding.js';

/** The longest line kept; a longer one is reported and left out (docs/resolve.md#whole-files). */
export const MAX_LINE_BYTES = 1024 * 1024;

export interface InputLine {
  /** 1-based. */
  readonly number: number;
  readonly text: string;
  /** How the line ended in the file ('' for the last line without an end), kept inside a quoted field. */
  readonly end: '\n' | '\r\n' | '\r' | '';
  /** Some bytes were not of the file's encoding (they are U+FFFD in `text`). */
  readonly undecodable: boolean;
  /** Longer than MAX_LINE_BYTES: `text` is empty. */
  readonly tooLong: boolean;
}

interface RawLine {
  readonly number: number;
  readonly bytes: Uint8Array;
  readonly end: InputLine['end'];
  readonly tooLong: boolean;
}

const LF = 0x0a;
const CR = 0x0d;

/** Splits chunks of bytes into raw lines, whatever the chunks' boundaries. */
async function* rawLines(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<RawLine> {
  let number = 0;
  let parts: Uint8Array[] = [];
  let length = 0;
  let tooLong = false;
  /** The last chunk ended in a CR: an LF first in the next one belongs to it. */
  let afterCr = false;
  const line = (end: InputLine['end']): RawLine => {
    const bytes = tooLong ? new Uint8Array(0) : parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const raw = { number: ++number, bytes, end, tooLong };
    parts = [];
    length = 0;
    tooLong = false;
    return raw;
  };
  const keep = (bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    length += bytes.length;
    if (length > MAX_LINE_BYTES) {
      tooLong = true;
      parts = [];
    } else if (!tooLong) parts.push(bytes);
  };
  for await (const chunk of chunks) {
    let start = 0;
    if (afterCr) {
      afterCr = false;
      if (chunk[0] === LF) {
        yield line('\r\n');
        start = 1;
      } else yield line('\r');
    }
    for (let i = start; i < chunk.length; i++) {
      const b = chunk[i];
      if (b !== LF && b !== CR) continue;
      keep(chunk.subarray(start, i));
      if (b === LF) yield line('\n');
      else if (i + 1 === chunk.length) afterCr = true;
      else if (chunk[i + 1] === LF) {
        yield line('\r\n');
        i++;
      } else yield line('\r');
      start = i + 1;
    }
    if (start < chunk.length) keep(chunk.subarray(start));
  }
  if (afterCr) yield line('\r');
  else if (length > 0 || tooLong) yield line('');
}

/** The lines of a file and, once known, its encoding. */
export class InputLines {
  /** Decided at the first lines beyond ASCII; UTF-8 for a file of ASCII alone. */
  encoding: InputEncoding | undefined;

  constructor(private readonly chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<InputLine> {
    /** Lines held back until the encoding is decided: all but the first are beyond ASCII or after one. */
    let held: RawLine[] = [];
    let heldBytes = 0;
    const decode = (raw: RawLine): InputLine => {
      const { text, undecodable } = decodeLine(raw.bytes, this.encoding ?? 'UTF-8');
      return { number: raw.number, text, end: raw.end, undecodable, tooLong: raw.tooLong };
    };
    for await (let raw of rawLines(this.chunks)) {
      if (raw.number === 1 && UTF8_BOM.every((b, i) => raw.bytes[i] === b)) {
        this.encoding = 'UTF-8 with BOM';
        raw = { ...raw, bytes: raw.bytes.subarray(UTF8_BOM.length) };
      }
      if (this.encoding) {
        yield decode(raw);
        continue;
      }
      // Lines of ASCII alone read the same in either encoding: they need no decision.
      if (held.length === 0 && isAscii(raw.bytes)) {
        yield decode(raw);
        continue;
      }
      held.push(raw);
      heldBytes += raw.bytes.length;
      if (heldBytes >= DECISION_SAMPLE_BYTES) {
        this.encoding = decideEncoding(held.map((l) => l.bytes));
        for (const l of held) yield decode(l);
        held = [];
      }
    }
    this.encoding ??= held.length > 0 ? decideEncoding(held.map((l) => l.bytes)) : 'UTF-8';
    for (const l of held) yield decode(l);
  }
}

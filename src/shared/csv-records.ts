/**
 * CSV records (RFC 4180, with the leniency of files people hand over) read from numbered lines
 * one at a time, so a whole file never has to be in memory. A quoted field may hold line ends;
 * one that is never closed (by the file's end, or within MAX_RECORD_LINES lines) is reported at
 * the line where it opened, and reading goes on at the next line, so one stray quote costs one
 * row, not the rest of the file. Empty lines are skipped; a stray quote inside a field ("bad"x,
 * 5"3) is kept as written (docs/resolve.md#whole-files). Pure.
 */
import { type InputLine, MAX_LINE_BYTES } from './input-lines.js';

/** The most lines one record may span; a quoted field still open after them is taken as never closed. */
export const MAX_RECORD_LINES = 100;

export type CsvItem = { readonly kind: 'record'; readonly line: number; readonly fields: string[] } | { readonly kind: 'problem'; readonly line: number; readonly message: string };

export const NEVER_CLOSED = 'a quoted field is never closed: the row is left out and reading goes on at the next line';
export const NOT_CLOSED_IN_TIME = `a quoted field is not closed within ${MAX_RECORD_LINES} lines: the row is left out and reading goes on at the next line`;
export const LINE_TOO_LONG = `the line is longer than ${MAX_LINE_BYTES} bytes`;

/** The fields of one record's text, or undefined while a quoted field is still open. */
export function scanRecord(text: string): string[] | undefined {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let next: number;
    if (text[i] === '"') {
      let value = '';
      let from = i + 1;
      let close: number;
      for (;;) {
        close = text.indexOf('"', from);
        if (close < 0) return undefined;
        if (text[close + 1] !== '"') break;
        value += text.slice(from, close + 1);
        from = close + 2;
      }
      value += text.slice(from, close);
      next = close + 1;
      if (next < text.length && text[next] !== ',') {
        // Something after the closing quote: the field is taken as written, quotes and all.
        const comma = text.indexOf(',', next);
        next = comma < 0 ? text.length : comma;
        value = text.slice(i, next);
      }
      fields.push(value);
    } else {
      const comma = text.indexOf(',', i);
      next = comma < 0 ? text.length : comma;
      fields.push(text.slice(i, next));
    }
    if (next >= text.length) return fields;
    i = next + 1;
    if (i === text.length) {
      fields.push('');
      return fields;
    }
  }
}

export class CsvRecords {
  /** The lines of a record whose quoted field is still open. */
  #open: InputLine[] = [];
  #openChars = 0;

  /** The records and problems complete once `line` has been read. */
  push(line: InputLine): CsvItem[] {
    const out: CsvItem[] = [];
    this.#feed(line, out);
    return out;
  }

  /** What is left at the file's end. */
  end(): CsvItem[] {
    const out: CsvItem[] = [];
    while (this.#open.length > 0) this.#giveUp(NEVER_CLOSED, out);
    return out;
  }

  #feed(line: InputLine, out: CsvItem[]): void {
    if (line.tooLong) {
      // A record cannot go on through a line that was not kept.
      while (this.#open.length > 0) this.#giveUp(NEVER_CLOSED, out);
      out.push({ kind: 'problem', line: line.number, message: LINE_TOO_LONG });
      return;
    }
    if (this.#open.length === 0 && line.text === '') return;
    this.#open.push(line);
    this.#openChars += line.text.length;
    const lines = this.#open;
    // A line without a quote cannot close the field left open: no need to scan the record again.
    const mayClose = lines.length === 1 || line.text.includes('"');
    const fields = mayClose ? scanRecord(lines.length === 1 ? line.text : lines.map((l, i) => (i < lines.length - 1 ? l.text + l.end : l.text)).join('')) : undefined;
    if (fields) {
      out.push({ kind: 'record', line: lines[0]!.number, fields });
      this.#open = [];
      this.#openChars = 0;
    } else if (lines.length >= MAX_RECORD_LINES || this.#openChars > MAX_LINE_BYTES) this.#giveUp(NOT_CLOSED_IN_TIME, out);
  }

  /** Reports the open record at its first line and reads its other lines again, as lines of their own. */
  #giveUp(message: string, out: CsvItem[]): void {
    const [first, ...rest] = this.#open;
    this.#open = [];
    this.#openChars = 0;
    out.push({ kind: 'problem', line: first!.number, message });
    for (const l of rest) this.#feed(l, out);
  }
}

/**
 * The records of a 全銀 file as a stream (docs/payee-checks.md#zengin-files): 120-byte records
 * one after another, or each on its own line (CR LF, or LF alone). The form is decided by what
 * follows the first record. A line of another length is handed on as it is (the file's rules
 * report it by its number); an EOF mark (0x1A) at the end is dropped. Memory is one chunk and one
 * record, whatever the file's size.
 */
import { ZENGIN_RECORD_BYTES } from './zengin-transfer-file.js';

const CR = 0x0d;
const LF = 0x0a;
const EOF_MARK = 0x1a;

/** Whether a record or line is only the EOF mark (and spaces), which some software appends. */
const isEofMark = (bytes: Buffer) => bytes.length > 0 && bytes[0] === EOF_MARK && bytes.subarray(1).every((b) => b === EOF_MARK || b === CR || b === LF);

export async function* zenginRecords(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending = Buffer.alloc(0);
  let lines: boolean | undefined;
  for await (const chunk of chunks) {
    pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
    if (lines === undefined) {
      if (pending.length <= ZENGIN_RECORD_BYTES) continue;
      lines = pending[ZENGIN_RECORD_BYTES] === CR || pending[ZENGIN_RECORD_BYTES] === LF;
    }
    if (lines) {
      let at = pending.indexOf(LF);
      while (at >= 0) {
        const line = withoutCr(pending.subarray(0, at));
        if (!isEofMark(line)) yield line;
        pending = pending.subarray(at + 1);
        at = pending.indexOf(LF);
      }
    } else {
      while (pending.length >= ZENGIN_RECORD_BYTES) {
        yield pending.subarray(0, ZENGIN_RECORD_BYTES);
        pending = pending.subarray(ZENGIN_RECORD_BYTES);
      }
    }
    // Kept apart from the chunk it came in, which can then be freed.
    pending = Buffer.from(pending);
  }
  const rest = lines ? withoutCr(pending) : pending;
  if (rest.length > 0 && !isEofMark(rest)) yield rest;
}

function withoutCr(line: Buffer): Buffer {
  return line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, -1) : line;
}

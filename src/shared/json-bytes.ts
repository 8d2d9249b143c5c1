/**
 * A JSON answer written as UTF-8 bytes, from text and from bytes made once and kept (a record's
 * JSON, kept-bytes.ts). A list of 30 branches is then one buffer filled by copying their bytes.
 * Sent as text instead, the same answer is measured in UTF-8 for Content-Length, joined to the
 * response head, flattened (two bytes a character for Japanese text) and encoded once more by
 * the socket's write: about twice the work, and the copies are garbage
 * (docs/benchmarks.md#answers-as-bytes).
 *
 * The bytes are written into a scratch buffer reused from answer to answer, then copied once
 * into a buffer of the exact length.
 */

import { mostJsonStringBytes, mostUtf8Bytes, writeAscii, writeJsonString } from './text-bytes.js';

const SCRATCH_BYTES = 64 * 1024;

let scratch: Buffer | undefined;

export class JsonWriter {
  #at = 0;

  constructor(private buffer: Buffer) {}

  get byteLength(): number {
    return this.#at;
  }

  /** Text known to be ASCII: JSON punctuation, numbers, plain keys and values. */
  ascii(text: string): this {
    this.#room(text.length);
    this.#at = writeAscii(this.buffer, this.#at, text);
    return this;
  }

  /** Any text, such as JSON.stringify's of a value that may hold Japanese. */
  text(text: string): this {
    this.#room(mostUtf8Bytes(text));
    this.#at += this.buffer.write(text, this.#at);
    return this;
  }

  /** `value` as a JSON string, exactly as JSON.stringify writes it. */
  string(value: string): this {
    this.#room(mostJsonStringBytes(value));
    this.#at = writeJsonString(this.buffer, this.#at, value);
    return this;
  }

  /** JSON already in UTF-8. */
  bytes(bytes: Uint8Array): this {
    this.#room(bytes.length);
    this.buffer.set(bytes, this.#at);
    this.#at += bytes.length;
    return this;
  }

  /** The bytes written, copied into a buffer of their own length (from Buffer's shared pool when small). */
  copy(): Buffer {
    const out = Buffer.allocUnsafe(this.#at);
    this.buffer.copy(out, 0, 0, this.#at);
    return out;
  }

  #room(bytes: number): void {
    const needed = this.#at + bytes;
    if (needed <= this.buffer.length) return;
    const larger = Buffer.allocUnsafeSlow(Math.max(needed, 2 * this.buffer.length));
    this.buffer.copy(larger, 0, 0, this.#at);
    this.buffer = larger;
  }
}

/**
 * The JSON that `write` writes, in UTF-8. Synchronous; a call inside `write` gets a buffer of
 * its own rather than the scratch buffer in use. An answer larger than the scratch buffer is
 * written into a larger one made for it, which is not kept.
 */
export function jsonBytes(write: (out: JsonWriter) => void): Buffer {
  const own = scratch ?? Buffer.allocUnsafeSlow(SCRATCH_BYTES);
  scratch = undefined;
  try {
    const out = new JsonWriter(own);
    write(out);
    return out.copy();
  } finally {
    scratch = own;
  }
}

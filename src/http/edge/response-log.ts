/**
 * The one log line per response (docs/operations.md#logs), the same whether Fastify's routes or
 * the pipeline's fast branch (fast-path.ts) answered.
 *
 * The line is the JSON pino writes for `log.info({ reqId, method, url, status, ms, ip, keyId },
 * 'response')` on the app's logger (level 30, epoch `time`, pino's default `pid` and `hostname`),
 * written here straight into the log sink's memory (src/logging/log-sink.ts), from parts made
 * once for the many lines that share them (LinePart) and the request id and milliseconds copied
 * a byte a character, so a line costs no string of its own. pino's generic path (an
 * object per line, a walk over its keys, a serializer check per value, a JSON.stringify copy of
 * each text) and then a line built as a string (its pieces, its flat copy, its encoding) each
 * cost a measurable share of a cached lookup (docs/benchmarks.md#answers-as-bytes).
 * test/log-sink.test.ts checks that the two lines are the same.
 */
import { hostname } from 'node:os';
import type { LineFill, LogStream } from '../../logging/log-sink.js';
import { mostJsonStringBytes, writeAscii as ascii, writeJsonString as text } from '../../shared/text-bytes.js';
import { digitsOf } from '../../shared/digits.js';
import { redactUrl } from './redact.js';

export interface AnsweredRequest {
  readonly reqId: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly elapsedMs: number;
  readonly ip: string | undefined;
  /** The key's id (key_…), never the key: enough to find the caller with `ginko keys list`. */
  readonly keyId: string | undefined;
}

/** pino's level number for `info`. */
const INFO = 30;

/** Most digits of the milliseconds a request took, as written (`12345.6`). */
const MOST_MS_BYTES = 24;

/**
 * Bytes of a part of the line, made again only when what it holds changes: under repeated
 * traffic from one client most lines share their time's millisecond, their request's method,
 * URL and status, and their caller's address and key, so a line is mostly copies of parts made
 * for an earlier one.
 */
class LinePart {
  #scratch = Buffer.allocUnsafeSlow(256);
  /** The part's bytes: a view of #scratch. */
  bytes: Uint8Array = this.#scratch.subarray(0, 0);

  /** Makes the part with `write`, given room for `most` bytes. */
  make(most: number, write: (bytes: Buffer) => number): void {
    if (this.#scratch.length < most) this.#scratch = Buffer.allocUnsafeSlow(most);
    this.bytes = this.#scratch.subarray(0, write(this.#scratch));
  }
}

export class ResponseLog implements LineFill {
  /** pino's fields before the line's own, and its bindings (after `time`), which may hold any text. */
  readonly #start = `{"level":${INFO},"time":`;
  readonly #bindings = Buffer.from(`,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`);

  /** `{"level":30,"time":…` up to the request id, for the millisecond #time. */
  readonly #head = new LinePart();
  #time = -1;
  /** `,"method":…,"url":…,"status":…,"ms":` for the method, URL (as requested; the part holds it redacted) and status below. */
  readonly #middle = new LinePart();
  #method = '';
  #url = '';
  #status = -1;
  /** `,"ip":…,"keyId":…,"msg":"response"}` and the newline, for the address and key id below. */
  readonly #end = new LinePart();
  #ip: string | undefined = '';
  #keyId: string | undefined = '';

  /** The line's own values. */
  #reqId = '';
  #tenths = 0;

  readonly #stream: LogStream;
  /** For a stream that only takes text (a test's capture): the line is made here, then handed over as text. */
  #scratch: Buffer | undefined;

  constructor(stream: LogStream) {
    this.#stream = stream;
  }

  write(answered: AnsweredRequest): void {
    const time = Date.now();
    if (time !== this.#time) this.#makeHead(time);
    if (answered.method !== this.#method || answered.url !== this.#url || answered.status !== this.#status) this.#makeMiddle(answered.method, answered.url, answered.status);
    // pino leaves out a key id that is absent (and the hand-made line an empty one).
    const keyId = answered.keyId || undefined;
    if (answered.ip !== this.#ip || keyId !== this.#keyId) this.#makeEnd(answered.ip, keyId);
    this.#reqId = answered.reqId;
    this.#tenths = Math.round(answered.elapsedMs * 10);
    const most = this.#head.bytes.length + mostJsonStringBytes(this.#reqId) + this.#middle.bytes.length + MOST_MS_BYTES + this.#end.bytes.length;
    if (this.#stream.writeBytes !== undefined) {
      this.#stream.writeBytes(most, this);
      return;
    }
    if (this.#scratch === undefined || this.#scratch.length < most) this.#scratch = Buffer.allocUnsafe(Math.max(most, 1024));
    this.#stream.write(this.#scratch.toString('utf8', 0, this.fill(this.#scratch, 0)));
  }

  /** Writes the line at `at` (room for it was made); returns where it ends. */
  fill(bytes: Buffer, at: number): number {
    at = put(bytes, at, this.#head.bytes);
    at = put(bytes, text(bytes, at, this.#reqId), this.#middle.bytes);
    // ms with one decimal, as pino writes Math.round(ms * 10) / 10: 12.3, 0.4, 7.
    at = ascii(bytes, at, String(Math.floor(this.#tenths / 10)));
    if (this.#tenths % 10 !== 0) {
      bytes[at++] = 0x2e;
      bytes[at++] = 0x30 + (this.#tenths % 10);
    }
    return put(bytes, at, this.#end.bytes);
  }

  #makeHead(time: number): void {
    this.#time = time;
    const digits = digitsOf(time);
    this.#head.make(this.#start.length + digits.length + this.#bindings.length, (bytes) => {
      const at = ascii(bytes, ascii(bytes, 0, this.#start), digits);
      bytes.set(this.#bindings, at);
      return at + this.#bindings.length;
    });
  }

  #makeMiddle(method: string, requested: string, status: number): void {
    this.#method = method;
    this.#url = requested;
    this.#status = status;
    const url = redactUrl(requested);
    const statusDigits = String(status);
    this.#middle.make(40 + mostJsonStringBytes(method) + mostJsonStringBytes(url) + statusDigits.length, (bytes) => {
      let at = text(bytes, ascii(bytes, 0, ',"method":'), method);
      at = text(bytes, ascii(bytes, at, ',"url":'), url);
      return ascii(bytes, ascii(bytes, ascii(bytes, at, ',"status":'), statusDigits), ',"ms":');
    });
  }

  #makeEnd(ip: string | undefined, keyId: string | undefined): void {
    this.#ip = ip;
    this.#keyId = keyId;
    this.#end.make(40 + (ip === undefined ? 0 : mostJsonStringBytes(ip)) + (keyId === undefined ? 0 : mostJsonStringBytes(keyId)), (bytes) => {
      let at = 0;
      if (ip !== undefined) at = text(bytes, ascii(bytes, at, ',"ip":'), ip);
      if (keyId !== undefined) at = text(bytes, ascii(bytes, at, ',"keyId":'), keyId);
      return ascii(bytes, at, ',"msg":"response"}\n');
    });
  }
}

/** Copies `part` into `bytes` at `at`; returns where it ends. */
function put(bytes: Buffer, at: number, part: Uint8Array): number {
  bytes.set(part, at);
  return at + part.length;
}

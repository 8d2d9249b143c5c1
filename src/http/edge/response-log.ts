/**
 * The one log line per response (docs/operations.md#logs), the same whether Fastify's routes or
 * the pipeline's fast branch (fast-path.ts) answered.
 *
 * The line is the JSON pino writes for `log.info({ reqId, method, url, status, ms, ip, keyId },
 * 'response')` on the app's logger (level 30, epoch `time`, pino's default `pid` and `hostname`),
 * written here straight into the log sink's memory (src/logging/log-sink.ts): its fixed parts,
 * its texts and its numbers' digits are copied a byte a character, so a line costs no string of
 * its own (a millisecond's digits are made once for all its lines). pino's generic path (an
 * object per line, a walk over its keys, a serializer check per value, a JSON.stringify copy of
 * each text) and then a line built as a string (its pieces, its flat copy, its encoding) each
 * cost a measurable share of a cached lookup (docs/benchmarks.md#answers-as-bytes).
 * test/log-sink.test.ts checks that the two lines are the same.
 */
import { hostname } from 'node:os';
import type { LineFill, LogStream } from '../../logging/log-sink.js';
import { mostJsonStringBytes, writeAscii as ascii, writeJsonString as text } from '../../shared/text-bytes.js';
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

/** Most digits of a number written here (epoch milliseconds, a status, milliseconds taken). */
const MOST_DIGITS = 20;

export class ResponseLog implements LineFill {
  /** The line's fixed parts around its values; the bindings (pino's, after `time`) may hold any text. */
  readonly #start = `{"level":${INFO},"time":`;
  readonly #bindings = Buffer.from(`,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`);
  readonly #fixedBytes = this.#start.length + this.#bindings.length + ',"method":,"url":,"status":,"ms":,"ip":,"keyId":,"msg":"response"}\n'.length + 3 * MOST_DIGITS;

  /** The line being written. */
  #reqId = '';
  #method = '';
  #url = '';
  #ip: string | undefined;
  #keyId: string | undefined;
  #time = 0;
  #timeOfText = -1;
  #timeText = '';
  #statusCode = 0;
  #tenths = 0;

  readonly #stream: LogStream;
  /** For a stream that only takes text (a test's capture): the line is made here, then handed over as text. */
  #scratch: Buffer | undefined;

  constructor(stream: LogStream) {
    this.#stream = stream;
  }

  write(answered: AnsweredRequest): void {
    this.#reqId = answered.reqId;
    this.#method = answered.method;
    this.#url = redactUrl(answered.url);
    this.#ip = answered.ip;
    // pino leaves out a key id that is absent (and the hand-made line an empty one).
    this.#keyId = answered.keyId || undefined;
    let most = this.#fixedBytes + mostJsonStringBytes(this.#reqId) + mostJsonStringBytes(this.#method) + mostJsonStringBytes(this.#url);
    if (this.#ip !== undefined) most += mostJsonStringBytes(this.#ip);
    if (this.#keyId !== undefined) most += mostJsonStringBytes(this.#keyId);
    this.#time = Date.now();
    this.#statusCode = answered.status;
    this.#tenths = Math.round(answered.elapsedMs * 10);
    if (this.#stream.writeBytes !== undefined) {
      this.#stream.writeBytes(most, this);
      return;
    }
    if (this.#scratch === undefined || this.#scratch.length < most) this.#scratch = Buffer.allocUnsafe(Math.max(most, 1024));
    this.#stream.write(this.#scratch.toString('utf8', 0, this.fill(this.#scratch, 0)));
  }

  /** Writes the line at `at` (room for it was made); returns where it ends. */
  fill(bytes: Buffer, at: number): number {
    at = ascii(bytes, at, this.#start);
    // The same millisecond is written by many lines under load: its digits are made once.
    if (this.#time !== this.#timeOfText) {
      this.#timeOfText = this.#time;
      this.#timeText = String(this.#time);
    }
    at = ascii(bytes, at, this.#timeText);
    bytes.set(this.#bindings, at);
    at = text(bytes, at + this.#bindings.length, this.#reqId);
    at = text(bytes, ascii(bytes, at, ',"method":'), this.#method);
    at = text(bytes, ascii(bytes, at, ',"url":'), this.#url);
    at = ascii(bytes, ascii(bytes, at, ',"status":'), String(this.#statusCode));
    // ms with one decimal, as pino writes Math.round(ms * 10) / 10: 12.3, 0.4, 7.
    at = ascii(bytes, ascii(bytes, at, ',"ms":'), String(Math.floor(this.#tenths / 10)));
    if (this.#tenths % 10 !== 0) {
      bytes[at++] = 0x2e;
      bytes[at++] = 0x30 + (this.#tenths % 10);
    }
    if (this.#ip !== undefined) at = text(bytes, ascii(bytes, at, ',"ip":'), this.#ip);
    if (this.#keyId !== undefined) at = text(bytes, ascii(bytes, at, ',"keyId":'), this.#keyId);
    return ascii(bytes, at, ',"msg":"response"}\n');
  }
}

/**
 * The one log line per response (docs/operations.md#logs), the same whether Fastify's routes or
 * the pipeline's fast branch (fast-path.ts) answered.
 *
 * The line is the JSON pino writes for `log.info({ reqId, method, url, status, ms, ip, keyId },
 * 'response')` on the app's logger (level 30, epoch `time`, pino's default `pid` and `hostname`),
 * put together here and handed to the logger's stream directly: pino's generic path (an object
 * per line, a walk over its keys, a serializer check per value, a JSON.stringify copy of each
 * text) cost a measurable share of the lookup's throughput at the default level
 * (docs/benchmarks.md). test/log-sink.test.ts checks that the two lines are the same.
 */
import { hostname } from 'node:os';
import type { LogStream } from '../../logging/log-sink.js';
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

/** Characters JSON.stringify would escape or that are not ASCII: text without them is quoted as it is. */
const NOT_PLAIN = /[^\x20-\x7e]|["\\]/;

/** pino's level number for `info`. */
const INFO = 30;

export class ResponseLog {
  /** pino's bindings, as it writes them after `time`. */
  readonly #bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  readonly #asciiBindings = !/[^\x00-\x7f]/.test(this.#bindings);
  /** Whether the line being made is ASCII so far. */
  #ascii = true;

  readonly #write: (line: string) => unknown;
  readonly #writeAscii: (line: string) => unknown;

  constructor(stream: LogStream) {
    this.#write = (line) => stream.write(line);
    this.#writeAscii = stream.writeAscii ? (line) => stream.writeAscii!(line) : this.#write;
  }

  write(answered: AnsweredRequest): void {
    this.#ascii = this.#asciiBindings;
    let line = `{"level":${INFO},"time":${Date.now()}${this.#bindings},"reqId":${this.#json(answered.reqId)},"method":${this.#json(answered.method)},"url":${this.#json(redactUrl(answered.url))},"status":${answered.status},"ms":${Math.round(answered.elapsedMs * 10) / 10}`;
    if (answered.ip !== undefined) line += `,"ip":${this.#json(answered.ip)}`;
    if (answered.keyId) line += `,"keyId":${this.#json(answered.keyId)}`;
    // Nearly every line is ASCII (URLs are percent-encoded): the sink then copies it a byte a
    // character instead of encoding it as UTF-8.
    (this.#ascii ? this.#writeAscii : this.#write)(`${line},"msg":"response"}\n`);
  }

  /**
   * `text` as a JSON string, as pino writes it: every text here can come from the client (the
   * URL, a proxy's request id, the address), so quotes and controls are escaped; the usual ASCII
   * text is only quoted, without JSON.stringify's copy.
   */
  #json(text: string): string {
    if (!NOT_PLAIN.test(text)) return `"${text}"`;
    this.#ascii = false;
    return JSON.stringify(text);
  }
}

/**
 * Where `ginko serve` writes its log (docs/operations.md#logs): stdout, without making a
 * response wait for its line, and with a bound in bytes on what waits to be written, so that a
 * log reader that stalls (stdout to a pipe nobody reads, a full disk behind a slow pipe) cannot
 * grow the process: past the bound, lines are dropped and counted
 * (`ginko_log_lines_dropped_total`) instead of kept.
 *
 * Lines wait in a queue and are written together, at most FLUSH_DELAY_MS after the first of
 * them, one write under way at a time, asynchronously: a reader that stalls holds up only the
 * write, never the event loop.
 */
import { close as closeFd, write } from 'node:fs';

/**
 * Most bytes of log lines waiting to be written. Written within FLUSH_DELAY_MS in the normal
 * case; 8 MiB is about 35,000 response lines, several seconds of full load, so only a sink that
 * has stopped reading loses lines.
 */
export const LOG_BUFFER_BYTES = 8 * 1024 * 1024;

/** How long closing waits for the lines still waiting to be written before giving up. */
export const LOG_FLUSH_TIMEOUT_MS = 2_000;

/** The longest a line waits before it is written: a quiet server's log is current to within this. */
export const FLUSH_DELAY_MS = 10;

/** How long to wait before trying a write again that failed (EAGAIN from a full pipe, EPIPE, EIO). */
const RETRY_MS = 100;

/** The part of a destination the logger writes to: pino's `logger: { stream }`. */
export interface LogStream {
  write(line: string): unknown;
}

export interface LogSinkOptions {
  /** File descriptor written to; 1 (stdout) by default. */
  readonly fd?: number;
  readonly maxBytes?: number;
}

/** What the logger writes to: Fastify's `logger: { stream: sink }`. */
export class LogSink implements LogStream {
  readonly #fd: number;
  readonly #maxBytes: number;
  /** Lines taken and not yet handed to a write. */
  #lines: string[] = [];
  /** What a write is taking now (a write may take part of it). */
  #writing: Buffer | undefined;
  /**
   * A write under way or waiting to be tried again: the next starts only when it has ended, so
   * that a flush asked for meanwhile (by close) cannot write the same bytes twice.
   */
  #busy = false;
  /** Bytes of #lines and #writing not yet written. */
  #waiting = 0;
  #timer: NodeJS.Timeout | undefined;
  #dropped = 0;
  #closed = false;
  #onIdle: (() => void) | undefined;

  constructor(options: LogSinkOptions = {}) {
    this.#fd = options.fd ?? 1;
    this.#maxBytes = options.maxBytes ?? LOG_BUFFER_BYTES;
  }

  /** Lines not written because the sink was full (or already closed). */
  get dropped(): number {
    return this.#dropped;
  }

  /** Takes `line` (with its newline) to be written, or drops and counts it; false when dropped. */
  write(line: string): boolean {
    const bytes = Buffer.byteLength(line);
    if (this.#closed || this.#waiting + bytes > this.#maxBytes) {
      this.#dropped++;
      return false;
    }
    this.#lines.push(line);
    this.#waiting += bytes;
    if (this.#timer === undefined && this.#writing === undefined) this.#timer = setTimeout(this.#due, FLUSH_DELAY_MS);
    return true;
  }

  /**
   * Writes what is waiting and stops taking lines (later ones are counted as dropped). Resolves
   * once written, or after `timeoutMs` if the reader does not take them: shutting down must not
   * hang on a stalled pipe. Standard output and error stay open; any other descriptor is closed.
   */
  close(timeoutMs = LOG_FLUSH_TIMEOUT_MS): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      const fd = this.#fd;
      function done() {
        clearTimeout(timer);
        if (fd > 2) closeFd(fd, () => resolve());
        else resolve();
      }
      this.#onIdle = done;
      this.#due();
    });
  }

  readonly #due = (): void => {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writeNext();
  };

  #writeNext(): void {
    if (this.#busy) return;
    if (this.#writing === undefined && this.#lines.length > 0) {
      this.#writing = Buffer.from(this.#lines.join(''));
      this.#lines = [];
    }
    const bytes = this.#writing;
    if (bytes === undefined) {
      const idle = this.#onIdle;
      this.#onIdle = undefined;
      idle?.();
      return;
    }
    this.#busy = true;
    write(this.#fd, bytes, 0, bytes.length, null, (err, n) => {
      if (err) {
        // A reader that went away (EPIPE), a full non-blocking pipe (EAGAIN) or a failing disk:
        // the lines stay (within the bound) and are tried again; new lines past the bound are
        // dropped and counted.
        setTimeout(() => {
          this.#busy = false;
          this.#writeNext();
        }, RETRY_MS).unref();
        return;
      }
      this.#busy = false;
      this.#waiting -= n;
      this.#writing = n === bytes.length ? undefined : bytes.subarray(n);
      this.#writeNext();
    });
  }
}

/**
 * Where `ginko serve` writes its log (docs/operations.md#logs): stdout, through pino's own
 * asynchronous destination, so that a response never waits for the log to be written, and
 * with a bound in bytes on what waits to be written, so that a log reader that stalls (stdout
 * to a pipe nobody reads, a full disk behind a slow pipe) cannot grow the process: past the
 * bound, lines are dropped and counted (`ginko_log_lines_dropped_total`) instead of kept.
 */
import { destination as pinoDestination } from 'pino';

/**
 * Most bytes of log lines waiting to be written. Written at once in the normal case (a few KB
 * wait while one write is under way); 8 MiB is about 35,000 response lines, several seconds of
 * full load, so only a sink that has stopped reading loses lines.
 */
export const LOG_BUFFER_BYTES = 8 * 1024 * 1024;

/** How long closing waits for the lines still waiting to be written before giving up. */
export const LOG_FLUSH_TIMEOUT_MS = 2_000;

/** The part of a pino destination the logger writes to. */
export interface LogStream {
  write(line: string): boolean;
}

export interface LogSinkOptions {
  /** File descriptor written to; 1 (stdout) by default. */
  readonly fd?: number;
  readonly maxBytes?: number;
}

export class LogSink {
  /** What the logger writes to: `pino({ … }, sink.stream)` or Fastify's `logger: { stream }`. */
  readonly stream: LogStream;
  #dropped = 0;
  #closed = false;
  readonly #destination: ReturnType<typeof pinoDestination>;

  constructor(options: LogSinkOptions = {}) {
    // minLength 0: a line is handed to the kernel as soon as no other write is under way, and
    // the lines that arrive meanwhile go in the next write together, so a quiet server's log
    // is current and a busy server's writes are few.
    this.#destination = pinoDestination({ fd: options.fd ?? 1, sync: false, minLength: 0, maxLength: options.maxBytes ?? LOG_BUFFER_BYTES });
    this.#destination.on('drop', () => {
      this.#dropped++;
    });
    // A reader that went away (EPIPE) or a failing disk: the lines already waiting stay (within
    // the bound) and are tried again with the next line; new lines past the bound are dropped
    // and counted. Without a listener the error would end the process.
    this.#destination.on('error', () => {});
    const destination = this.#destination;
    this.stream = {
      write: (line) => {
        if (this.#closed) {
          this.#dropped++;
          return false;
        }
        return destination.write(line);
      },
    };
  }

  /** Lines not written because the sink was full (or already closed). */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Writes what is waiting and stops taking lines (later ones are counted as dropped). Resolves
   * once written, or after `timeoutMs` if the reader does not take them: shutting down must not
   * hang on a stalled pipe. Standard output and error stay open; any other descriptor is closed.
   */
  close(timeoutMs = LOG_FLUSH_TIMEOUT_MS): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    const destination = this.#destination;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      destination.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      // end() writes what is waiting, then emits 'close'; it never closes fd 1 or 2.
      destination.end();
    });
  }
}

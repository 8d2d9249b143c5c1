/**
 * Where `ginko serve` writes its log (docs/operations.md#logs): stdout, without making a
 * response wait for its line, and with a bound in bytes on what waits to be written, so that a
 * log reader that stalls (stdout to a pipe nobody reads, a full disk behind a slow pipe) cannot
 * grow the process: past the bound, lines are dropped and counted
 * (`ginko_log_lines_dropped_total`) instead of kept.
 *
 * Lines are copied as UTF-8 into 64 KiB chunks as they come, outside the JavaScript heap: a
 * line's string dies young instead of waiting for its write through a garbage collection or
 * two, and a busy server makes one write per chunk (or per FLUSH_DELAY_MS) rather than one per
 * few lines (docs/benchmarks.md).
 * One write is under way at a time, asynchronously, so a reader that stalls holds up only the
 * write, never the event loop.
 */
import { close as closeFd, write } from 'node:fs';
import { mostUtf8Bytes } from '../shared/text-bytes.js';

/**
 * Most bytes of log lines waiting to be written. Written within FLUSH_DELAY_MS in the normal
 * case; 8 MiB is about 35,000 response lines, several seconds of full load, so only a sink that
 * has stopped reading loses lines.
 */
export const LOG_BUFFER_BYTES = 8 * 1024 * 1024;

/** How long closing waits for the lines still waiting to be written before giving up. */
export const LOG_FLUSH_TIMEOUT_MS = 2_000;

/** The longest a line waits before its chunk is written: a quiet server's log is current to within this. */
export const FLUSH_DELAY_MS = 10;

const CHUNK_BYTES = 64 * 1024;
/** Written chunks kept to be filled again (#spares): a few writes ending late in a row. */
const SPARE_CHUNKS = 4;
/** How long to wait before trying a write again that failed (EAGAIN from a full pipe, EPIPE, EIO). */
const RETRY_MS = 100;

/** The part of a destination the loggers write to: pino's `logger: { stream }` and the response log. */
export interface LogStream {
  write(line: string): unknown;
  /**
   * A line written straight into the sink's memory (the response lines): room is made for
   * `most` bytes, `line.fill` writes the line there. Dropped and counted like a written one.
   */
  writeBytes?(most: number, line: LineFill): unknown;
}

/** A line that writes itself into bytes (writeBytes). */
export interface LineFill {
  /** Writes the line at `at` and returns where it ends, within the room asked for. */
  fill(bytes: Buffer, at: number): number;
}

export interface LogSinkOptions {
  /** File descriptor written to; 1 (stdout) by default. */
  readonly fd?: number;
  readonly maxBytes?: number;
}

interface Chunk {
  readonly bytes: Buffer;
  /** Bytes of `bytes` filled with lines. */
  length: number;
  /** Bytes already written (a write may take part of a chunk). */
  written: number;
}

/** What the loggers write to: Fastify's `logger: { stream: sink }` and the response log. */
export class LogSink implements LogStream {
  readonly #fd: number;
  readonly #maxBytes: number;
  /** Chunks full or due, oldest first; the first is being written while #writing. */
  readonly #queue: Chunk[] = [];
  #current: Chunk | undefined;
  /**
   * Written chunks' memory, filled again rather than new chunks: the lines are copied into
   * memory the processor has just read, and the kernel reads them from there. More than one:
   * when a write ends late, the next chunk is sealed before the last one is free, and a chunk
   * made then and dropped later held its 64 KiB outside the heap until a full garbage
   * collection (docs/benchmarks.md#the-old-generation-between-two-mark-compacts).
   */
  readonly #spares: Buffer[] = [];
  /** Bytes in the queue and the current chunk not yet written. */
  #waiting = 0;
  #writing = false;
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
    const chunk = this.#room(mostUtf8Bytes(line));
    if (chunk === undefined) return false;
    this.#taken(chunk, chunk.bytes.write(line, chunk.length));
    return true;
  }

  /** write, for a line that writes itself into the chunk (LineFill) instead of being a string first. */
  writeBytes(most: number, line: LineFill): boolean {
    const chunk = this.#room(most);
    if (chunk === undefined) return false;
    this.#taken(chunk, line.fill(chunk.bytes, chunk.length) - chunk.length);
    return true;
  }

  /** The chunk with room for `most` bytes more; undefined (the line dropped and counted) past the bound or after close. */
  #room(most: number): Chunk | undefined {
    if (this.#closed || this.#waiting + most > this.#maxBytes) {
      this.#dropped++;
      return undefined;
    }
    let chunk = this.#current;
    if (chunk === undefined || chunk.length + most > chunk.bytes.length) {
      if (chunk !== undefined) {
        this.#seal();
        this.#writeNext();
      }
      // A line larger than a chunk gets memory of its own and leaves the spares for the next chunks.
      const spare = most <= CHUNK_BYTES ? this.#spares.pop() : undefined;
      // allocUnsafeSlow: a chunk of its own, not a slice of Buffer's shared pool.
      chunk = this.#current = { bytes: spare ?? Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, most)), length: 0, written: 0 };
    }
    return chunk;
  }

  /** `n` bytes were put in `chunk` after its last line. */
  #taken(chunk: Chunk, n: number): void {
    chunk.length += n;
    this.#waiting += n;
    if (this.#timer === undefined && !this.#writing) this.#timer = setTimeout(this.#due, FLUSH_DELAY_MS);
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

  /** The flush timer: the current chunk goes to the queue and the queue to the descriptor. */
  readonly #due = (): void => {
    this.#timer = undefined;
    if (this.#current !== undefined && this.#current.length > 0) this.#seal();
    this.#writeNext();
  };

  #seal(): void {
    this.#queue.push(this.#current!);
    this.#current = undefined;
  }

  #writeNext(): void {
    if (this.#writing) return;
    const chunk = this.#queue[0];
    if (chunk === undefined) {
      const idle = this.#onIdle;
      this.#onIdle = undefined;
      idle?.();
      return;
    }
    this.#writing = true;
    write(this.#fd, chunk.bytes, chunk.written, chunk.length - chunk.written, null, (err, n) => {
      this.#writing = false;
      if (err) {
        // A reader that went away (EPIPE), a full non-blocking pipe (EAGAIN) or a failing disk:
        // the chunk stays (within the bound) and is tried again; new lines past the bound are
        // dropped and counted.
        setTimeout(() => this.#writeNext(), RETRY_MS).unref();
        return;
      }
      chunk.written += n;
      this.#waiting -= n;
      if (chunk.written === chunk.length) {
        this.#queue.shift();
        if (chunk.bytes.length === CHUNK_BYTES && this.#spares.length < SPARE_CHUNKS) this.#spares.push(chunk.bytes);
      }
      if (this.#queue.length > 0) this.#writeNext();
      else if (this.#current !== undefined && this.#current.length > 0 && this.#timer === undefined) this.#timer = setTimeout(this.#due, FLUSH_DELAY_MS);
      else this.#writeNext();
    });
  }
}

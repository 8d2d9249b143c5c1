/**
 * One keep-alive HTTPS connection of the fixed-rate client (fixed-rate.ts), one request at a
 * time: it writes a request's bytes, made once, in one write, and reads the answer's status
 * line and Content-Length, nothing else. node:https's client makes request and response
 * objects, parses every header and runs stream machinery for each request: at 4,000–5,000
 * requests a second it took about half a CPU of the two the servers run on; these connections
 * take a quarter (docs/benchmarks.md#latency-at-half-load).
 */
import { connect, type TLSSocket } from 'node:tls';

/** `status`: the answer's status, or 0 when the connection failed before the answer was read. */
export type Answered = (status: number) => void;

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CONNECTION_CLOSE = /\r\nconnection:[ \t]*close/i;

/** The bytes of a request with a body of `body` (possibly empty), headers as given. */
export function requestBytes(method: string, path: string, host: string, headers: Record<string, string>, body: string | undefined): Buffer {
  const payload = Buffer.from(body ?? '', 'utf8');
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
  if (body !== undefined) head += `content-length: ${payload.length}\r\n`;
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), payload]);
}

export class RawConnection {
  #socket: TLSSocket;
  readonly #ready: Promise<void>;
  #pending: Buffer | undefined;
  #answered: Answered | undefined;
  #closed = false;

  constructor(
    private readonly origin: string,
    private readonly ca: string,
  ) {
    this.#socket = this.#open();
    this.#ready = new Promise((resolve, reject) => {
      this.#socket.once('secureConnect', () => resolve());
      this.#socket.once('error', reject);
    });
  }

  /** A new connection (the first, or one after the server closed the last: its writes wait for the handshake). */
  #open(): TLSSocket {
    const url = new URL(this.origin);
    const socket = connect({ host: url.hostname, port: Number(url.port), ca: this.ca });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('error', () => {});
    socket.on('close', () => this.#fail(socket));
    return socket;
  }

  /** Resolves when the TLS handshake is done. */
  ready(): Promise<void> {
    return this.#ready;
  }

  /** Writes `request`; `answered` is called once, when its whole answer is in (or the connection fails). */
  send(request: Buffer, answered: Answered): void {
    if (this.#answered !== undefined) throw new Error('one request at a time on a connection');
    this.#answered = answered;
    if (this.#socket.destroyed) this.#socket = this.#open();
    this.#socket.write(request);
  }

  close(): void {
    this.#closed = true;
    this.#socket.destroy();
  }

  #read(chunk: Buffer): void {
    const data = this.#pending === undefined ? chunk : Buffer.concat([this.#pending, chunk]);
    const headEnd = data.indexOf(HEAD_END);
    if (headEnd < 0) {
      this.#pending = data;
      return;
    }
    const head = data.toString('latin1', 0, headEnd);
    const length = CONTENT_LENGTH.exec(head);
    // Both servers answer with a Content-Length (the bench records Ginko's answers, headers
    // included), but for the answers Node's HTTP server writes itself before it closes a
    // connection (400, 408, 431: a head with `Connection: close` and nothing after it). One
    // such 408 once reached the bench at half load, cause unknown: it is counted as that
    // status, as any other answer not 2xx, rather than ending the run.
    if (length === null && !CONNECTION_CLOSE.test(head)) throw new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`);
    const end = headEnd + HEAD_END.length + (length === null ? 0 : Number(length[1]));
    if (data.length < end) {
      this.#pending = data;
      return;
    }
    if (data.length > end) throw new Error('bytes beyond the answer: the client sends one request at a time');
    this.#pending = undefined;
    // The server closes the connection after this answer: the next request opens another
    // rather than racing the close.
    if (CONNECTION_CLOSE.test(head)) this.#socket.destroy();
    const answered = this.#answered;
    this.#answered = undefined;
    // "HTTP/1.1 200 OK": the status is the three digits after the first space.
    answered?.(Number(head.slice(9, 12)));
  }

  /** `socket` closed: a request waiting on it fails (the next send opens a new connection). */
  #fail(socket: TLSSocket): void {
    if (socket !== this.#socket || this.#closed) return;
    this.#pending = undefined;
    const answered = this.#answered;
    this.#answered = undefined;
    answered?.(0);
  }
}

/**
 * A webhook receiver on 127.0.0.1 (node:http), as an integrator would run one: it keeps every
 * request it gets (headers and raw body) and answers as the test says — a status, or not at all
 * until told (a delivery cut off mid-flight).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** How to answer one request: a status (and body), or `hold` to keep it waiting until released. */
export type Answer = { readonly status: number; readonly body?: string; readonly headers?: Record<string, string> } | 'hold';

export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly received: Received[];
  /** What each request is answered; by default 200. */
  answer: (request: Received, index: number) => Answer;
  /** Resolves when `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  /** Answers every held request with `status`. */
  release(status?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks/ginko'): Promise<Receiver> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const receiver: Receiver = {
    url: '',
    port: 0,
    received,
    answer: () => ({ status: 200 }),
    waitFor(n, timeoutMs = 30_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${received.length} requests, not ${n}, within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve(received)) });
      });
    },
    release(status = 200) {
      for (const response of held.splice(0)) if (!response.destroyed) response.writeHead(status).end();
    },
    close: async () => {
      for (const response of held.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const got: Received = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      const answer = receiver.answer(got, received.length - 1);
      if (answer === 'hold') held.push(response);
      else response.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(receiver, { url: `http://127.0.0.1:${port}${path}`, port });
}

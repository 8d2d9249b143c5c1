/**
 * An app listening on a port and one keep-alive connection to it, for tests that must see the
 * answers as a client gets them, headers in the order sent (app.inject goes around the server's
 * request listener): test/one-path.test.ts, test/edge.contract.test.ts.
 */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { startTestApp, type TestApp } from './app.js';

/** The tests' clock: 12:00 JST, 43,200 s to the end of the day. */
export const NOW = Date.parse('2026-03-01T03:00:00Z');

export interface Answer {
  readonly status: number;
  /** Header names and values in the order sent; Date dropped, the request id's value checked and masked. */
  readonly headers: [string, string][];
  readonly body: string;
}

/** An app listening on a port, and one keep-alive connection to it. */
export class Served {
  readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  port = 0;
  constructor(readonly t: TestApp) {}

  static async start(options: Parameters<typeof startTestApp>[0] = {}): Promise<Served> {
    const served = new Served(await startTestApp({ now: () => NOW, ...options }));
    await served.t.app.listen({ port: 0, host: '127.0.0.1' });
    served.port = (served.t.app.server.address() as { port: number }).port;
    return served;
  }

  send(path: string, headers: Record<string, string> = {}, options: { method?: string; body?: string } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port, path, method: options.method ?? 'GET', headers, agent: this.agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const [name, value] = [res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!];
            if (name === 'date') continue;
            if (name === 'x-request-id') assert.match(value, /^req-[0-9a-f]{8}-[0-9a-z]+$/);
            pairs.push([name, name === 'x-request-id' ? '(id)' : value]);
          }
          resolve({ status: res.statusCode ?? 0, headers: pairs, body });
        });
      });
      req.on('error', reject);
      req.end(options.body);
    });
  }

  /** The request sent twice: made the first time, answered from the kept answer the second. */
  async twice(path: string, headers: Record<string, string> = {}): Promise<[Answer, Answer]> {
    const first = await this.send(path, headers);
    const second = await this.send(path, headers);
    return [first, second];
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await this.t.close();
  }
}

export function header(answer: Answer, name: string): string | undefined {
  return answer.headers.find(([n]) => n === name)?.[1];
}

/** `answer` with the day's remaining count set to `remaining`, for comparing two answers one request apart. */
export function withRemaining(answer: Answer, remaining: number): Answer {
  return { ...answer, headers: answer.headers.map(([n, v]) => [n, n === 'x-ratelimit-remaining-day' ? String(remaining) : v]) };
}


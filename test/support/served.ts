/**
 * An app listening on a port and one keep-alive connection to it, for tests that must meet the
 * server's own request listener (app.inject goes around it, so it never meets the pipeline's
 * fast branch): test/hot-path.test.ts, test/edge.contract.test.ts.
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

  get answered(): number {
    return this.t.app.fastPath.answered;
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

  /**
   * The request sent until the fast branch answers it: Fastify answers the first two (the
   * answer is kept from the second on: src/shared/doorkeeper.ts), the fast branch the third.
   * Returns the first and the third.
   */
  async coldThenHot(path: string, headers: Record<string, string> = {}): Promise<[Answer, Answer]> {
    const before = this.answered;
    const first = await this.send(path, headers);
    await this.send(path, headers);
    assert.equal(this.answered, before, `${path}: answered by Fastify twice`);
    const third = await this.send(path, headers);
    assert.equal(this.answered, before + 1, `${path}: answered by the fast branch the third time`);
    return [first, third];
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


import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { DistinctRequest } from './distinct.js';

/**
 * How the bare server finds the bytes Ginko answered a request with: the path without the
 * bench's unique `_` parameter (load.ts), and for a POST its body too.
 */
export function answerKey(method: string, path: string, body?: string): string {
  const bare = path.replace(/[?&]_=\d+$/, '');
  return method === 'POST' ? `${bare}\n${body ?? ''}` : bare;
}

/**
 * An answer of Ginko's as the bare server repeats it: every header Ginko sent (name, value,
 * name, value…, as `rawHeaders` gives them: the request id, the rate-limit headers, the content
 * type and length) and the body. Left out are the headers node:http writes for any server, the
 * bare one included (`date`, `connection`, `keep-alive`, `transfer-encoding`).
 */
export interface RecordedAnswer {
  readonly headers: readonly string[];
  readonly body: string;
}

/** Writes the answers the bare server (bare-server.ts) repeats, by answerKey. */
export function writeRecordedAnswers(file: string, answers: Readonly<Record<string, RecordedAnswer>>): void {
  writeFileSync(file, JSON.stringify(answers));
}

/**
 * The answers of writeRecordedAnswers' file by answerKey, each body in UTF-8 as it is sent, its
 * headers an array of their own (node:http's writeHead takes a mutable one).
 */
export function readRecordedAnswers(file: string): Map<string, { readonly headers: string[]; readonly body: Buffer }> {
  const answers = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { headers: string[]; body: string }>;
  return new Map(Object.entries(answers).map(([key, answer]) => [key, { headers: answer.headers, body: Buffer.from(answer.body) }]));
}

const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function recordedAnswer(rawHeaders: readonly string[], body: string): RecordedAnswer {
  const headers: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!WRITTEN_BY_NODE.has(rawHeaders[i]!.toLowerCase())) headers.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return { headers, body };
}

/** An answer of Ginko's as recorded, with its status. */
export interface Answer extends RecordedAnswer {
  readonly status: number;
}

/** Ginko's answer to `one`, sent with `key` (run.ts records the bare server's bytes with it). */
export function fetchAnswer(url: string, ca: string, agent: Agent | undefined, one: { readonly method: string; readonly path: string; readonly body?: string | undefined }, key: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url + one.path, { method: one.method, ca, agent, headers: { 'x-api-key': key, 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ...recordedAnswer(res.rawHeaders, body) }));
    });
    req.on('error', reject);
    req.end(one.body);
  });
}

/** Ginko's answers to every request, 16 at a time: the bytes the bare server answers with. */
export async function fetchAll(url: string, ca: string, requests: readonly DistinctRequest[], key: string): Promise<Map<string, Answer>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const answers = new Map<string, Answer>();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const one = requests[next++]!;
      const k = answerKey(one.method, one.path, one.body);
      if (!answers.has(k)) answers.set(k, await fetchAnswer(url, ca, agent, one, key));
    }
  };
  try {
    await Promise.all(Array.from({ length: 16 }, worker));
  } finally {
    agent.destroy();
  }
  return answers;
}

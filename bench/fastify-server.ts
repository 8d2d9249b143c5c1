/**
 * Fastify alone: the bare server's answers (bare-server.ts, the same bytes from the same file)
 * given by a Fastify app with one route per method and nothing else, no hook, no validation, no
 * log. Counted beside the bare server and Ginko by `bench/instructions.ts --fastify`, it tells
 * what the framework itself costs a request, and so what of Ginko's extra work is Ginko's own
 * (docs/benchmarks.md#instructions-per-request).
 */
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/http/edge/limits.js';
import { answerKey, readRecordedAnswers } from './answer-key.js';

const [certFile, keyFile, bodiesFile] = process.argv.slice(2);

/** Each answer's headers as Fastify takes them (Content-Length is its own to write) and its body. */
const answers = new Map(
  [...readRecordedAnswers(bodiesFile!)].map(([key, recorded]) => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < recorded.headers.length; i += 2) {
      if (recorded.headers[i]!.toLowerCase() !== 'content-length') headers[recorded.headers[i]!] = recorded.headers[i + 1]!;
    }
    return [key, { headers, body: recorded.body }];
  }),
);

const app = Fastify({ https: { cert: readFileSync(certFile!), key: readFileSync(keyFile!) }, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, logger: false });
// A JSON body parsed as any JSON API parses it, its text kept to find the answer by.
app.removeContentTypeParser('application/json');
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
  try {
    done(null, { text, value: JSON.parse(text as string) as unknown });
  } catch (error) {
    done(error as Error, undefined);
  }
});

function answer(request: FastifyRequest, reply: FastifyReply): void {
  const body = request.body as { readonly text: string } | undefined;
  const found = answers.get(answerKey(request.method, request.url, body?.text));
  if (found === undefined) reply.code(404).send();
  else reply.headers(found.headers).send(found.body);
}
app.get('/*', answer);
app.post('/*', answer);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening on https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

/**
 * The baseline of every ratio: a bare node:https server answering each request with the exact
 * bytes Ginko answered it with, headers and body (loaded from a JSON file, by answerKey; only
 * the `date` differs), on the same certificate and keep-alive timeout.
 * Prints its URL. An optional fourth argument, microseconds of busy work per request, makes the
 * bench's calibration server (run.ts): the same server doing a known amount more per request.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/http/edge/limits.js';
import { answerKey, readRecordedAnswers } from './answer-key.js';

const [certFile, keyFile, bodiesFile, workArg] = process.argv.slice(2);
const workMs = Number(workArg ?? 0) / 1000;

/** Busy work, on the CPU, for `workMs`: what a request handler costs. */
function work(): void {
  const until = performance.now() + workMs;
  while (performance.now() < until);
}
const bodies = readRecordedAnswers(bodiesFile!);

const server = createServer({ cert: readFileSync(certFile!), key: readFileSync(keyFile!), keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }, (req, res) => {
  // Read request bodies (Resolve is a POST) to the end before answering, as any real server must.
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (workMs > 0) work();
    const found = bodies.get(answerKey(req.method ?? 'GET', req.url ?? '', chunks.length ? Buffer.concat(chunks).toString('utf8') : ''));
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, found.headers);
    res.end(found.body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

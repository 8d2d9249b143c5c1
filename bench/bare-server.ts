/**
 * The baseline of every ratio: a bare node:https server answering each request with the exact
 * bytes Ginko answered it with, headers and body (loaded from a JSON file, by answerKey; only
 * the `date` differs), on the same certificate and keep-alive timeout.
 * Prints its URL.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { KEEP_ALIVE_TIMEOUT_MS } from '../src/http/edge/limits.js';
import { answerKey, readRecordedAnswers } from './answer-key.js';

const [certFile, keyFile, bodiesFile] = process.argv.slice(2);
const bodies = readRecordedAnswers(bodiesFile!);

const server = createServer({ cert: readFileSync(certFile!), key: readFileSync(keyFile!), keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS }, (req, res) => {
  // Read request bodies (Resolve is a POST) to the end before answering, as any real server must.
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
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

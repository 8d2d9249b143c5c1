/**
 * `npm run client:generate [-- URL] [--ca FILE] [--out FILE]` in the repository (or `npm run
 * generate` here): fetches /openapi.json from a running Ginko (default https://localhost:8443, as
 * `npm start` serves it) and writes src/openapi.ts (or FILE). Ginko's self-signed certificate is
 * trusted from `--ca FILE`, else from data/tls-cert.pem where npm was started, when that exists.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateTypes, TYPES_FILE } from './openapi-types.js';

const { values, positionals } = parseArgs({ options: { ca: { type: 'string' }, out: { type: 'string' } }, allowPositionals: true });
const origin = positionals[0] ?? 'https://localhost:8443';
const startedIn = process.env.INIT_CWD ?? process.cwd();
const caFile = values.ca ?? resolve(startedIn, 'data/tls-cert.pem');
const ca = existsSync(caFile) ? readFileSync(caFile, 'utf8') : undefined;

function fetchDocument(url: URL): Promise<string> {
  return new Promise((done, fail) => {
    const answer = (res: import('node:http').IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => (res.statusCode === 200 ? done(body) : fail(new Error(`GET ${url.href} answered ${res.statusCode}: ${body.slice(0, 200)}`))));
    };
    const req = url.protocol === 'http:' ? httpGet(url, answer) : httpsGet(url, ca ? { ca } : {}, answer);
    req.on('error', fail);
  });
}

const url = new URL('/openapi.json', origin);
const document = JSON.parse(await fetchDocument(url)) as object;
const out = values.out === undefined ? TYPES_FILE : resolve(startedIn, values.out);
writeFileSync(out, await generateTypes(document));
process.stdout.write(`wrote ${out} from ${url.href}\n`);

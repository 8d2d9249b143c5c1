/**
 * Resolve benchmark: in-process latency over the evaluation inputs (target p99 < 5 ms,
 * DESIGN.md §6) and throughput over HTTPS against a bare node:https server answering a fixed
 * body of the same size, measured in the same run (absolute numbers on a shared machine are
 * noise; the ratio is the figure). Run: npx tsx bench/resolve.ts [seconds]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAccessControl } from '../src/access/open.js';
import { Authenticator } from '../src/access/authenticator.js';
import { KeyStore } from '../src/access/key-store.js';
import { PlanStore } from '../src/access/plans.js';
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import { DirectoryHolder } from '../src/dataset/holder.js';
import { buildApp } from '../src/http/app.js';
import { loadOrCreateCertificate } from '../src/http/tls.js';
import { resolve } from '../src/resolve/resolve.js';
import { warmResolveIndex } from '../src/resolve/resolve-index.js';
import { RESOLVE_CONTEXTS } from '../src/resolve/types.js';
import { CursorCodec } from '../src/search/cursor.js';
import { openStore } from '../src/store/open.js';
import { loadEvalFile } from '../eval/evaluate.js';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const seconds = Number(process.argv[2] ?? 5);
const out = (line: string) => process.stdout.write(line + '\n');

// ---- in-process latency
const directory = loadBundledDirectory();
let started = performance.now();
warmResolveIndex(directory);
out(`index: ${(performance.now() - started).toFixed(0)} ms to build for ${directory.banks.length} banks and ${directory.branchCount} branches`);
const cases = loadEvalFile().cases;
for (const c of cases) resolve(directory, { bankName: c.bank_name, branchName: c.branch_name }); // JIT warm-up
const times: number[] = [];
for (let pass = 0; pass < 5; pass++) {
  for (const context of RESOLVE_CONTEXTS) {
    for (const c of cases) {
      started = performance.now();
      resolve(directory, { bankName: c.bank_name, branchName: c.branch_name, context });
      times.push(performance.now() - started);
    }
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
out(`in-process: ${times.length} resolves, p50 ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`);

// ---- HTTPS throughput
const dataDir = mkdtempSync(join(tmpdir(), 'ginko-bench-resolve-'));
const store = await openStore({ dataDir });
await new PlanStore(store.db).ensureDefaults();
const keys = new KeyStore(store.db);
const auth = new Authenticator(keys);
const { key } = await keys.create({ plan: 'unlimited', name: 'bench' });
const access = await openAccessControl({ db: store.db, auth, abuse: { threshold: 0, windowSeconds: 60, blockSeconds: 60 } });
const tls = await loadOrCreateCertificate(dataDir);
const app = await buildApp({ directories: new DirectoryHolder(directory), cursors: new CursorCodec(Buffer.alloc(32, 1)), auth, access, trustProxy: false }, { https: tls });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

const body = JSON.stringify({ bank_name: 'みずほ', branch_name: '東京支店' });
const sample = await app.inject({ method: 'POST', url: '/resolve/v1/bank-branch', headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: body });
const fixed = Buffer.from(sample.body);
const bare = createServer({ cert: tls.cert, key: tls.key }, (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': fixed.length });
  res.end(fixed);
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const barePort = (bare.address() as { port: number }).port;

const load = (url: string) =>
  autocannon({ url, method: 'POST', body, headers: { 'x-api-key': key, 'content-type': 'application/json' }, connections: 10, duration: seconds, tlsOptions: { rejectUnauthorized: false } });
const bareResult = await load(`https://127.0.0.1:${barePort}/resolve/v1/bank-branch`);
const resolveResult = await load(`https://127.0.0.1:${port}/resolve/v1/bank-branch`);
// The same server's lookup by code, for what the HTTP layer alone costs on this machine now.
const lookupResult = await autocannon({ url: `https://127.0.0.1:${port}/v3/banks/0001`, headers: { 'x-api-key': key }, connections: 10, duration: seconds, tlsOptions: { rejectUnauthorized: false } });
out(`https bare server: ${bareResult.requests.average.toFixed(0)} req/s, p99 ${bareResult.latency.p99} ms`);
out(`https resolve:     ${resolveResult.requests.average.toFixed(0)} req/s, p99 ${resolveResult.latency.p99} ms, non-2xx ${resolveResult.non2xx}, errors ${resolveResult.errors}`);
out(`https /v3/banks/0001: ${lookupResult.requests.average.toFixed(0)} req/s, p99 ${lookupResult.latency.p99} ms`);
out(`resolve / bare: ${((100 * resolveResult.requests.average) / bareResult.requests.average).toFixed(0)}%, lookup / bare: ${((100 * lookupResult.requests.average) / bareResult.requests.average).toFixed(0)}%`);

await app.close();
bare.close();
await access.close();
await auth.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });

/**
 * `npm run bench` keeps working (docs/benchmarks.md): one short scenario end to end against
 * the bare server, the distinct requests it sends, the bare server's bytes, and the verdicts of
 * `--check`.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { answerKey, type RecordedAnswer, recordedAnswer } from '../bench/answer-key.js';
import { distinctRequests, mixedRequests } from '../bench/distinct.js';
import { heavyRequests } from '../bench/fairness.js';
import type { LoadResult } from '../bench/load.js';
import { startBare } from '../bench/processes.js';
import { type Report, verdicts } from '../bench/report.js';
import { loadOrCreateCertificate } from '../src/http/edge/tls.js';

/** An answer as run.ts records it from Ginko: its headers, less those node:http writes, and its body. */
const LOOKUP_ANSWER: RecordedAnswer = {
  headers: ['x-request-id', 'req-4fe12726-1', 'x-ratelimit-limit-second', '10', 'content-type', 'application/json; charset=utf-8', 'content-length', '15'],
  body: '{"code":"0001"}',
};

it('runs the lookup scenario against the bare server as npm start runs Ginko, with one verdict per target', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-test-'));
  try {
    const out = join(dir, 'result.json');
    const { stdout, code } = await new Promise<{ stdout: string; code: number }>((resolve) => {
      const args = ['--import', 'tsx', 'bench/run.ts', '--check', '--only', 'lookup', '--duration', '1', '--rounds', '1', '--connections', '2', '--out', out];
      execFile(process.execPath, args, { timeout: 90_000 }, (error, stdout) => resolve({ stdout, code: error ? Number(error.code) : 0 }));
    });
    // Exit status 1 exactly when a target failed.
    assert.equal(code, /^FAIL/m.test(stdout) ? 1 : 0, stdout);
    assert.match(stdout, /^Ginko as `npm start` runs it \(node bin\/ginko\.js serve; log level info to a file\); autocannon -c 2; 1 rounds of 1 s per server and scenario$/m);
    assert.match(stdout, /^lookup \/v3\/banks\/0001 +\d+ +\d+ +\d\.\d\d +≥ 0\.70 +\d+ \/ \d+ +\d+ +\d\.\d+$/m);
    assert.match(stdout, /^(PASS|FAIL) {2}lookup \/v3\/banks\/0001: ratio ≥ 0\.70: \d\.\d\d$/m);
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    assert.deepEqual(report.scenarios.map((s) => s.name), ['lookup /v3/banks/0001']);
    const [lookup] = report.scenarios;
    assert.ok(lookup!.bare.requestsPerSecond > 0 && lookup!.ginko.requestsPerSecond > 0);
    assert.deepEqual([lookup!.ginko.non2xx, lookup!.ginko.errors], [0, 0]);
    assert.ok(report.startup.firstStartMs > 0 && report.startup.restartMs > 0);
    // --only: neither the memory verdict nor fairness, which need the whole run.
    assert.deepEqual([report.peakRssMb, report.fairness], [undefined, undefined]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('builds distinct requests from the bundled data: every branch once, no request of a kind twice', () => {
  const kinds = distinctRequests();
  const sizes = Object.fromEntries([...kinds].map(([kind, requests]) => [kind, requests.length]));
  assert.deepEqual(sizes, { branch: 28944, 'freeword-banks': 8728, 'freeword-branches': 12000, 'branch-list': 12000, resolve: 28943 });
  for (const [kind, requests] of kinds) {
    assert.equal(new Set(requests.map((r) => answerKey(r.method, r.path, r.body))).size, requests.length, `${kind} requests are all different`);
  }
  // Names as files hold them: a half-width kana pair among the first three.
  assert.match(kinds.get('resolve')![1]!.body!, /^\{"bank_name":"[ｦ-ﾟ]+","branch_name":"[ｦ-ﾟ()（）\-\w]+"\}$/u);
  assert.deepEqual(
    mixedRequests().slice(0, 5).map((r) => r.path.split('?')[0]!.replace(/\d{3,4}/g, 'N')),
    ['/v3/banks/N/branches/N', '/v3/freeword/banks', '/v3/freeword/banks/N/branches', '/v3/banks/N/branches', '/resolve/v1/bank-branch'],
  );
  assert.equal(answerKey('GET', '/v3/banks?limit=2&_=12'), '/v3/banks?limit=2');
  assert.equal(answerKey('POST', '/resolve/v1/bank-branch?_=3', '{"a":1}'), '/resolve/v1/bank-branch\n{"a":1}');
  assert.deepEqual(recordedAnswer(['x-request-id', 'req-1', 'Date', 'Fri, 27 Nov 2026 00:17:59 GMT', 'content-length', '2', 'Connection', 'keep-alive'], '{}'), { headers: ['x-request-id', 'req-1', 'content-length', '2'], body: '{}' });
});

it('sends the fairness scenario\'s heavy clients full batches of romaji and hostile filters over the largest banks', () => {
  const heavy = heavyRequests();
  const batches = heavy.filter((r) => r.method === 'POST');
  assert.equal(batches.length, 20);
  const items = (JSON.parse(batches[0]!.body!) as { items: { bank_name: string; branch_name: string }[] }).items;
  assert.equal(items.length, 1000);
  assert.match(items[0]!.bank_name, /^[a-z-]+$/);
  const filters = heavy.filter((r) => r.method === 'GET');
  assert.equal(filters.length, 40);
  assert.match(filters[0]!.path, /^\/v3\/banks\/\d{4}\/branches\?limit=2000&filter=hiragana%3Dre%3D/);
});

it('the bare server answers the recorded headers and body', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-bare-'));
  const { cert } = await loadOrCreateCertificate(dir);
  const bodiesFile = join(dir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ '/v3/banks/0001': LOOKUP_ANSWER }));
  const bare = await startBare(dir, bodiesFile);
  try {
    const answer = await new Promise<{ status: number; headers: string[]; body: string }>((resolve, reject) => {
      request(`${bare.url}/v3/banks/0001?_=1`, { ca: cert }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders, body }));
      })
        .on('error', reject)
        .end();
    });
    assert.deepEqual([answer.status, answer.headers.slice(0, 8), answer.body], [200, LOOKUP_ANSWER.headers, '{"code":"0001"}']);
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('judges each target: a ratio at its bound passes, memory and fairness against theirs, and a scenario without a target only reports', () => {
  const run = (requestsPerSecond: number, p99Ms = 5, non2xx = 0): LoadResult => ({ requestsPerSecond, p50Ms: 1, p99Ms, non2xx, errors: 0, total: requestsPerSecond });
  const report: Report = {
    date: '2026-12-07T00:00:00.000Z',
    machine: 'test',
    configuration: 'test',
    startup: { firstStartMs: 1000, restartMs: 500 },
    peakRssMb: 201,
    scenarios: [
      { name: 'repeated', bare: run(1000), ginko: run(700), ratio: 0.7, ratios: [0.7], target: 0.7 },
      { name: 'failing', bare: run(1000), ginko: run(800, 5, 3), ratio: 0.8, ratios: [0.8], target: 0.7 },
      { name: 'reported', bare: run(1000), ginko: run(100), ratio: 0.1, ratios: [0.1], target: undefined },
    ],
    fairness: { alone: run(200, 4), loaded: run(200, 40), heavy: run(5), ratio: 10 },
  };
  assert.deepEqual(
    verdicts(report).map((v) => [v.pass, v.figure]),
    [
      [true, '0.70'],
      [false, '0.80, 3 failed'],
      [false, '201 MB'],
      [true, '10× (40 ms against 4 ms)'],
    ],
  );
});

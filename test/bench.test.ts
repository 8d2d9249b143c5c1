/**
 * `npm run bench` keeps working: one short scenario end to end, in the `npm start`
 * configuration, and the JSON it writes; the distinct requests it sends. Not a timed test.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import { answerKey, type RecordedAnswer, recordedAnswer } from '../bench/answer-key.js';
import { metricsBetween, metricsIn, readTurnMetrics } from '../bench/turn-metrics.js';
import { alternateAtRate } from '../bench/fixed-rate.js';
import { alternateAtRateApart } from '../bench/fixed-rate-process.js';
import { distinctRequests, mixedRequests } from '../bench/distinct.js';
import { lastUnique } from '../bench/load.js';
import { logLines } from '../bench/log-lines.js';
import { RawConnection, requestBytes } from '../bench/raw-connection.js';
import { printTable, type ScenarioReport } from '../bench/report.js';
import type { LoadResult } from '../bench/load.js';
import { startBare, startGinko } from '../bench/processes.js';
import { loadOrCreateCertificate } from '../src/http/edge/tls.js';

/** An answer as run.ts records it from Ginko: its headers, less those node:http writes, and its body. */
const LOOKUP_ANSWER: RecordedAnswer = {
  headers: ['x-request-id', 'req-4fe12726-1', 'x-ratelimit-limit-second', '10', 'content-type', 'application/json; charset=utf-8', 'content-length', '15'],
  body: '{"code":"0001"}',
};

/** `npm run bench` (package.json's bench script, `node <options> bench/run.ts`) as Node's arguments. */
function benchScriptArgs(): string[] {
  const [command, ...args] = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { bench: string } }).scripts.bench.split(' ');
  assert.equal(command, 'node');
  return args;
}

it('runs the lookup scenario against the bare server, logging as npm start does, and writes the report', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-test-'));
  try {
    const out = join(dir, 'result.json');
    const { stdout } = await promisify(execFile)(process.execPath, [...benchScriptArgs(), '--only', 'lookup', '--duration', '1', '--connections', '2', '--out', out], { timeout: 90_000 });
    assert.match(stdout, /^Ginko as `npm start` runs it: node --max-semi-space-size=8 --heap-growing-percent=50 --no-allocation-site-pretenuring --no-memory-reducer --concurrent-marking-max-worker-num=1, log level info \(one line per response\), log written to a file, running .+; autocannon -c 2; bare node:https server answering the same bytes; the bare servers and the load process with --no-memory-reducer; the bench's own garbage collected before each half-load alternation$/m);
    assert.match(stdout, /lookup \/v3\/banks\/0001\s+218\s+\d+\s+\d+\s+\d+\.\d\d\s+≥0\.85/);
    assert.match(stdout, /^ {2}distinct mixed stream\s+≥ 0\.50$/m);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      scenarios: { name: string; available: boolean; ratio: number; bare: { requestsPerSecond: number; cpuMicrosecondsPerRequest: number }; ginko: { total: number; cpuMicrosecondsPerRequest: number } }[];
      startup: { restartMs: number };
      machine: { cpus: number };
      settings: { logLevel: string; connections: number; nodeOptions: string[] };
      memory: { peakRssMb: number; samples: number };
      log: { responseLines: number };
    };
    assert.deepEqual(report.scenarios.map((s) => [s.name, s.available]), [['lookup /v3/banks/0001', true]]);
    assert.ok(report.scenarios[0]!.ratio > 0 && report.scenarios[0]!.bare.requestsPerSecond > 0);
    // Each server's CPU per answered request, from /proc: a lookup over TLS takes tens of µs,
    // and neither server can take less than a microsecond for one.
    const { bare, ginko } = report.scenarios[0]!;
    for (const cpu of [bare.cpuMicrosecondsPerRequest, ginko.cpuMicrosecondsPerRequest]) assert.ok(cpu > 1 && cpu < 10_000, `${cpu} µs per request`);
    assert.match(stdout, new RegExp(`lookup /v3/banks/0001 .* ${bare.cpuMicrosecondsPerRequest} / ${ginko.cpuMicrosecondsPerRequest}  (pass|FAIL)`));
    assert.ok(report.startup.restartMs > 0 && report.machine.cpus > 0);
    assert.deepEqual(report.settings.logLevel, 'info');
    assert.deepEqual(report.settings.nodeOptions, ['--max-semi-space-size=8', '--heap-growing-percent=50', '--no-allocation-site-pretenuring', '--no-memory-reducer', '--concurrent-marking-max-worker-num=1'], "npm start's Node.js options (package.json)");
    assert.ok(report.memory.samples > 0 && report.memory.peakRssMb > 50, `peak ${report.memory.peakRssMb} MB`);
    // Every response Ginko sent is a line in its log (less any still being written at the end).
    assert.ok(report.log.responseLines > 0.9 * report.scenarios[0]!.ginko.total, `${report.log.responseLines} lines for ${report.scenarios[0]!.ginko.total} requests`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Skips (or, in CI, fails) a test that needs valgrind where it is not installed. */
function needsValgrind(t: TestContext): boolean {
  if (!spawnSync('valgrind', ['--version']).error) return true;
  const message = 'valgrind is not installed (Debian: apt-get install valgrind; .ci/run installs it)';
  if (process.env.CI === 'true') throw new Error(message);
  t.skip(message);
  return false;
}

/**
 * The counts bench/instructions.ts printed after its header line (`header` matches it, the
 * warm-up rounds of each server in groups 1 and 2), checked for consistency.
 */
function instructionCounts(stdout: string, header: RegExp) {
  const head = header.exec(stdout);
  assert.ok(head, `no header line in:\n${stdout}`);
  // At least two warm-up rounds, and one more once instrumented.
  for (const rounds of [head[1], head[2]]) assert.ok(Number(rounds) >= 3, `${rounds} rounds`);
  const number = (n: string) => Number(n.replaceAll(',', ''));
  const counts = (thread: string) => {
    const m = new RegExp(`^ {2}${thread}: +bare ([\\d,]+), Ginko ([\\d,]+): bare / Ginko (\\d\\.\\d{3})$`, 'm').exec(stdout);
    assert.ok(m, `no ${thread} line in:\n${stdout}`);
    return { bare: number(m[1]!), ginko: number(m[2]!), ratio: Number(m[3]) };
  };
  const main = counts('main thread');
  const all = counts('all threads');
  for (const c of [main, all]) assert.ok(Math.abs(c.ratio - c.bare / c.ginko) < 0.002, `${c.ratio} for ${c.bare} / ${c.ginko}`);
  assert.ok(all.bare >= main.bare && all.ginko >= main.ginko);
  // With --fastify, Fastify alone's counts and its ratios to the others.
  const alone = /^ {2}Fastify alone \(bench\/fastify-server\.ts\), main thread \/ all threads: ([\d,]+) \/ ([\d,]+); bare \/ Fastify alone (\d\.\d{3}) \/ (\d\.\d{3}), Fastify alone \/ Ginko (\d\.\d{3}) \/ (\d\.\d{3})$/m.exec(stdout);
  const fastify = alone ? number(alone[1]!) : undefined;
  if (alone) {
    const [fastifyAll, bareRatio, bareAllRatio, ginkoRatio, ginkoAllRatio] = alone.slice(2).map(number) as [number, number, number, number, number];
    assert.ok(fastifyAll >= fastify!);
    for (const [ratio, a, b] of [[bareRatio, main.bare, fastify!], [bareAllRatio, all.bare, fastifyAll], [ginkoRatio, fastify!, main.ginko], [ginkoAllRatio, fastifyAll, all.ginko]] as const) {
      assert.ok(Math.abs(ratio - a / b) < 0.002, `${ratio} for ${a} / ${b}`);
    }
  }
  // The figures above are those of the median window by main thread.
  const windows = /^ {2}each window, main thread \/ all threads: {2}bare (.+?); (?:Fastify alone (.+?); )?Ginko (.+)$/m.exec(stdout);
  assert.ok(windows, `no windows line in:\n${stdout}`);
  assert.equal(windows[2] !== undefined, alone !== null, 'Fastify alone\'s windows with its counts');
  for (const [server, text, median] of [['bare', windows[1]!, main.bare], ['Fastify alone', windows[2], fastify], ['Ginko', windows[3]!, main.ginko]] as const) {
    if (text === undefined) continue;
    // "91,422 / 91,449, 91,429 / 91,523, …": main thread / all threads, a window after another.
    const mains = text.split(', ').map((pair) => number(pair.split(' / ')[0]!));
    assert.equal(mains.length, 3, `${server}: ${text}`);
    assert.equal(mains.sort((a, b) => a - b)[1], median, `${server}: the median window of ${text}`);
  }
  return { ...main, fastify };
}

it('counts the instructions of each server per request under callgrind (bench/instructions.ts)', async (t) => {
  if (!needsValgrind(t)) return;
  // 500 a window: with 100, what runs by the clock (timers, Node's Date header) weighed so much
  // that the bare server once counted more than Ginko (195,431 against 179,253).
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/instructions.ts', '--requests', '500'], { timeout: 300_000 });
  const main = instructionCounts(stdout, /^GET \/v3\/banks\/0001: 3 windows of 500 requests over 10 connections, counted once the code was warm \(after bare (\d+) × 500, Ginko (\d+) × 500\); instructions per request \(callgrind\), the median window$/m);
  // A TLS lookup takes tens of thousands of instructions (the bare server's about 91,000); Ginko
  // does the same HTTP work as the bare server and checks the key, counts and logs on top of it.
  assert.ok(main.bare > 20_000 && main.bare < 2_000_000, `bare ${main.bare}`);
  assert.ok(main.ginko > main.bare, `Ginko ${main.ginko}, bare ${main.bare}`);
});

it('counts the instructions of distinct requests, each the next of the bench\'s list, and of Fastify alone (bench/instructions.ts --distinct, --fastify)', async (t) => {
  if (!needsValgrind(t)) return;
  const run = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/instructions.ts', ...args], { timeout: 300_000 });
  await assert.rejects(run('--distinct', 'prefixes'), (err: { stderr: string }) => err.stderr.includes('--distinct must be mixed or one of branch, freeword-banks, freeword-branches, branch-list, resolve'));
  // Prefixes: the shortest list, 8,728 requests, more than a run of 500 a round sends.
  const { stdout } = await run('--distinct', 'freeword-banks', '--requests', '500', '--fastify');
  const header = /^distinct freeword-banks: 3 windows of 500 requests over 10 connections, counted once the code was warm \(after bare (\d+) × 500, Ginko (\d+) × 500\); instructions per request \(callgrind\), the median window$/m;
  const main = instructionCounts(stdout, header);
  // Ginko was sent its warm-up rounds, the round after counting began and the three windows,
  // each request the next of the list (as many as 20 rounds would take it past the list's end).
  const sent = (Number(header.exec(stdout)![2]) + 3) * 500;
  const list = sent <= 8728 ? ', every one different' : ': each different up to 8,728, then again from the first (every URL still unique by its _ parameter)';
  assert.match(stdout, new RegExp(`^ {2}8,728 different requests, Ginko sent ${sent.toLocaleString('en-US')}${list.replace(/[()]/g, '\\$&')}$`, 'm'));
  // Every request answered 200 by both (the tool fails otherwise), the bare server from the
  // answers recorded for each. Each one new to Ginko, so none is answered from its caches: a
  // prefix costs it about 2.2 times the bare server's instructions (docs/benchmarks.md), where
  // a repeated request, answered from the cache, costs about 1.2 times.
  assert.ok(main.ginko > 1.6 * main.bare, `Ginko ${main.ginko}, bare ${main.bare}`);
  // Fastify alone, answering the same bytes, does the HTTP work, routes and decodes the query: a
  // little more than the bare server (1.21 times on these prefixes of Japanese text), far less
  // than Ginko's work on each request (1.8 times Fastify alone's, docs/benchmarks.md).
  const fastify = main.fastify!;
  assert.ok(fastify > main.bare && fastify < 1.4 * main.bare, `Fastify alone ${fastify}, bare ${main.bare}`);
  assert.ok(main.ginko > 1.4 * fastify, `Ginko ${main.ginko}, Fastify alone ${fastify}`);
});

it('builds distinct requests from the bundled data: every branch once, no request of a kind twice', () => {
  const kinds = distinctRequests();
  const sizes = Object.fromEntries([...kinds].map(([kind, requests]) => [kind, requests.length]));
  assert.deepEqual(sizes, { branch: 28944, 'freeword-banks': 8728, 'freeword-branches': 12000, 'branch-list': 12000, resolve: 28943 });
  for (const [kind, requests] of kinds) {
    assert.equal(new Set(requests.map((r) => answerKey(r.method, r.path, r.body))).size, requests.length, `${kind} requests are all different`);
  }
  assert.deepEqual(
    kinds.get('resolve')!.slice(0, 3).map((r) => Object.keys(JSON.parse(r.body!) as object)),
    [['bank_name', 'branch_name'], ['bank_name', 'branch_name'], ['bank_name', 'branch_name']],
  );
  // Names as files hold them: a half-width kana pair among the first three.
  assert.match(kinds.get('resolve')![1]!.body!, /^\{"bank_name":"[ｦ-ﾟ]+","branch_name":"[ｦ-ﾟ()（）\-\w]+"\}$/u);
  const mixed = mixedRequests();
  assert.deepEqual(
    mixed.slice(0, 5).map((r) => r.path.split('?')[0]!.replace(/\d{3,4}/g, 'N')),
    ['/v3/banks/N/branches/N', '/v3/freeword/banks', '/v3/freeword/banks/N/branches', '/v3/banks/N/branches', '/resolve/v1/bank-branch'],
  );
  assert.equal(answerKey('GET', '/v3/banks/0001/branches/001?_=12'), '/v3/banks/0001/branches/001');
  assert.equal(answerKey('GET', '/v3/banks?limit=2&_=12'), '/v3/banks?limit=2');
  assert.equal(answerKey('POST', '/resolve/v1/bank-branch?_=3', '{"a":1}'), '/resolve/v1/bank-branch\n{"a":1}');
  assert.deepEqual(recordedAnswer(['x-request-id', 'req-1', 'Date', 'Fri, 27 Nov 2026 00:17:59 GMT', 'content-length', '2', 'Connection', 'keep-alive', 'Keep-Alive', 'timeout=72'], '{}'), { headers: ['x-request-id', 'req-1', 'content-length', '2'], body: '{}' });
});

it('the bare server answers the recorded headers and body, and the calibration server the same after its busy work', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-calibration-'));
  const { cert } = await loadOrCreateCertificate(dir);
  const bodiesFile = join(dir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ '/v3/banks/0001': LOOKUP_ANSWER }));
  const get = (url: string) =>
    new Promise<{ status: number; headers: string[]; body: string; ms: number }>((resolve, reject) => {
      const started = performance.now();
      request(url, { ca: cert }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.rawHeaders, body, ms: performance.now() - started }));
      })
        .on('error', reject)
        .end();
    });
  const bare = await startBare(dir, bodiesFile);
  const working = await startBare(dir, bodiesFile, 20_000);
  try {
    const plain = await get(`${bare.url}/v3/banks/0001?_=1`);
    const slow = await get(`${working.url}/v3/banks/0001?_=2`);
    const sent = [...LOOKUP_ANSWER.headers, 'Date', plain.headers[9]!, 'Connection', 'keep-alive', 'Keep-Alive', 'timeout=72'];
    assert.deepEqual([plain.status, plain.headers, plain.body], [200, sent, '{"code":"0001"}']);
    assert.deepEqual([slow.status, slow.headers.slice(0, 8), slow.body], [200, LOOKUP_ANSWER.headers, '{"code":"0001"}']);
    // 20 ms of work per request: a lower bound, whatever the machine's speed.
    assert.ok(slow.ms >= 20, `${slow.ms} ms`);
  } finally {
    await Promise.all([bare.stop(), working.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
});

it('counts the response lines of a log a chunk at a time, markers split between chunks included', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-log-'));
  try {
    const file = join(dir, 'log');
    const lines: string[] = [];
    for (let i = 0; i < 500; i++) lines.push(`{"level":30,"reqId":"req-${i}","url":"/v3/freeword/banks?freeword=${'あ'.repeat(i % 7)}","msg":"${i % 5 === 0 ? 'ginko ready' : 'response'}"}\n`);
    writeFileSync(file, lines.join(''));
    // 400 response lines; chunks of 32 to 64 bytes split the 16-byte marker every way.
    for (const chunk of [32, 33, 37, 41, 64, 1 << 20]) assert.equal(logLines(file, chunk), 400, `chunks of ${chunk} bytes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("reads the collector's pauses and the event loop's longest tick of a turn from Ginko's /metrics", async () => {
  const text = [
    '# TYPE nodejs_gc_duration_seconds histogram',
    'nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor"} 40',
    'nodejs_gc_duration_seconds_bucket{le="0.005",kind="minor"} 68',
    'nodejs_gc_duration_seconds_sum{kind="minor"} 0.0512',
    'nodejs_gc_duration_seconds_count{kind="minor"} 70',
    'nodejs_gc_duration_seconds_sum{kind="major"} 0.0093',
    'nodejs_gc_duration_seconds_count{kind="major"} 2',
    'nodejs_gc_duration_seconds_sum{kind="incremental"} 0.004',
    'nodejs_gc_duration_seconds_count{kind="incremental"} 5',
    'nodejs_eventloop_lag_max_seconds 0.022607487',
  ].join('\n');
  const later = metricsIn(text);
  assert.deepEqual(later, { markCompacts: 2, markCompactMs: 9.3, scavenges: 70, scavengeMs: 51.2, scavengesOver1Ms: 30, scavengesOver5Ms: 2, incrementalMs: 4, loopTickMaxMs: 22.607 });
  // Kinds not seen yet are not in the text: none so far. The loop's longest tick is the later
  // reading's own: each scrape starts it again.
  const earlier = metricsIn(
    'nodejs_gc_duration_seconds_bucket{le="0.001",kind="minor"} 25\nnodejs_gc_duration_seconds_bucket{le="0.005",kind="minor"} 30\nnodejs_gc_duration_seconds_sum{kind="minor"} 0.0201\nnodejs_gc_duration_seconds_count{kind="minor"} 31\nnodejs_eventloop_lag_max_seconds 0.2',
  );
  assert.deepEqual(metricsBetween(earlier, later), { markCompacts: 2, markCompactMs: 9.3, scavenges: 39, scavengeMs: 31.1, scavengesOver1Ms: 24, scavengesOver5Ms: 1, incrementalMs: 4, loopTickMaxMs: 22.6 });

  // And from the server as the bench starts it: its start made scavenges, and each was counted.
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-pauses-'));
  const ginko = await startGinko(dir, join(dir, 'ginko.log'));
  try {
    const ca = readFileSync(join(dir, 'tls-cert.pem'), 'utf8');
    const pauses = await readTurnMetrics(ginko.url, ca, {});
    assert.ok(pauses.scavenges > 0 && pauses.scavengeMs > 0, JSON.stringify(pauses));
    // At a fixed rate, read after each run: one figure per turn, and together no more than the
    // readings around all of them.
    const requests = [{ method: 'GET' as const, path: '/v3/banks/0001' }];
    const first = await readTurnMetrics(ginko.url, ca, {});
    const [result] = await alternateAtRate([{ origin: ginko.url, ca, headers: {}, sequence: { requests, next: 0 }, rate: 50, seconds: 1, connections: 2, turnMetrics: true, firstWarmUpSeconds: 2 }], 2);
    const last = await readTurnMetrics(ginko.url, ca, {});
    assert.equal(result!.turnMetrics?.length, 2);
    const turns = result!.turnMetrics!.reduce((n, p) => n + p.scavenges, 0);
    assert.ok(turns <= last.scavenges - first.scavenges, `${turns} scavenges in the turns, ${last.scavenges - first.scavenges} in all`);
    // The longest of a second's 10 ms ticks is 10 ms and a little, or a stall more.
    for (const t of result!.turnMetrics!) assert.ok(t.loopTickMaxMs >= 9.5 && t.loopTickMaxMs < 1000, `${t.loopTickMaxMs} ms`);
    await ginko.stop();
    // Read once before any load at the rate, so that the code a reading deoptimizes is compiled
    // again by a warm-up's load rather than in the first turn, and a warm-up at the rate before
    // every turn, not pooled: 2 s before the first (firstWarmUpSeconds), 1 s before the others
    // (docs/benchmarks.md#latency-at-half-load). The log's answers in order, runs of the same
    // path as one, with their number.
    const runs: { url: string; n: number }[] = [];
    for (const line of readFileSync(join(dir, 'ginko.log'), 'utf8').split('\n')) {
      if (!line.includes('"msg":"response"')) continue;
      const url = (JSON.parse(line) as { url: string }).url.split('?')[0]!;
      if (runs.at(-1)?.url === url) runs.at(-1)!.n++;
      else runs.push({ url, n: 1 });
    }
    // pauses, first, before the warm-ups | warm-up and turn 1 | after it | warm-up and turn 2 | after it, last
    assert.deepEqual(runs, [
      { url: '/metrics', n: 3 },
      { url: '/v3/banks/0001', n: 150 },
      { url: '/metrics', n: 1 },
      { url: '/v3/banks/0001', n: 100 },
      { url: '/metrics', n: 2 },
    ]);
    assert.equal(result!.total, 100);
    assert.equal(result!.warmUpP99Ms?.length, 2);
    assert.equal(result!.warmUpRequests, 150);
  } finally {
    await ginko.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('sends load at a fixed rate, open loop: every request due is sent, and its wait counts in its latency', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-rate-'));
  const { cert } = await loadOrCreateCertificate(dir);
  const bodiesFile = join(dir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ '/v3/banks/0001': LOOKUP_ANSWER }));
  const bare = await startBare(dir, bodiesFile);
  // 20 ms of work a request: at most 50 answers a second, against 100 due.
  const slow = await startBare(dir, bodiesFile, 20_000);
  const requests = [{ method: 'GET' as const, path: '/v3/banks/0001' }];
  const options = (origin: string) => ({ origin, ca: cert, headers: {}, sequence: { requests, next: 0 }, rate: 100, seconds: 1, connections: 2 });
  try {
    const [quick] = await alternateAtRate([options(bare.url)], 1);
    assert.deepEqual([quick!.total, quick!.non2xx, quick!.errors], [100, 0, 0]);
    assert.ok(quick!.requestsPerSecond > 60 && quick!.requestsPerSecond <= 101, `${quick!.requestsPerSecond}/s`);
    const [behind] = await alternateAtRate([options(slow.url)], 1);
    assert.deepEqual([behind!.total, behind!.non2xx, behind!.errors], [100, 0, 0]);
    // A closed loop would report about 20 ms: here the requests that waited for a free server count their wait.
    assert.ok(behind!.p99Ms > 300, `p99 ${behind!.p99Ms} ms`);
    // In turns, as the bench runs the two servers at half load: each server's requests of all its
    // turns pooled (40 a turn), each server with its own figures (20 ms of work a request is a
    // lower bound of the slow one's).
    const [alone, waited] = await alternateAtRate([{ ...options(bare.url), rate: 40 }, { ...options(slow.url), rate: 40 }], 2);
    assert.deepEqual([alone!.total, alone!.non2xx, alone!.errors, waited!.total, waited!.non2xx, waited!.errors], [80, 0, 0, 80, 0, 0]);
    assert.ok(alone!.p50Ms < 20 && waited!.p50Ms >= 20, `p50 ${alone!.p50Ms} and ${waited!.p50Ms} ms`);
    // The same from a process of its own, as the bench runs it: each sequence goes on where that
    // process left it (1 s of warm-up and one turn of 40 requests each), and so do the `_` values.
    const [first, second] = [{ ...options(bare.url), rate: 40 }, { ...options(slow.url), rate: 40 }];
    const uniqueBefore = lastUnique();
    const [apartAlone, apartWaited] = await alternateAtRateApart([first, second], 1, join(dir, 'job.json'));
    assert.deepEqual([apartAlone!.total, apartAlone!.errors, apartWaited!.total, apartWaited!.errors], [40, 0, 40, 0]);
    assert.ok(apartWaited!.p50Ms >= 20, `p50 ${apartWaited!.p50Ms} ms`);
    assert.deepEqual([first.sequence.next, second.sequence.next, lastUnique() - uniqueBefore], [80, 80, 160]);
    // The hypervisor's steal in each turn, read from /proc/stat (this machine's, in 10 ms ticks).
    assert.equal(apartAlone!.turnStolenMs?.length, 1);
    assert.ok(apartAlone!.turnStolenMs!.every((ms) => Number.isInteger(ms) && ms >= 0 && ms % 10 === 0), `${apartAlone!.turnStolenMs}`);
    // The load process's own lateness counts from when each request was due, not in the p99:
    // its loop stopped for 300 ms in the middle of the turn (after the 1 s warm-up), the requests
    // due meanwhile are sent late, all at once, and the quick server answers them as quickly as
    // the others. (At 400 a second, a request 2.5 ms after the last, at most one is on its way
    // when the loop stops: its answer, read after the stall, is not among the p99's 4 slowest.)
    const stall = setTimeout(() => {
      const until = performance.now() + 300;
      while (performance.now() < until);
    }, 1500);
    const [stalled] = await alternateAtRate([{ ...options(bare.url), rate: 400, connections: 20 }], 1);
    clearTimeout(stall);
    assert.deepEqual([stalled!.total, stalled!.errors], [400, 0]);
    assert.ok(stalled!.fromDue!.p99Ms >= 200, `from when due: p99 ${stalled!.fromDue!.p99Ms} ms`);
    assert.ok(stalled!.p99Ms < 100, `p99 ${stalled!.p99Ms} ms`);
  } finally {
    await Promise.all([bare.stop(), slow.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
});

it('the fixed-rate client\'s connection writes a request in one piece and reads each answer to its last byte (a head alone when the server closes after it), over a new connection when the server closed the last', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-raw-'));
  const { cert, key } = await loadOrCreateCertificate(dir);
  const seen: string[] = [];
  let connections = 0;
  const server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push(`${req.method} ${req.url} ${req.headers['content-length'] ?? '-'} ${req.headers['x-api-key'] ?? '-'} ${body}`);
      const answer = Buffer.from(`{"echo":${JSON.stringify(body)}}`, 'utf8');
      if (req.url === '/split') {
        // The head and the body's halves in separate writes, 20 ms apart.
        res.writeHead(200, { 'content-length': answer.length });
        res.write(answer.subarray(0, 5));
        setTimeout(() => res.end(answer.subarray(5)), 20);
      } else if (req.url === '/close') res.writeHead(404, { 'content-length': answer.length, connection: 'close' }).end(answer);
      // As Node's HTTP server answers a request it gives up on: a head alone, then the close.
      else if (req.url === '/timeout') req.socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      else res.writeHead(201, { 'Content-Length': answer.length }).end(answer);
    });
  });
  server.on('secureConnection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const connection = new RawConnection(origin, cert);
  const send = (method: string, path: string, body?: string) =>
    new Promise<number>((resolve) => connection.send(requestBytes(method, path, new URL(origin).host, { 'x-api-key': 'k1' }, body), resolve));
  try {
    await connection.ready();
    assert.equal(await send('POST', '/resolve', '{"bank_name":"みずほ"}'), 201);
    assert.equal(await send('GET', '/split'), 200);
    assert.equal(await send('GET', '/close'), 404);
    // The server closed that connection after its answer: the next request opens another.
    assert.equal(await send('GET', '/after'), 201);
    // An answer without Content-Length that closes the connection is read as its status.
    assert.equal(await send('GET', '/timeout'), 408);
    assert.equal(await send('GET', '/again'), 201);
    assert.deepEqual(seen, ['POST /resolve 25 k1 {"bank_name":"みずほ"}', 'GET /split - k1 ', 'GET /close - k1 ', 'GET /after - k1 ', 'GET /timeout - k1 ', 'GET /again - k1 ']);
    assert.equal(connections, 3);
    // A server that stops: the request in flight is answered with 0, not left waiting.
    const pending = send('GET', '/split');
    server.closeAllConnections();
    assert.equal(await pending, 0);
  } finally {
    connection.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('reports distinct Resolve at half load with both servers\' CPU there, each turn\'s p99 and the latency calibration, and says when the bare server itself is above the bound', () => {
  const result = (p99Ms: number, cpu: number): LoadResult => ({ requestsPerSecond: 2528, p50Ms: 1.4, p99Ms, non2xx: 0, errors: 0, total: 22752, cpuMicrosecondsPerRequest: cpu });
  const scenario = (bareP99: number, workingP99 = 3.1): ScenarioReport => ({
    name: 'distinct resolve, names as in files',
    available: true,
    bytes: 287,
    bare: { ...result(51, 85.2), requestsPerSecond: 8859 },
    ginko: { ...result(47, 188), requestsPerSecond: 5055 },
    ratio: 0.53,
    ratios: [0.53],
    target: 0,
    p99Target: 5,
    ratioReported: true,
    atHalfLoad: {
      rate: 2528,
      bare: result(bareP99, 121),
      ginko: {
        ...result(12.1, 269.8),
        turnP99Ms: [4.2, 12.9, 5],
        turnMetrics: [
          { markCompacts: 0, markCompactMs: 0, scavenges: 61, scavengeMs: 40.2, scavengesOver1Ms: 2, scavengesOver5Ms: 0, incrementalMs: 0, loopTickMaxMs: 10.3 },
          { markCompacts: 1, markCompactMs: 7.4, scavenges: 58, scavengeMs: 39.9, scavengesOver1Ms: 0, scavengesOver5Ms: 0, incrementalMs: 2.1, loopTickMaxMs: 22.6 },
          { markCompacts: 0, markCompactMs: 0, scavenges: 60, scavengeMs: 41, scavengesOver1Ms: 1, scavengesOver5Ms: 1, incrementalMs: 0.6, loopTickMaxMs: 10.4 },
        ],
      },
      working: { workMicroseconds: 103, result: result(workingP99, 214.5) },
    },
    pass: false,
  });
  const printed = (s: ScenarioReport): string => {
    const lines: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => lines.push(chunk) > 0) as typeof process.stdout.write;
    try {
      printTable({
        machine: { cpus: 2, node: 'v20' },
        configuration: '',
        startup: { firstStartMs: 1, restartMs: 1, targetsMs: { restart: 800, firstStart: 2500 } },
        memory: { samples: 0, targetMb: 200 },
        log: { responseLines: 0, bytes: 0 },
        scenarios: [s],
        calibration: [],
        inProcess: [],
      });
    } finally {
      process.stdout.write = write;
    }
    return lines.join('').split('\n').filter((l) => l.includes('at a fixed') || l.includes('at half load') || l.includes('at the same rate')).join('\n');
  };
  assert.equal(
    printed(scenario(7.5)),
    "distinct resolve, names as in files at a fixed 2,528 requests/s (half of Ginko's throughput above; answered: bare 2528/s, Ginko 2528/s): p50 / p99 bare 1.4 / 7.5 ms, Ginko 1.4 / 12.1 ms (turns 4.2, 12.9, 5) " +
      "(target p99 ≤ 5 ms: FAIL; the bare server's own p99 is above it: this machine, at this moment, cannot show the bound); saturated above: p99 bare 51 ms, Ginko 47 ms; " +
      'CPU per request at this rate bare / Ginko 121 / 269.8 µs (saturated 85.2 / 188 µs)\n' +
      "distinct resolve, names as in files at half load, Ginko in its turns: mark-compacts 0, 1 (pauses 7.4 ms, marking steps 2.1 ms), 0 (marking steps 0.6 ms); scavenges 61 (40.2 ms; over 1 ms 2, over 5 ms 0), 58 (39.9 ms; over 1 ms 0, over 5 ms 0), 60 (41 ms; over 1 ms 1, over 5 ms 1); the longest tick of its loop's 10 ms timer 10.3, 22.6, 10.4 ms\n" +
      "distinct resolve, names as in files at the same rate, the bare server doing 103 µs of busy work more per request (Ginko's CPU per request over the bare server's, saturated): " +
      'p50 / p99 1.4 / 3.1 ms, CPU per request 214.5 µs',
  );
  assert.ok(!printed(scenario(3.3)).includes('cannot show'));
  // The load process's own lateness per turn, where the results carry it.
  const late = (p99: number, max: number) => [{ p99, max }, { p99: 1.6, max: 4.2 }, { p99: 1.9, max: 5 }];
  const plain = scenario(3.3);
  assert.ok(plain.available && plain.atHalfLoad);
  const half = plain.atHalfLoad;
  const withLateness: ScenarioReport = {
    ...plain,
    atHalfLoad: {
      ...half,
      bare: { ...half.bare, turnSendLateMs: late(1.8, 4.5) },
      ginko: { ...half.ginko, turnSendLateMs: late(39.4, 69.3) },
      working: { ...half.working!, result: { ...half.working!.result, turnSendLateMs: late(2, 5) } },
    },
  };
  assert.match(
    printed(withLateness),
    /^distinct resolve, names as in files at half load, the load process's own lateness in sending \(its loop, not the servers'\), p99 \/ longest ms per turn: bare 1\.8 \/ 4\.5, 1\.6 \/ 4\.2, 1\.9 \/ 5; Ginko 39\.4 \/ 69\.3, 1\.6 \/ 4\.2, 1\.9 \/ 5; busy bare 2 \/ 5, 1\.6 \/ 4\.2, 1\.9 \/ 5$/m,
  );
  // The hypervisor's steal per turn, where the results carry it.
  const stolen = (ms: number) => [ms, 0, 10];
  const withSteal: ScenarioReport = {
    ...plain,
    atHalfLoad: {
      ...half,
      bare: { ...half.bare, turnStolenMs: stolen(20) },
      ginko: { ...half.ginko, turnStolenMs: stolen(140) },
      working: { ...half.working!, result: { ...half.working!.result, turnStolenMs: stolen(30) } },
    },
  };
  assert.match(
    printed(withSteal),
    /^distinct resolve, names as in files at half load, processor time the hypervisor gave to other guests \(steal, both vCPUs\), ms per turn: bare 20, 0, 10; Ginko 140, 0, 10; busy bare 30, 0, 10$/m,
  );
  assert.ok(!printed(plain).includes('steal'));
  assert.match(printed(scenario(3.3, 9.4)), /p50 \/ p99 1\.4 \/ 9\.4 ms, CPU per request 214\.5 µs; above the bound too: on this machine, at this rate, the bound asks for less CPU per request than Ginko's answers take$/);
  // At a fixed rate, the p99 from when each request was due follows the p99 the target reads.
  const withFromDue: ScenarioReport = { ...plain, atHalfLoad: { ...half, ginko: { ...half.ginko, fromDue: { p99Ms: 14.8, turnP99Ms: [5.1, 14.8, 6] } } } };
  assert.match(printed(withFromDue), /, Ginko 1\.4 \/ 12\.1 ms \(turns 4\.2, 12\.9, 5; from when due 14\.8 ms, turns 5\.1, 14\.8, 6\) \(target p99 ≤ 5 ms: FAIL\);/);
  // And the warm-up before each turn, kept apart from the pooled p99.
  const withWarmUps: ScenarioReport = { ...plain, atHalfLoad: { ...half, ginko: { ...half.ginko, fromDue: { p99Ms: 14.8, turnP99Ms: [5.1, 14.8, 6] }, warmUpP99Ms: [21.7, 3.9, 4.4] } } };
  assert.match(printed(withWarmUps), /, Ginko 1\.4 \/ 12\.1 ms \(turns 4\.2, 12\.9, 5; from when due 14\.8 ms, turns 5\.1, 14\.8, 6; the warm-up before each turn, not pooled, 21\.7, 3\.9, 4\.4\) \(target p99 ≤ 5 ms: FAIL\);/);
});

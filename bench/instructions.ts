/**
 * `npx tsx bench/instructions.ts`: the instructions each server's main thread runs per request,
 * Ginko as `npm start` runs it against the bare server answering the same bytes
 * (bare-server.ts), counted by valgrind's callgrind. A count does not move with the machine's
 * speed or its neighbours, as the throughput ratios of `npm run bench` do
 * (docs/benchmarks.md#instructions-per-request). Needs valgrind (Debian: `apt-get install
 * valgrind`). Options:
 *   --path P       the GET request, repeated (default the repeated lookup, /v3/banks/0001)
 *   --distinct K   instead, distinct requests (distinct.ts) of kind K, one of DISTINCT_KINDS,
 *                  or `mixed` for the mixed stream: each request the next of the list, with the
 *                  bench's unique `_` parameter, as `npm run bench` sends them; the output says
 *                  whether the list ran out and began again (its later requests then hit the
 *                  result cache: a smaller N keeps a kind's requests all different)
 *   --requests N   requests in each of the three counted windows (default 3000), after rounds of N
 *                  not counted until the code is warm (V8's helper threads nearly idle: warm below)
 *   --serve-args=A options added to Ginko's `serve` (e.g. --serve-args='--log-level warn'), said in
 *                  the output
 *   --fastify      also count Fastify alone answering the same bytes (fastify-server.ts): what the
 *                  framework costs a request, apart from what Ginko does in it
 * Each server runs under callgrind, about fifty times slower than on its own: work done once a
 * millisecond or once a second (the log line's time, Node's Date header) falls on more of the
 * requests than at full speed, which counts Ginko's log line high (the docs give the figure).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { fetchAll, type RecordedAnswer, writeRecordedAnswers } from './answer-key.js';
import { DISTINCT_KINDS, type DistinctKind, type DistinctRequest, distinctRequests, mixedRequests } from './distinct.js';
import { withUnique } from './load.js';
import { type Child, cpuMs, createKey, type Launcher, startBare, startFastifyAlone, startGinko, threadCpuMs } from './processes.js';
import { RawConnection, requestBytes } from './raw-connection.js';
import { distinctSent } from './report.js';
import { LOOKUP } from './scenarios.js';

const { values: args } = parseArgs({ options: { path: { type: 'string', default: LOOKUP.path }, distinct: { type: 'string' }, requests: { type: 'string', default: '3000' }, 'serve-args': { type: 'string', default: '' }, fastify: { type: 'boolean', default: false } } });
const path = args.path;
/** The distinct requests sent instead of `path`, in order, or undefined. */
const distinct = args.distinct === undefined ? undefined : distinctList(args.distinct);
const requests = Number(args.requests);
/** Options added to `ginko serve`'s, to count what one part costs (`--log-level warn`: no line per response). */
const serveArgs = args['serve-args'].split(' ').filter((a) => a !== '');
/** Connections the requests are spread over, as a few clients would. */
const CONNECTIONS = 10;
/** Warm-up rounds of N requests: at least, at most, and the helper threads' share of the CPU that ends them (warm). */
const MIN_WARM_ROUNDS = 2;
const MAX_WARM_ROUNDS = 20;
const QUIET_HELPERS = 0.03;
/**
 * Windows of N requests counted one after the other, the median reported: now and then one
 * holds a full collection of the old generation (its marking on the helper threads, its end on
 * the main thread), which V8 starts by the clock as well as by allocation, so under callgrind at
 * different requests than at full speed.
 */
const WINDOWS = 3;

interface Count {
  /** Instructions of the main thread (the event loop: parsing, TLS, JavaScript, scavenges) per request. */
  readonly mainThread: number;
  /** Of every thread, the V8 helpers (compilers, concurrent marking) and libuv's included. */
  readonly allThreads: number;
}

interface Measured extends Count {
  /** Each counted window of N requests; the figures above are the median window's (by main thread). */
  readonly windows: readonly Count[];
  /** Rounds of N requests sent, not counted, until the code was warm. */
  readonly warmUp: number;
}

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  process.stderr.write('bench/instructions.ts needs valgrind (Debian: apt-get install valgrind)\n');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'ginko-instructions-'));
try {
  // A data directory as the bench's (run.ts): certificate, seeded history, an unlimited key;
  // Ginko's answer, which the bare server repeats, recorded by the start that seeded it.
  const first = await startGinko(dir, join(dir, 'first.log'));
  const key = createKey(dir, 'unlimited');
  const ca = readFileSync(join(dir, 'tls-cert.pem'), 'utf8');
  // A JSON content type on every request, as `npm run bench` sends them (run.ts): Resolve's are POSTs.
  const headers: Record<string, string> = distinct ? { 'x-api-key': key, 'content-type': 'application/json' } : { 'x-api-key': key };
  const answers = await fetchAll(first.url, ca, distinct ?? [{ method: 'GET', path }], key).finally(() => first.stop());
  const bodies: Record<string, RecordedAnswer> = {};
  for (const [k, a] of answers) {
    if (a.status !== 200) throw new Error(`${k} answers ${a.status}`);
    bodies[k] = { headers: a.headers, body: a.body };
  }
  const bodiesFile = join(dir, 'bodies.json');
  writeRecordedAnswers(bodiesFile, bodies);

  const bare = await counted('bare', headers, ca, (launcher) => startBare(dir, bodiesFile, 0, launcher));
  const fastify = args.fastify ? await counted('fastify', headers, ca, (launcher) => startFastifyAlone(dir, bodiesFile, launcher)) : undefined;
  const ginko = await counted('ginko', headers, ca, (launcher) => startGinko(dir, join(dir, 'ginko.log'), serveArgs, launcher));
  const ratio = (a: number, b: number) => (a / b).toFixed(3);
  process.stdout.write(
    [
      `${distinct ? `distinct ${args.distinct}` : `GET ${path}`}${serveArgs.length > 0 ? ` (Ginko with ${serveArgs.join(' ')})` : ''}: ${WINDOWS} windows of ${requests} requests over ${CONNECTIONS} connections, counted once the code was warm (after bare ${bare.warmUp + 1} × ${requests}, Ginko ${ginko.warmUp + 1} × ${requests}); instructions per request (callgrind), the median window`,
      `  main thread:  bare ${per(bare.mainThread)}, Ginko ${per(ginko.mainThread)}: bare / Ginko ${ratio(bare.mainThread, ginko.mainThread)}`,
      `  all threads:  bare ${per(bare.allThreads)}, Ginko ${per(ginko.allThreads)}: bare / Ginko ${ratio(bare.allThreads, ginko.allThreads)}`,
      ...(fastify
        ? [
            `  Fastify alone (bench/fastify-server.ts), main thread / all threads: ${per(fastify.mainThread)} / ${per(fastify.allThreads)}; bare / Fastify alone ${ratio(bare.mainThread, fastify.mainThread)} / ${ratio(bare.allThreads, fastify.allThreads)}, Fastify alone / Ginko ${ratio(fastify.mainThread, ginko.mainThread)} / ${ratio(fastify.allThreads, ginko.allThreads)}`,
          ]
        : []),
      `  each window, main thread / all threads:  bare ${windowsOf(bare)}; ${fastify ? `Fastify alone ${windowsOf(fastify)}; ` : ''}Ginko ${windowsOf(ginko)}`,
      // Each round sends N: the warm-up's, the one after counting began, and the windows.
      ...(distinct ? [`  ${distinctSent(distinct.length, (ginko.warmUp + 1 + WINDOWS) * requests)}`] : []),
      '',
    ].join('\n'),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function per(instructions: number): string {
  return Math.round(instructions).toLocaleString('en-US');
}

function windowsOf(measured: Measured): string {
  return measured.windows.map((w) => `${per(w.mainThread)} / ${per(w.allThreads)}`).join(', ');
}

/** Starts a server under callgrind, counting nothing until its code is warm; the instructions of `requests` requests. */
async function counted(name: string, headers: Record<string, string>, ca: string, launch: (launcher: Launcher) => Promise<Child>): Promise<Measured> {
  const child = await launch({ command: 'valgrind', args: ['--tool=callgrind', '--separate-threads=yes', '--instr-atstart=no', `--callgrind-out-file=${join(dir, `${name}.callgrind`)}`] });
  const pid = String(child.process.pid);
  try {
    await settled(child.process.pid!);
    const connections = Array.from({ length: CONNECTIONS }, () => new RawConnection(child.url, ca));
    await Promise.all(connections.map((c) => c.ready()));
    const host = new URL(child.url).host;
    const repeated = requestBytes('GET', path, host, headers, undefined);
    // Each server from the list's start, as in the bench: both answer the same requests.
    let next = 0;
    const bytes = distinct
      ? () => {
          const one = distinct[next++ % distinct.length]!;
          return requestBytes(one.method, withUnique(one.path), host, headers, one.body);
        }
      : () => repeated;
    const send = (n: number) => sendAll(connections, bytes, n);
    const warmUp = await warm(child.process.pid!, () => send(requests));
    // Instrumented from here: the start and the warm-up run uninstrumented, several times faster.
    // The server then runs several times slower, and what V8 does by the clock (compiling,
    // collecting) shifts for a while: one more round is not counted.
    execFileSync('callgrind_control', ['--instr=on', pid], { stdio: 'ignore' });
    await send(requests);
    const windows: Count[] = [];
    for (let w = 1; w <= WINDOWS; w++) {
      execFileSync('callgrind_control', ['--zero', pid], { stdio: 'ignore' });
      await send(requests);
      execFileSync('callgrind_control', [`--dump=window-${w}`, pid], { stdio: 'ignore' });
      windows.push(dumped(name, w));
    }
    for (const c of connections) c.close();
    const byMain = [...windows].sort((a, b) => a.mainThread - b.mainThread);
    return { ...byMain[(WINDOWS - 1) / 2]!, windows, warmUp };
  } finally {
    await child.stop();
  }
}

/** The instructions per request of dump number `n` of `name`: one file a thread, `<file>.<n>-01` the main thread's. */
function dumped(name: string, n: number): Count {
  const dumps = readdirSync(dir).filter((f) => f.startsWith(`${name}.callgrind.${n}-`));
  const instructions = (f: string) => Number(/^summary: (\d+)$/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]);
  const main = dumps.find((f) => f.endsWith(`.${n}-01`));
  if (main === undefined) throw new Error(`${name}: no dump of the main thread (${dumps.join(', ')})`);
  return { mainThread: instructions(main) / requests, allThreads: dumps.reduce((sum, f) => sum + instructions(f), 0) / requests };
}

/**
 * Sends rounds of requests (`round`) until V8's helper threads, which compile hot functions
 * and mark the old generation, took under QUIET_HELPERS of the main thread's CPU in a round:
 * the code has reached the form it keeps. After a fixed warm-up of 6,000 requests Ginko's
 * compiler was still at work in the counted requests, 25,000–41,000 instructions a request
 * on its threads (docs/benchmarks.md#instructions-per-request). Returns the rounds sent.
 */
async function warm(pid: number, round: () => Promise<void>): Promise<number> {
  for (let rounds = 1; ; rounds++) {
    const before = threadCpuMs(pid);
    await round();
    const after = threadCpuMs(pid);
    let main = 0;
    let helpers = 0;
    for (const [tid, ms] of after) {
      const used = ms - (before.get(tid) ?? 0);
      if (tid === pid) main = used;
      else helpers += used;
    }
    if (rounds >= MIN_WARM_ROUNDS && helpers <= QUIET_HELPERS * main) return rounds;
    if (rounds === MAX_WARM_ROUNDS) throw new Error(`process ${pid}: V8's helper threads still took ${Math.round((100 * helpers) / main)}% of the main thread's CPU after ${rounds} rounds`);
  }
}

/**
 * Waits until the process has used under 5% of a CPU for a second: Ginko warms its indexes in
 * the background after it listens (a bank at a time between other work, docs/benchmarks.md),
 * which would otherwise be counted as the requests' work, more or less of it from one run to
 * the next.
 */
async function settled(pid: number): Promise<void> {
  for (let waited = 0; waited < 600; waited++) {
    const before = cpuMs(pid);
    await sleep(1000);
    const after = cpuMs(pid);
    if (before === undefined || after === undefined || after - before < 50) return;
  }
  throw new Error(`process ${pid} still busy after 10 minutes`);
}

/** `total` requests, each of the bytes `bytes()` gives, over the connections, one at a time on each; fails on any answer but 200. */
function sendAll(connections: readonly RawConnection[], bytes: () => Buffer, total: number): Promise<void> {
  let sent = 0;
  return new Promise((resolve, reject) => {
    let running = connections.length;
    const next = (connection: RawConnection) => {
      if (sent >= total) {
        if (--running === 0) resolve();
        return;
      }
      sent++;
      connection.send(bytes(), (status) => (status === 200 ? next(connection) : reject(new Error(`answered ${status}`))));
    };
    for (const c of connections) next(c);
  });
}

/** The requests of `--distinct`: a kind's, or the mixed stream's. */
function distinctList(kind: string): readonly DistinctRequest[] {
  if (kind === 'mixed') return mixedRequests();
  if (!(DISTINCT_KINDS as readonly string[]).includes(kind)) throw new Error(`--distinct must be mixed or one of ${DISTINCT_KINDS.join(', ')}`);
  return distinctRequests().get(kind as DistinctKind)!;
}

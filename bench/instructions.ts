/**
 * `npx tsx bench/instructions.ts`: the instructions each server's main thread runs per request,
 * Ginko as `npm start` runs it against the bare server answering the same bytes
 * (bare-server.ts), counted by valgrind's callgrind. A count does not move with the machine's
 * speed or its neighbours, as the throughput ratios of `npm run bench` do
 * (docs/benchmarks.md#instructions-per-request). Needs valgrind (Debian: `apt-get install
 * valgrind`). Options:
 *   --path P       the GET request, repeated (default the repeated lookup, /v3/banks/0001)
 *   --requests N   requests counted, after 2N not counted while the code warms (default 3000)
 * Each server runs under callgrind, about fifty times slower than on its own: work done once a
 * millisecond or once a second (the log line's time, Node's Date header) falls on more of the
 * requests than at full speed, which counts Ginko's log line high (the docs give the figure).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { answerKey, fetchAnswer } from './answer-key.js';
import { type Child, cpuMs, createKey, type Launcher, startBare, startGinko } from './processes.js';
import { RawConnection, requestBytes } from './raw-connection.js';
import { LOOKUP } from './scenarios.js';

const { values: args } = parseArgs({ options: { path: { type: 'string', default: LOOKUP.path }, requests: { type: 'string', default: '3000' } } });
const path = args.path;
const requests = Number(args.requests);
/** Connections the requests are spread over, as a few clients would. */
const CONNECTIONS = 10;

interface Count {
  /** Instructions of the main thread (the event loop: parsing, TLS, JavaScript, scavenges) per request. */
  readonly mainThread: number;
  /** Of every thread, the V8 helpers (compilers, concurrent marking) and libuv's included. */
  readonly allThreads: number;
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
  const headers = { 'x-api-key': key };
  const answer = await fetchAnswer(first.url, ca, undefined, { method: 'GET', path }, key).finally(() => first.stop());
  if (answer.status !== 200) throw new Error(`${path} answers ${answer.status}`);
  const bodiesFile = join(dir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify({ [answerKey('GET', path)]: { headers: answer.headers, body: answer.body } }));

  const bare = await counted('bare', headers, ca, (launcher) => startBare(dir, bodiesFile, 0, launcher));
  const ginko = await counted('ginko', headers, ca, (launcher) => startGinko(dir, join(dir, 'ginko.log'), [], launcher));
  const per = (n: number) => Math.round(n).toLocaleString('en-US');
  process.stdout.write(
    [
      `GET ${path}, ${requests} requests over ${CONNECTIONS} connections after ${2 * requests} not counted; instructions per request (callgrind)`,
      `  main thread:  bare ${per(bare.mainThread)}, Ginko ${per(ginko.mainThread)}: bare / Ginko ${(bare.mainThread / ginko.mainThread).toFixed(3)}`,
      `  all threads:  bare ${per(bare.allThreads)}, Ginko ${per(ginko.allThreads)}: bare / Ginko ${(bare.allThreads / ginko.allThreads).toFixed(3)}`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Starts a server under callgrind, counting nothing until its code is warm; the instructions of `requests` requests. */
async function counted(name: string, headers: Record<string, string>, ca: string, launch: (launcher: Launcher) => Promise<Child>): Promise<Count> {
  const child = await launch({ command: 'valgrind', args: ['--tool=callgrind', '--separate-threads=yes', '--instr-atstart=no', `--callgrind-out-file=${join(dir, `${name}.callgrind`)}`] });
  const pid = String(child.process.pid);
  try {
    await settled(child.process.pid!);
    const connections = Array.from({ length: CONNECTIONS }, () => new RawConnection(child.url, ca));
    await Promise.all(connections.map((c) => c.ready()));
    const bytes = requestBytes('GET', path, new URL(child.url).host, headers, undefined);
    const send = (n: number) => sendAll(connections, bytes, n);
    // Instrumented from here: the start runs uninstrumented, several times faster.
    execFileSync('callgrind_control', ['--instr=on', pid], { stdio: 'ignore' });
    await send(2 * requests);
    execFileSync('callgrind_control', ['--zero', pid], { stdio: 'ignore' });
    await send(requests);
    execFileSync('callgrind_control', ['--dump=counted', pid], { stdio: 'ignore' });
    for (const c of connections) c.close();
    // The dump of the counted requests: one file a thread, `<file>.1-01` the main thread's.
    const dumps = readdirSync(dir).filter((f) => f.startsWith(`${name}.callgrind.1-`));
    const instructions = (f: string) => Number(/^summary: (\d+)$/m.exec(readFileSync(join(dir, f), 'utf8'))?.[1]);
    const main = dumps.find((f) => f.endsWith('.1-01'));
    if (main === undefined) throw new Error(`${name}: no dump of the main thread (${dumps.join(', ')})`);
    return { mainThread: instructions(main) / requests, allThreads: dumps.reduce((n, f) => n + instructions(f), 0) / requests };
  } finally {
    await child.stop();
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

/** `total` requests of `bytes`, over the connections, one at a time on each; fails on any answer but 200. */
function sendAll(connections: readonly RawConnection[], bytes: Buffer, total: number): Promise<void> {
  let sent = 0;
  return new Promise((resolve, reject) => {
    let running = connections.length;
    const next = (connection: RawConnection) => {
      if (sent >= total) {
        if (--running === 0) resolve();
        return;
      }
      sent++;
      connection.send(bytes, (status) => (status === 200 ? next(connection) : reject(new Error(`answered ${status}`))));
    };
    for (const c of connections) next(c);
  });
}

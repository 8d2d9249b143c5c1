/** Child processes of a bench run: `ginko serve`, the bare server, and `ginko` commands. */
import { type ChildProcess, execFileSync, spawn, type StdioOptions } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { bundleStaleness } from '../bin/bundle-freshness.js';

const GINKO = fileURLToPath(new URL('../bin/ginko.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const FASTIFY_ALONE = fileURLToPath(new URL('./fastify-server.ts', import.meta.url));

export interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  /** Milliseconds from spawn to the "listening on" line. */
  readonly startMs: number;
  stop(): Promise<void>;
}

/** A child that printed its URL: `started` is when it was spawned. */
function running(child: ChildProcess, url: string, started: number): Child {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    process: child,
    url,
    startMs: performance.now() - started,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A program a child's Node.js runs under, with its options (valgrind, bench/instructions.ts). */
export interface Launcher {
  readonly command: string;
  readonly args: readonly string[];
}

/** `node args`, under `launcher` if one is given. */
function spawnNode(args: readonly string[], launcher: Launcher | undefined, stdio: StdioOptions): ChildProcess {
  return launcher ? spawn(launcher.command, [...launcher.args, process.execPath, ...args], { stdio }) : spawn(process.execPath, args, { stdio });
}

/** A Node.js process of the bench's own beside Ginko (a bare server, the load process), with HELPER_NODE_OPTIONS. */
export function spawnHelper(args: readonly string[], launcher: Launcher | undefined, stdio: StdioOptions): ChildProcess {
  return spawnNode([...HELPER_NODE_OPTIONS, ...args], launcher, stdio);
}

/** A helper server that prints the URL it listens on. */
function start(args: readonly string[], launcher?: Launcher): Promise<Child> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawnHelper(args, launcher, ['ignore', 'pipe', 'pipe']);
    let out = '';
    let err = '';
    // Both piped (the stdio above).
    child.stderr!.on('data', (c) => (err += c));
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(running(child, m[1]!, started));
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}\n${out}\n${err}`)));
  });
}

/**
 * The Node.js options `npm start` gives (package.json's start script: `node <options>
 * bin/ginko.js serve`), so that the bench runs the server exactly as it does.
 */
export function npmStartNodeOptions(): readonly string[] {
  if (startOptions) return startOptions;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const m = /^node((?: --?[\w-]+(?:=\S+)?)*) bin\/ginko\.js serve$/.exec(pkg.scripts.start);
  if (!m) throw new Error(`the start script is not "node [options] bin/ginko.js serve": ${pkg.scripts.start}`);
  return (startOptions = m[1]!.split(' ').filter((o) => o !== ''));
}
let startOptions: readonly string[] | undefined;

/**
 * `ginko serve` as `npm start` runs it: its Node.js options, the default log level (`info`, one
 * line per response), its stdout (the log) appended to `logFile` as `npm start >> logFile` would.
 */
export async function startGinko(dataDir: string, logFile: string, extra: readonly string[] = [], launcher?: Launcher): Promise<Child> {
  // The "listening on" line is in the log file: read what this start appends, and only that
  // (a later start follows hundreds of MB of response lines).
  const offset = existsSync(logFile) ? statSync(logFile).size : 0;
  const started = performance.now();
  const fd = openSync(logFile, 'a');
  const child = spawnNode([...npmStartNodeOptions(), GINKO, 'serve', '--port', '0', '--data-dir', dataDir, ...extra], launcher, ['ignore', fd, 'pipe']);
  closeSync(fd);
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  const log = openSync(logFile, 'r');
  try {
    // Read as latin1, a byte a character: the line sought is ASCII, and a read never splits a character.
    let appended = '';
    const chunk = Buffer.alloc(64 * 1024);
    for (;;) {
      for (let n; (n = readSync(log, chunk, 0, chunk.length, offset + appended.length)) > 0; ) appended += chunk.toString('latin1', 0, n);
      const m = /listening on (\S+)/.exec(appended);
      if (m) return running(child, m[1]!, started);
      if (child.exitCode !== null) throw new Error(`ginko serve exited with ${child.exitCode}\n${err}`);
      await sleep(10);
    }
  } finally {
    closeSync(log);
  }
}

/**
 * What `bin/ginko.js` runs: the esbuild bundle while it is current (as after `npm ci`), else the
 * TypeScript sources through tsx, which starts about 1 s slower. The bundle is compiled with the
 * code cache an earlier run wrote, here at the latest the first start, which writes it as the
 * bench stops it with SIGTERM before the restart (docs/deployment.md#start-up).
 */
export function ginkoRunsFrom(): string {
  const stale = bundleStaleness();
  return stale === undefined ? "the bundle dist/ginko.cjs with V8's code cache" : `the TypeScript sources through tsx (${stale}: npm run build)`;
}

/**
 * Node.js options of the bench's own processes beside Ginko: the bare servers and the fixed-rate
 * load process (spawnHelper), and the bench's own (package.json's bench script passes them; run.ts
 * checks). Without V8's memory reducer: a bare server idle after its turn made full
 * collections of its heap (every recorded answer, 80–97 MB) on its own timer, with V8's helper
 * threads, in the next server's turn: one of 10.7 ms of pause and 14.2 ms of marking fell in
 * Ginko's warm-up in a traced run (docs/benchmarks.md#latency-at-half-load). Ginko runs with
 * `npm start`'s options, whatever they are.
 */
export const HELPER_NODE_OPTIONS = ['--no-memory-reducer'] as const;

/** The bare server; with `workMicroseconds`, doing that much busy work more per request (the calibration, run.ts). */
export function startBare(dataDir: string, bodiesFile: string, workMicroseconds = 0, launcher?: Launcher): Promise<Child> {
  return start(['--import', 'tsx', BARE, `${dataDir}/tls-cert.pem`, `${dataDir}/tls-key.pem`, bodiesFile, String(workMicroseconds)], launcher);
}

/** Fastify alone answering the bare server's bytes (fastify-server.ts: bench/instructions.ts --fastify). */
export function startFastifyAlone(dataDir: string, bodiesFile: string, launcher?: Launcher): Promise<Child> {
  return start(['--import', 'tsx', FASTIFY_ALONE, `${dataDir}/tls-cert.pem`, `${dataDir}/tls-key.pem`, bodiesFile], launcher);
}

export function createKey(dataDir: string, plan: string): string {
  const out = execFileSync(process.execPath, [GINKO, 'keys', 'create', '--plan', plan, '--data-dir', dataDir], { encoding: 'utf8' });
  return out.trim().split('\n').at(-1)!;
}

/** Milliseconds in one clock tick of /proc's figures: USER_HZ, 100 a second on Linux. */
const MS_PER_TICK = 10;

/**
 * CPU time a process has used so far, user and system, all threads, in milliseconds, from
 * /proc (Linux; undefined elsewhere), to MS_PER_TICK.
 */
export function cpuMs(pid: number): number | undefined {
  return statCpuMs(`/proc/${pid}/stat`);
}

/** CPU time of each thread of a process so far, in milliseconds by thread id, from /proc (Linux; empty elsewhere). */
export function threadCpuMs(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    // A thread's stat file has the process's fields, for that thread alone.
    const ms = statCpuMs(`/proc/${pid}/task/${tid}/stat`);
    if (ms !== undefined) threads.set(Number(tid), ms);
  }
  return threads;
}

/**
 * Processor time the hypervisor has given to other guests so far while this machine's vCPUs
 * wanted to run (steal, the eighth figure of /proc/stat's `cpu` line), all vCPUs, in
 * milliseconds to MS_PER_TICK; undefined where it cannot be read (not Linux).
 */
export function stolenMs(): number | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const steal = Number(line.split(/\s+/)[8]);
    return Number.isFinite(steal) ? steal * MS_PER_TICK : undefined;
  } catch {
    return undefined;
  }
}

/** utime + stime of a /proc stat file, in milliseconds; undefined if it cannot be read. */
function statCpuMs(file: string): number | undefined {
  try {
    const stat = readFileSync(file, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}

/**
 * The processor's family and model as /proc/cpuinfo gives them ("family 25 model 17"), which
 * tell apart machines that Node's model name ("AMD EPYC") does not, and whose speeds differ
 * (docs/benchmarks-log.md); undefined where it cannot be read.
 */
export function cpuFamily(): string | undefined {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const family = /^cpu family\s*:\s*(\d+)/m.exec(info)?.[1];
    const model = /^model\s*:\s*(\d+)/m.exec(info)?.[1];
    return family !== undefined && model !== undefined ? `family ${family} model ${model}` : undefined;
  } catch {
    return undefined;
  }
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

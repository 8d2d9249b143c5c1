/** Child processes of a bench run: `ginko serve` as `npm start` runs it, the bare server, `ginko keys`. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const GINKO = fileURLToPath(new URL('../bin/ginko.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

/**
 * Builds dist/ginko.cjs when it is older than src/ or the installed packages: `npm ci` leaves it
 * current, so that is how `npm start` runs, and an edited checkout would otherwise measure
 * TypeScript compiled on the fly (a slower start and more memory).
 */
export async function buildBundleIfStale(): Promise<void> {
  const { bundleStaleness } = (await import('../bin/bundle-freshness.js')) as { bundleStaleness(): string | undefined };
  const stale = bundleStaleness();
  if (stale === undefined) return;
  console.log(`${stale}: npm run build`);
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

export interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  /** Milliseconds from spawn to the "listening on" line. */
  readonly startMs: number;
  stop(): Promise<void>;
}

function running(child: ChildProcess, url: string, started: number): Child {
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    process: child,
    url,
    startMs: performance.now() - started,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The Node.js options of package.json's start script (`node [options] bin/ginko.js serve`), so
 * that the bench runs the server exactly as `npm start` does.
 */
export function npmStartNodeOptions(): readonly string[] {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const m = /^node((?: --?[\w-]+(?:=\S+)?)*) bin\/ginko\.js serve$/.exec(pkg.scripts.start);
  if (!m) throw new Error(`the start script is not "node [options] bin/ginko.js serve": ${pkg.scripts.start}`);
  return m[1]!.split(' ').filter((o) => o !== '');
}

/**
 * `ginko serve` as `npm start` runs it (default log level `info`, one line per response), its
 * log appended to `logFile` as `npm start >> logFile` would.
 */
export async function startGinko(dataDir: string, logFile: string, extra: readonly string[] = []): Promise<Child> {
  // The "listening on" line is in the log file: read only what this start appends.
  const offset = existsSync(logFile) ? statSync(logFile).size : 0;
  const started = performance.now();
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...npmStartNodeOptions(), GINKO, 'serve', '--port', '0', '--data-dir', dataDir, ...extra], { stdio: ['ignore', fd, 'pipe'] });
  closeSync(fd);
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  const log = openSync(logFile, 'r');
  try {
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

/** The bare server (bare-server.ts), answering the recorded bytes of `bodiesFile`. */
export function startBare(dataDir: string, bodiesFile: string): Promise<Child> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', BARE, `${dataDir}/tls-cert.pem`, `${dataDir}/tls-key.pem`, bodiesFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr!.on('data', (c) => (err += c));
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(running(child, m[1]!, started));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}\n${out}\n${err}`)));
  });
}

export function createKey(dataDir: string, plan: string): string {
  const out = execFileSync(process.execPath, [GINKO, 'keys', 'create', '--plan', plan, '--data-dir', dataDir], { encoding: 'utf8' });
  return out.trim().split('\n').at(-1)!;
}

/** Resident set size of a process in MB, from /proc (Linux); undefined elsewhere. */
export function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

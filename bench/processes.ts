/** Child processes of a bench run: `ginko serve`, the bare server, and `ginko` commands. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const GINKO = fileURLToPath(new URL('../bin/ginko.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.ts', import.meta.url));

export interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  /** Milliseconds from spawn to the "listening on" line. */
  readonly startMs: number;
  stop(): Promise<void>;
}

function start(args: readonly string[]): Promise<Child> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    child.stdout.on('data', (c) => {
      out += c;
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        resolve({
          process: child,
          url: m[1]!,
          startMs: performance.now() - started,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}\n${out}\n${err}`)));
  });
}

export function startGinko(dataDir: string, extra: readonly string[] = []): Promise<Child> {
  return start([GINKO, 'serve', '--port', '0', '--data-dir', dataDir, '--log-level', 'warn', ...extra]);
}

export function startBare(dataDir: string, bodiesFile: string): Promise<Child> {
  return start(['--import', 'tsx', BARE, `${dataDir}/tls-cert.pem`, `${dataDir}/tls-key.pem`, bodiesFile]);
}

export function createKey(dataDir: string, plan: string): string {
  const out = execFileSync(process.execPath, [GINKO, 'keys', 'create', '--plan', plan, '--data-dir', dataDir], { encoding: 'utf8' });
  return out.trim().split('\n').at(-1)!;
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

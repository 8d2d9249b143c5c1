/** Runs the real `ginko` command in a child process, as an operator would. */
import { type ChildProcess, spawn } from 'node:child_process';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';

export const GINKO_BIN = fileURLToPath(new URL('../../bin/ginko.js', import.meta.url));

/**
 * Servers still running when a test file's tests have ended: a test that failed before its
 * `stop()`. Each would keep the file's process, and so `npm test`, waiting for ever.
 */
const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

export interface RunningGinko {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stdout: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function runGinko(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runGinkoWithInput(args, undefined, env);
}

/** Runs `ginko` with `input` on its standard input (e.g. `admin add NAME --password-stdin`), or none. */
export function runGinkoWithInput(args: readonly string[], input: string | undefined, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GINKO_BIN, ...args], { env: { ...process.env, ...env }, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c) => (stdout += c));
    child.stderr!.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (input !== undefined) child.stdin!.end(input);
  });
}

/** Starts `ginko serve` and waits for its "listening on" line. */
export function startGinko(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<RunningGinko> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GINKO_BIN, 'serve', '--port', '0', '--log-level', 'warn', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let out = '';
    let err = '';
    // First starts seed the history (a few seconds); on a loaded shared machine they have been
    // seen to take over 20 s.
    const timer = setTimeout(() => {
      // A server that is merely slow would otherwise start later and keep the test process alive.
      child.kill('SIGKILL');
      reject(new Error(`ginko did not start in time:\n${out}\n${err}`));
    }, 60_000);
    child.stderr.on('data', (c) => (err += c));
    child.stdout.on('data', (c) => {
      out += c;
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
        resolve({
          child,
          url: m[1]!,
          stdout: () => out,
          stop: async () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`ginko exited with ${code}:\n${out}\n${err}`)));
  });
}

/**
 * `ginko serve` in a child process, without node:test: process.ts wraps it for test files (and
 * kills what a failed test left running); scripts that tests run in a child process of their
 * own (slow-reader-at-shutdown.ts) use it as it is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const GINKO_BIN = fileURLToPath(new URL('../../bin/ginko.js', import.meta.url));

export interface RunningGinko {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `ginko serve` (log level warn unless `args` say otherwise) and waits for its
 * "listening on" line; `onSpawn` sees the child as soon as it exists.
 */
export function serveGinko(args: readonly string[], env: NodeJS.ProcessEnv = {}, onSpawn: (child: ChildProcess) => void = () => {}): Promise<RunningGinko> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GINKO_BIN, 'serve', '--port', '0', '--log-level', 'warn', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onSpawn(child);
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
          stderr: () => err,
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

/** Runs the real `ginko` command in a child process, as an operator would. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after } from 'node:test';
import { GINKO_BIN, type RunningGinko, serveGinko } from './ginko-server.js';

export { GINKO_BIN, type RunningGinko };

/**
 * Servers still running when a test file's tests have ended: a test that failed before its
 * `stop()`. Each would keep the file's process, and so `npm test`, waiting for ever.
 */
const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) child.kill('SIGKILL');
});

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

/** The child's peak resident memory so far (VmHWM), in MB; undefined once it has gone. */
function peakRssOf(pid: number): number | undefined {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return undefined;
  }
}

/** Runs `ginko` as runGinko does, with the child's peak resident memory, sampled every 10 ms. */
export async function runGinkoMeasured(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string; peakRssMb: number }> {
  let peak = 0;
  const child = spawn(process.execPath, [GINKO_BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const sampler = setInterval(() => (peak = Math.max(peak, peakRssOf(child.pid!) ?? 0)), 10);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  clearInterval(sampler);
  return { code, stdout, stderr, peakRssMb: peak };
}

/** Starts `ginko serve` and waits for its "listening on" line; killed when the test file ends. */
export function startGinko(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<RunningGinko> {
  return serveGinko(args, env, (child) => {
    running.add(child);
    child.once('exit', () => running.delete(child));
  });
}

/**
 * A bundle run in a process of its own with require(), as bin/ginko.js runs dist/ginko.cjs
 * (`ginko` stands where a script's path would in process.argv).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

export interface BundleRun {
  /** What the bundle printed on stdout. */
  readonly output: string;
  /** The files loaded with require() by the time the process exited. */
  readonly loaded: readonly string[];
}

/** Runs `bundle` with `args` (and Node.js options `nodeOptions`); the process must exit with 0. */
export function runBundleApart(bundle: string, args: readonly string[] = [], nodeOptions: readonly string[] = []): BundleRun {
  // The last line of stderr, written at exit, after anything the bundle wrote there.
  const script = `
    import { createRequire } from 'node:module';
    const require = createRequire(import.meta.url);
    process.on('exit', () => process.stderr.write('\\n' + JSON.stringify(Object.keys(require.cache))));
    require(${JSON.stringify(bundle)});`;
  const child = spawnSync(process.execPath, [...nodeOptions, '--input-type=module', '-e', script, '--', 'ginko', ...args], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const loaded = JSON.parse(child.stderr.slice(child.stderr.lastIndexOf('\n') + 1)) as string[];
  return { output: child.stdout, loaded };
}

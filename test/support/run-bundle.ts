/**
 * A bundle run in a process of its own through bin/code-cache.js, as bin/ginko.js runs
 * dist/ginko.cjs (`ginko` stands where a script's path would in process.argv).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const RUNNER = pathToFileURL('bin/code-cache.js').href;

export interface BundleRun {
  /** What the bundle printed on stdout. */
  readonly output: string;
  /** What runBundle said of the cache; 'not returned' when the bundle exited inside it (`--help`). */
  readonly state: string;
  /** The files loaded with require() by the time the process exited. */
  readonly loaded: readonly string[];
}

export interface BundleRunOptions {
  readonly nodeOptions?: readonly string[];
  readonly args?: readonly string[];
  /** runBundle's writeAfterMs. */
  readonly writeAfterMs?: number;
}

/** Runs `bundle` with the cache in `cacheDir`; the process must exit with 0. */
export function runBundleApart(bundle: string, cacheDir: string, { nodeOptions = [], args = [], writeAfterMs }: BundleRunOptions = {}): BundleRun {
  // The last line of stderr, written at exit, after anything the bundle wrote there.
  const script = `
    import { createRequire } from 'node:module';
    import { runBundle } from ${JSON.stringify(RUNNER)};
    const require = createRequire(import.meta.url);
    let state = 'not returned';
    process.on('exit', () => process.stderr.write('\\n' + JSON.stringify({ state, loaded: Object.keys(require.cache) })));
    state = runBundle(${JSON.stringify(bundle)}, ${JSON.stringify(cacheDir)}, ${writeAfterMs ?? 'undefined'});`;
  const child = spawnSync(process.execPath, [...nodeOptions, '--input-type=module', '-e', script, '--', 'ginko', ...args], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const { state, loaded } = JSON.parse(child.stderr.slice(child.stderr.lastIndexOf('\n') + 1)) as { state: string; loaded: string[] };
  return { output: child.stdout, state, loaded };
}

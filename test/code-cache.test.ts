/**
 * bin/code-cache.js: the start-up bundle compiled with V8's code cache, written at exit when a
 * run had none or V8 refused it, one file per Node.js option set (docs/deployment.md#start-up).
 */
import assert from 'node:assert/strict';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BUNDLE } from '../bin/bundle-freshness.js';
import { type BundleRunOptions, runBundleApart } from './support/run-bundle.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-code-cache-');

/** A small CommonJS bundle that prints what it was given, as the real one would use it. */
function smallBundle(): string {
  const file = join(tempDir(), 'bundle.cjs');
  writeFileSync(
    file,
    `'use strict';
    const strict = (function () { return this === undefined; })();
    console.log(JSON.stringify({ strict, filename: __filename, exportsIsModuleExports: exports === module.exports, path: typeof require('node:path').join, sum: [1, 2, 3].map((n) => n * 2).reduce((a, b) => a + b) }));`,
  );
  return file;
}

/** runBundleApart's output and what became of the cache, without the files it loaded. */
function run(bundle: string, cacheDir: string, options?: BundleRunOptions): { output: string; state: string } {
  const { output, state } = runBundleApart(bundle, cacheDir, options);
  return { output, state };
}

const cacheFiles = (dir: string) => readdirSync(dir).sort();

describe('running the bundle with V8 code cache', () => {
  it('writes the cache at exit when there is none, and uses it from the next run on, with the same result', () => {
    const bundle = smallBundle();
    const cache = tempDir();
    const first = run(bundle, cache);
    assert.equal(first.state, 'absent');
    assert.deepEqual(JSON.parse(first.output), { strict: true, filename: bundle, exportsIsModuleExports: true, path: 'function', sum: 12 });
    const [file] = cacheFiles(cache);
    assert.match(file!, /^[0-9a-f]{16}\.bin$/);
    const written = statSync(join(cache, file!));

    const second = run(bundle, cache);
    assert.equal(second.state, 'used');
    assert.equal(second.output, first.output);
    // Not written again: the same file, not one renamed over it.
    assert.equal(statSync(join(cache, file!)).ino, written.ino);
    assert.equal(run(bundle, cache).state, 'used');
  });

  it('writes it while a process that runs on is still running, once, not again as it exits', () => {
    const cache = tempDir();
    const bundle = join(tempDir(), 'server.cjs');
    // Looks into the cache folder after 600 ms, then one second on, then ends.
    writeFileSync(
      bundle,
      `'use strict';
      const { readdirSync, statSync } = require('node:fs');
      const files = () => readdirSync(${JSON.stringify(cache)}).map((f) => f + ' ' + statSync(${JSON.stringify(cache)} + '/' + f).ino);
      setTimeout(() => { console.log(JSON.stringify(files())); setTimeout(() => console.log(JSON.stringify(files())), 1000); }, 600);`,
    );
    const { output, state } = run(bundle, cache, { writeAfterMs: 200 });
    assert.equal(state, 'absent');
    const [atFirstLook, aSecondLater] = output.trim().split('\n').map((l) => JSON.parse(l) as string[]);
    assert.equal(atFirstLook!.length, 1, 'written 200 ms after the start');
    assert.deepEqual(aSecondLater, atFirstLook);
    const [file, ino] = atFirstLook![0]!.split(' ');
    assert.equal(String(statSync(join(cache, file!)).ino), ino, 'not written again at exit');
  });

  it('keeps one file per option set, since V8 refuses a cache made under other flags', () => {
    const bundle = smallBundle();
    const cache = tempDir();
    assert.equal(run(bundle, cache).state, 'absent');
    assert.equal(run(bundle, cache, { nodeOptions: ['--max-semi-space-size=4'] }).state, 'absent');
    assert.equal(cacheFiles(cache).length, 2);
    assert.equal(run(bundle, cache).state, 'used');
    assert.equal(run(bundle, cache, { nodeOptions: ['--max-semi-space-size=4'] }).state, 'used');
  });

  it('writes the cache anew when V8 refuses it: a damaged file, or a bundle changed since', () => {
    const bundle = smallBundle();
    const cache = tempDir();
    run(bundle, cache);
    const [file] = cacheFiles(cache);
    writeFileSync(join(cache, file!), Buffer.alloc(statSync(join(cache, file!)).size, 7));
    assert.equal(run(bundle, cache).state, 'refused');
    assert.equal(run(bundle, cache).state, 'used');

    writeFileSync(bundle, `'use strict'; console.log('changed');`);
    const changed = run(bundle, cache);
    assert.deepEqual(changed, { output: 'changed\n', state: 'refused' });
    assert.equal(run(bundle, cache).state, 'used');
    assert.deepEqual(cacheFiles(cache), [file], 'no temporary file left behind');
  });

  it('runs the bundle all the same when the cache cannot be written', () => {
    const bundle = smallBundle();
    const notADirectory = join(tempDir(), 'file');
    writeFileSync(notADirectory, '');
    assert.equal(run(bundle, notADirectory).state, 'absent');
    assert.equal(JSON.parse(run(bundle, notADirectory).output).sum, 12);
  });

  it("uses the cache for the real bundle: `ginko --help` a second time compiles nothing and prints the same", () => {
    const cache = tempDir();
    const first = run(BUNDLE, cache, { args: ['--help'] });
    // --help exits inside runBundle, before it returns: the cache is written all the same.
    assert.equal(first.state, 'not returned');
    assert.match(first.output, /^Usage: ginko \[options\] \[command\]/);
    const [file] = cacheFiles(cache);
    const written = statSync(join(cache, file!));
    assert.ok(written.size > 100_000, `a cache of ${written.size} bytes`);
    const second = run(BUNDLE, cache, { args: ['--help'] });
    assert.equal(second.output, first.output);
    assert.equal(statSync(join(cache, file!)).ino, written.ino, 'used, not written again');
  });
});

/**
 * The start-up bundle (scripts/build.mjs) and when bin/ginko.js uses it (bin/bundle-freshness.js).
 * The bundle holds the dependencies `ginko serve` loads at start, so that Node does not find
 * and read their files one by one (docs/benchmarks-log.md, 2026-11-27, 12:58–14:41); it must then be rebuilt when
 * those dependencies change, not only when src/ does.
 */
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { BUNDLE, bundleStaleness } from '../bin/bundle-freshness.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-bundle-');

/** A checkout of the three files bundleStaleness reads, each dated `secondsAgo`. */
function checkout(secondsAgo: { bundle?: number; source: number; installed?: number }): string {
  const root = tempDir() + '/';
  const files: [string, number | undefined][] = [
    ['dist/ginko.mjs', secondsAgo.bundle],
    ['src/cli/main.ts', secondsAgo.source],
    ['node_modules/.package-lock.json', secondsAgo.installed],
  ];
  const now = Date.now() / 1000;
  for (const [path, ago] of files) {
    if (ago === undefined) continue;
    mkdirSync(dirname(root + path), { recursive: true });
    writeFileSync(root + path, '');
    utimesSync(root + path, now - ago, now - ago);
  }
  return root;
}

describe('when bin/ginko.js runs the bundle', () => {
  it('runs it while it is newer than src/ and than the installed dependencies (as after npm ci)', () => {
    assert.equal(bundleStaleness(checkout({ installed: 30, bundle: 20, source: 100 })), undefined);
  });

  it('runs src/ through tsx when a source file is newer', () => {
    assert.equal(bundleStaleness(checkout({ installed: 30, bundle: 20, source: 10 })), 'dist/ginko.mjs is older than src/');
  });

  it('runs src/ through tsx after `npm install <package>`, which changes what the bundle holds without rebuilding it', () => {
    assert.equal(bundleStaleness(checkout({ bundle: 20, source: 100, installed: 10 })), 'dist/ginko.mjs is older than the installed dependencies');
  });

  it('runs src/ through tsx when there is no bundle', () => {
    assert.equal(bundleStaleness(checkout({ source: 100 })), 'dist/ginko.mjs is missing');
  });
});

describe('the bundle npm ci builds', () => {
  /** The packages a module imports at its top, and the chunks of the bundle it imports, recursively. */
  function staticImports(file: string, seen = new Set<string>()): Set<string> {
    const packages = new Set<string>();
    if (seen.has(file)) return packages;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gm)) {
      if (specifier!.startsWith('.')) for (const p of staticImports(join(dirname(file), specifier!), seen)) packages.add(p);
      else packages.add(specifier!);
    }
    return packages;
  }

  it('loads no package from node_modules at start but better-sqlite3, a native addon', () => {
    assert.ok(existsSync(BUNDLE), 'dist/ginko.mjs is missing: npm run build');
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    const packages = [...staticImports(BUNDLE)].filter((p) => !builtins.has(p));
    assert.deepEqual(packages, ['better-sqlite3']);
  });
});

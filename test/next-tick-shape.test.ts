/**
 * bin/next-tick-shape.js: holding one tick keeps process.nextTick's inline caches monomorphic
 * through full collections (see that file for why it matters). Read from V8's own feedback, so
 * the test is exact rather than timed; it also shows that without the held tick the caches do
 * turn megamorphic on this Node.js, so it fails if a V8 update makes the workaround unneeded.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./support/next-tick-feedback.mjs', import.meta.url));

/** The states of the inline caches that define the tick's properties, in slot order. */
function tickLiteralCaches(mode: 'held' | 'none'): string[] {
  const out = execFileSync(process.execPath, ['--expose-gc', '--allow-natives-syntax', PROBE, mode], { encoding: 'utf8' });
  return [...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

describe('process.nextTick across full garbage collections', () => {
  it('turns megamorphic when no tick is held', () => {
    assert.deepEqual(tickLiteralCaches('none'), ['MONOMORPHIC', 'MEGAMORPHIC', 'MEGAMORPHIC', 'MEGAMORPHIC']);
  });

  it('stays monomorphic while bin/next-tick-shape.js holds a tick', () => {
    assert.deepEqual(tickLiteralCaches('held'), ['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  });

  it('is held before anything else the ginko command loads', () => {
    const imports = [...readFileSync(fileURLToPath(new URL('../bin/ginko.js', import.meta.url)), 'utf8').matchAll(/^import .*$/gm)].map((m) => m[0]);
    assert.equal(imports[0], "import './next-tick-shape.js';");
  });
});

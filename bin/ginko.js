#!/usr/bin/env node
// The `ginko` command. `npm ci` builds dist/ginko.cjs (one esbuild bundle of src/ and the
// dependencies it loads at start, about 1 s faster to start than compiling TypeScript on the
// fly), run with V8's code cache (code-cache.js); it is used only while it is current
// (bundle-freshness.js), so an edited checkout or a changed dependency never runs stale code:
// then tsx compiles src/ directly.
// Before anything else: keeps process.nextTick on its fast path (see the file).
import './next-tick-shape.js';
import { BUNDLE, CODE_CACHE, bundleStaleness } from './bundle-freshness.js';
import { runBundle } from './code-cache.js';

if (bundleStaleness() === undefined) {
  runBundle(BUNDLE, CODE_CACHE);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}

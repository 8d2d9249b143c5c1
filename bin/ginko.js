#!/usr/bin/env node
// The `ginko` command. `npm ci` builds dist/ginko.cjs, src/ compiled into one file
// (scripts/build.mjs), which starts about a second sooner than compiling TypeScript on the fly.
// It is used only while it is current (bundle-freshness.js), so an edited checkout never runs
// stale code: then tsx compiles src/ directly.
import { createRequire } from 'node:module';
import { BUNDLE, bundleStaleness } from './bundle-freshness.js';

if (bundleStaleness() === undefined) {
  createRequire(import.meta.url)(BUNDLE);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}

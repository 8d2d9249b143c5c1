#!/usr/bin/env node
// The `ginko` command. `npm ci` builds dist/ginko.mjs (one esbuild bundle of src/, about 1 s
// faster to start than compiling TypeScript on the fly); it is used only while it is newer
// than every file under src/, so an edited checkout never runs stale code: then tsx compiles
// src/ directly.
// Before anything else: keeps process.nextTick on its fast path (see the file).
import './next-tick-shape.js';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = `${root}dist/ginko.mjs`;

function newestSourceMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (existsSync(bundle) && statSync(bundle).mtimeMs >= newestSourceMtime(`${root}src`)) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}

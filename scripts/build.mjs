/**
 * `npm run build` (and `npm ci`, through `prepare`): src/ as the esbuild bundle bin/ginko.js
 * starts from, dist/ginko.mjs, so that `ginko serve` does not compile TypeScript on start.
 *
 * - Dependencies stay in node_modules (imported from there at run time), except BUNDLED: pure
 *   ES-module libraries of hundreds of small files, which Node would find, read and link one by
 *   one on every start; bundled, the restart to ready is about 0.2 s shorter (docs/benchmarks.md).
 * - Code splitting: a module src/ imports with `await import()` (the registry client and the
 *   tarball reader of self-update, the Master Export zip reader, the Redis counters, the CLI's
 *   CSV and Shift_JIS readers) becomes a chunk of its own, loaded with its dependencies only when used.
 *   Without splitting, one bundle would import every dependency at its top, on every start.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const BUNDLED = new Set(['kysely', '@sinclair/typebox']);

/** `kysely/helpers/sqlite` → `kysely`; `@sinclair/typebox/compiler` → `@sinclair/typebox`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { ginko: 'src/cli/main.ts' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  plugins: [
    {
      name: 'dependencies-from-node-modules',
      setup(bundle) {
        // Bare specifiers: node: built-ins and packages.
        bundle.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

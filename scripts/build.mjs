/**
 * `npm run build` (and `npm ci`, through `prepare`): src/ as the esbuild bundle bin/ginko.js
 * starts from, dist/ginko.mjs, so that `ginko serve` does not compile TypeScript on start.
 *
 * - Dependencies are bundled with what they import, except LOADED_FROM_NODE_MODULES: Node
 *   would otherwise find, read and compile each of their hundreds of files one by one on every
 *   start (Fastify and pino, Ajv, @fastify/swagger and YAML, prom-client, commander, kysely,
 *   TypeBox); bundled, a restart to "listening" is shorter (docs/benchmarks-log.md,
 *   2026-11-27, 12:58–14:41: 0.14 s for all but kysely and TypeBox). A bundled
 *   package that finds a file of its own through `__dirname`, which an ES module lacks, fails
 *   there: pino's transports (Ginko logs to its own sink, src/logging/log-sink.ts) and @fastify/swagger's
 *   reading of its package.json (in a try; Ginko gives the document's info itself) are such.
 * - Code splitting: a module src/ imports with `await import()` (the registry client and the
 *   tarball reader of self-update, the Master Export zip reader, the Redis counters, the CLI's
 *   CSV and Shift_JIS readers) becomes a chunk of its own, loaded with its dependencies only when used.
 *   Without splitting, one bundle would import every dependency at its top, on every start.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Imported from node_modules at run time: better-sqlite3, a native addon that finds its binary
 * from its own folder, and the packages only the modules above loaded with `await import()` use
 * (some of which find files of their own at run time): bundling them would save nothing at start.
 */
const LOADED_FROM_NODE_MODULES = new Set([
  'better-sqlite3',
  'csv-parse',
  'csv-stringify',
  'iconv-lite',
  'ioredis',
  'npm-registry-fetch',
  'pg',
  'rate-limiter-flexible',
  'selfsigned',
  'ssri',
  'tar',
  'yauzl',
]);

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
  // The bundled CommonJS packages call require() for Node's built-ins; an ES module has none.
  banner: { js: "import { createRequire as __ginkoCreateRequire } from 'node:module'; const require = __ginkoCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  plugins: [
    {
      name: 'dependencies-from-node-modules',
      setup(bundle) {
        // Bare specifiers: built-ins (external on platform node) and packages.
        bundle.onResolve({ filter: /^[^./]/ }, (args) => (LOADED_FROM_NODE_MODULES.has(packageOf(args.path)) ? { path: args.path, external: true } : undefined));
      },
    },
  ],
});

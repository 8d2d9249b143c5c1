/**
 * `npm run build` (and `npm ci`, through `prepare`): src/ as the esbuild bundle bin/ginko.js
 * starts from, dist/ginko.cjs, so that `ginko serve` does not compile TypeScript on start.
 *
 * - Dependencies are bundled with what they import, except LOADED_FROM_NODE_MODULES: Node
 *   would otherwise find, read and compile each of their hundreds of files one by one on every
 *   start (Fastify and pino, Ajv, @fastify/swagger and YAML, prom-client, commander, kysely,
 *   TypeBox). A bundled
 *   package that finds a file of its own through `__dirname` of its own file fails in the
 *   bundle: pino's transports (Ginko logs to its own sink, src/logging/log-sink.ts) and
 *   @fastify/swagger's reading of its package.json (in a try; Ginko gives the document's info
 *   itself) are such.
 * - CommonJS, one file, which bin/ginko.js loads with require(). It runs as the ES modules of
 *   src/ do: in strict mode, `import.meta.url` the bundle's own URL. A module src/
 *   imports with `await import()` (the registry client and the tarball reader of self-update,
 *   the Master Export zip reader, the Redis counters, the CLI's file reader) is still evaluated,
 *   with its dependencies, only when first imported: esbuild wraps it in a function run then,
 *   and a package of LOADED_FROM_NODE_MODULES is required then.
 * - dist/seed/: the history a first start seeds an empty store with, computed once here from the
 *   installed zengin-code versions by a second bundle, run and then removed
 *   (src/history/prepared-seed.ts).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  entryPoints: { ginko: 'src/cli/main.ts', 'prepare-seed': 'src/cli/prepare-seed.ts' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  // `await import()` as a require() when first called, so that a lazily imported module stays lazy.
  supported: { 'dynamic-import': false },
  // Strict as the ES modules it is made of; `import.meta.url` (package-root.ts and the files
  // that resolve a package's folder) as the bundle's own.
  banner: { js: `'use strict';\nconst __ginkoImportMetaUrl = require('node:url').pathToFileURL(__filename).href;` },
  define: { 'import.meta.url': '__ginkoImportMetaUrl' },
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

const prepareSeed = fileURLToPath(new URL('../dist/prepare-seed.cjs', import.meta.url));
execFileSync(process.execPath, [prepareSeed, fileURLToPath(new URL('../dist/seed', import.meta.url))], { stdio: 'inherit' });
rmSync(prepareSeed);

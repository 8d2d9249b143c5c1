/**
 * `npm run build` (and `npm ci`, through `prepare`): src/ compiled twice by tsc, as ES modules
 * into dist/esm/ and as CommonJS into dist/cjs/, each with its declarations. dist/cjs/ gets a
 * package.json of its own saying `"type": "commonjs"`, so that Node and TypeScript read its
 * .js and .d.ts files as CommonJS although this package is `"type": "module"`.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compile = (...flags) => execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit', 'false', ...flags], { cwd: root, stdio: 'inherit' });

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
compile('--outDir', 'dist/esm');
compile('--outDir', 'dist/cjs', '--module', 'commonjs', '--moduleResolution', 'node10');
writeFileSync(new URL('../dist/cjs/package.json', import.meta.url), '{ "type": "commonjs" }\n');

/**
 * Whether dist/ginko.cjs, the start-up bundle of scripts/build.mjs, still holds what the
 * checkout would run: it must be newer than every file under src/ and than the installed
 * dependencies it bundles. npm writes node_modules/.package-lock.json on every install, before
 * `prepare` builds the bundle; `npm install <package>` does not run `prepare`, so after it the
 * bundle would hold the old version of a bundled dependency. Plain JavaScript: bin/ginko.js
 * decides with it before the bundle or the TypeScript loader is imported.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const bundleOf = (root) => `${root}dist/ginko.cjs`;
export const BUNDLE = bundleOf(ROOT);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** undefined while the bundle of the checkout at `root` is current; otherwise why it is not. */
export function bundleStaleness(root = ROOT) {
  const bundle = bundleOf(root);
  const installed = `${root}node_modules/.package-lock.json`;
  if (!existsSync(bundle)) return 'dist/ginko.cjs is missing';
  const built = statSync(bundle).mtimeMs;
  if (newestMtime(`${root}src`) > built) return 'dist/ginko.cjs is older than src/';
  if (existsSync(installed) && statSync(installed).mtimeMs > built) return 'dist/ginko.cjs is older than the installed dependencies';
  return undefined;
}

/**
 * The package's own directory and version, found upwards from this module so that they are
 * the same whether the code runs from src/ (through tsx) or from the dist/ bundle.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'ginko') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the ginko package directory above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const PACKAGE_ROOT = findRoot();
export const GINKO_VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * A zengin-code package as `npm pack` and the registry ship it: a gzipped tar whose files sit
 * under `package/`. Unpacked with the `tar` library into a temporary directory, read like an
 * installed package, and the directory removed again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { x as extract } from 'tar';
import type { RawSnapshot } from './raw.js';
import { readZenginPackage } from './zengin.js';

/** Only what the snapshot is read from; the rest of the package is never written to disk. */
const WANTED = /^(?:[^/]+\/)?(?:package\.json|lib\/zengin-data\.js)$/;

/** Reads the package tarball at `file`; `effectiveDate` overrides its version's date. */
export async function readZenginTarball(file: string, effectiveDate?: string): Promise<RawSnapshot> {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-package-'));
  try {
    try {
      // strict: a truncated or corrupt archive is an error, not a warning and a partial tree.
      await extract({ file, cwd: dir, strip: 1, strict: true, filter: (path) => WANTED.test(path) });
    } catch (err) {
      throw new Error(`${file} is not a readable package tarball: ${(err as Error).message}`);
    }
    return readPackageIn(dir, effectiveDate);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads a package tarball held in memory (a registry download). */
export async function readZenginTarballBytes(bytes: Uint8Array, name: string): Promise<RawSnapshot> {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-download-'));
  try {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return await readZenginTarball(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readPackageIn(dir: string, effectiveDate?: string): RawSnapshot {
  try {
    return readZenginPackage(dir, effectiveDate);
  } catch (err) {
    throw new Error(`the package is malformed: ${(err as Error).message}`);
  }
}

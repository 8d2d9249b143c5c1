/**
 * The seed prepared by the build (scripts/build.mjs, next to the bundle in dist/seed/): the
 * history a first start writes, computed once from the installed zengin-code versions. A first
 * start then writes it as it is, rather than reading, building, validating and diffing five
 * versions of 5 MB each, which was about half of its time (docs/benchmarks.md#what-is-kept-for-speed).
 *
 * A folder: `manifest.json`, each update's values and changes with the package versions they
 * were computed from, written last; and one file per update holding its snapshot exactly as the
 * store keeps it, read as text and never parsed but for the last version's, which is served.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDirectory } from '../dataset/build.js';
import type { RawSnapshot } from '../dataset/raw.js';
import { installedPackageDir, zenginPackageVersion } from '../dataset/zengin.js';
import type { SeedUpdate } from './seed-update.js';

/**
 * dist/seed/ when running from the bundle (its `import.meta.url` is dist/ginko.cjs's, and the
 * bundle runs only while it is as new as src/ and the installed packages: bin/bundle-freshness.js);
 * from src/ through tsx, a folder that does not exist, so that edited code computes its seed.
 */
export const PREPARED_SEED_DIR = fileURLToPath(new URL('./seed/', import.meta.url));

const MANIFEST = 'manifest.json';
/** Raised when what the manifest holds changes meaning; an older folder is then not read. */
const FORMAT = 1;

type PreparedUpdate = Omit<SeedUpdate['update'], 'snapshot'> & { readonly snapshotFile: string };

interface Manifest {
  readonly format: number;
  /** [package, version] of each seed version, oldest first. */
  readonly packages: readonly (readonly [string, string])[];
  readonly updates: readonly PreparedUpdate[];
}

function installedVersions(packages: readonly string[]): [string, string][] {
  return packages.map((name) => [name, zenginPackageVersion(installedPackageDir(name))]);
}

/** Writes `updates`, computed from `packages`, into `dir`. */
export function writePreparedSeed(dir: string, packages: readonly string[], updates: Iterable<SeedUpdate>): void {
  mkdirSync(dir, { recursive: true });
  const prepared: PreparedUpdate[] = [];
  for (const { update } of updates) {
    const { snapshot, ...values } = update;
    const snapshotFile = `${prepared.length + 1}-${update.effectiveDate}.json`;
    writeFileSync(join(dir, snapshotFile), snapshot);
    prepared.push({ ...values, snapshotFile });
  }
  const manifest: Manifest = { format: FORMAT, packages: installedVersions(packages), updates: prepared };
  writeFileSync(join(dir, MANIFEST), JSON.stringify(manifest));
}

/**
 * The updates prepared in `dir`, each snapshot read when its turn comes; undefined when there is
 * no complete folder, or it was computed from other versions than those installed of `packages`.
 */
export function readPreparedSeed(dir: string, packages: readonly string[]): Iterable<SeedUpdate> | undefined {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT || JSON.stringify(manifest.packages) !== JSON.stringify(installedVersions(packages))) return undefined;
  return (function* () {
    for (const { snapshotFile, ...values } of manifest.updates) {
      const snapshot = readFileSync(join(dir, snapshotFile), 'utf8');
      yield { update: { ...values, snapshot }, directory: () => buildDirectory(JSON.parse(snapshot) as RawSnapshot) };
    }
  })();
}

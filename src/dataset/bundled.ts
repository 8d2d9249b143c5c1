/** The dataset shipped with Ginko: the newest installed `zengin-code` package. */
import { buildDirectory } from './build.js';
import type { Directory } from './directory.js';
import type { RawSnapshot } from './raw.js';
import { Snapshot } from './snapshot.js';
import { installedPackageDir, readZenginPackage } from './zengin.js';

export const BUNDLED_PACKAGE = 'zengin-code';

let cached: RawSnapshot | undefined;

export function loadBundledSnapshot(): RawSnapshot {
  cached ??= readZenginPackage(installedPackageDir(BUNDLED_PACKAGE));
  return cached;
}

export function loadBundledDirectory(): Directory {
  return buildDirectory(loadBundledSnapshot());
}

/** The bundled dataset as a servable Snapshot (the CLI's offline Resolve, evaluation, benches). */
export function loadBundledServing(): Snapshot {
  return new Snapshot(loadBundledDirectory());
}

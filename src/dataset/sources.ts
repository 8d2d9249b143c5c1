/**
 * Where `ginko import` reads a snapshot from (docs/history.md#sources). The layout is detected
 * from the source itself, not from its name:
 * - a zengin-code package directory (the npm package: package.json and lib/zengin-data.js);
 * - that package as a `.tgz`, as `npm pack` and the registry make it (gzip magic bytes);
 * - a zengin-code/source-data checkout (data/banks.json and data/branches/);
 * - a Master Export ZIP of Ginko (docs/export.md; ZIP magic bytes).
 * `--effective-date` overrides the date the source carries.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RawSnapshot } from './raw.js';
import { isSourceDataCheckout, readSourceData } from './source-data.js';
import { readZenginPackage } from './zengin.js';

export type SourceLayout = 'package' | 'tarball' | 'source-data' | 'master-zip';

/** How each layout is named to the user, in the order the refusal lists them. */
export const SOURCE_LAYOUTS: Readonly<Record<SourceLayout, string>> = Object.freeze({
  package: 'a zengin-code package directory',
  tarball: 'a zengin-code package .tgz (npm pack)',
  'source-data': 'a zengin-code/source-data checkout (data/banks.json)',
  'master-zip': 'a Ginko Master Export .zip',
});

export interface DatasetSource {
  readonly layout: SourceLayout;
  readonly raw: RawSnapshot;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const GZIP_MAGIC = [0x1f, 0x8b];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function startsWith(path: string, magic: readonly number[]): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    return readSync(fd, head, 0, magic.length, 0) === magic.length && magic.every((b, i) => head[i] === b);
  } finally {
    closeSync(fd);
  }
}

export function detectLayout(path: string): SourceLayout | undefined {
  if (statSync(path).isDirectory()) {
    if (existsSync(join(path, 'lib', 'zengin-data.js')) && existsSync(join(path, 'package.json'))) return 'package';
    if (isSourceDataCheckout(path)) return 'source-data';
    return undefined;
  }
  if (startsWith(path, GZIP_MAGIC)) return 'tarball';
  if (startsWith(path, ZIP_MAGIC)) return 'master-zip';
  return undefined;
}

export async function readDatasetSource(source: string, effectiveDate?: string): Promise<DatasetSource> {
  const path = resolve(source);
  if (effectiveDate !== undefined && !(DATE.test(effectiveDate) && new Date(`${effectiveDate}T00:00:00Z`).toISOString().startsWith(effectiveDate))) {
    throw new Error(`--effective-date must be a date YYYY-MM-DD, not "${effectiveDate}"`);
  }
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  const layout = detectLayout(path);
  switch (layout) {
    case 'package':
      return { layout, raw: readZenginPackage(path, effectiveDate) };
    case 'tarball':
      // The tar library is loaded only for this layout.
      return { layout, raw: await (await import('./zengin-tarball.js')).readZenginTarball(path, effectiveDate) };
    case 'source-data':
      return { layout, raw: readSourceData(path, effectiveDate) };
    case 'master-zip': {
      // The zip library is loaded only for this layout.
      const raw = await (await import('./master-zip-source.js')).readMasterZipFile(path);
      return { layout, raw: effectiveDate ? { ...raw, effectiveDate } : raw };
    }
    case undefined:
      throw new Error(`${path} is not a source ginko import reads; it accepts ${Object.values(SOURCE_LAYOUTS).join(', ')}`);
  }
}

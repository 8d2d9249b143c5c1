/**
 * Where `ginko import` reads a snapshot from: a zengin-code package directory (the npm package,
 * or any directory with its package.json and lib/zengin-data.js), or a Master Export ZIP of
 * Ginko (docs/export.md). `--effective-date` overrides the date the source carries.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readMasterZip } from '../export/read-master-zip.js';
import { join, resolve } from 'node:path';
import type { RawSnapshot } from './raw.js';
import { readZenginPackage } from './zengin.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function readDatasetSource(source: string, effectiveDate?: string): Promise<RawSnapshot> {
  const path = resolve(source);
  if (effectiveDate !== undefined && !(DATE.test(effectiveDate) && new Date(`${effectiveDate}T00:00:00Z`).toISOString().startsWith(effectiveDate))) {
    throw new Error(`--effective-date must be a date YYYY-MM-DD, not "${effectiveDate}"`);
  }
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  if (statSync(path).isDirectory()) {
    if (!existsSync(join(path, 'lib', 'zengin-data.js'))) throw new Error(`${path} is not a zengin-code package: it has no lib/zengin-data.js`);
    return readZenginPackage(path, effectiveDate);
  }
  if (path.endsWith('.zip')) {
    const raw = await readMasterZip(readFileSync(path));
    return effectiveDate ? { ...raw, effectiveDate } : raw;
  }
  throw new Error(`${path} is neither a zengin-code package directory nor a Ginko master export (.zip)`);
}

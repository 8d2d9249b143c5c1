/**
 * Reads a `zengin-code` npm package (`lib/zengin-data.js`, keyed by bank code, then branch
 * code) into a RawSnapshot. The package version `1.0.0-pYYYYMMDD` gives the effective date.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { RawBranch, RawInstitution, RawSnapshot } from './raw.js';

interface ZenginRecord {
  code: string;
  name: string;
  kana: string;
}
interface ZenginBank extends ZenginRecord {
  branches: Record<string, ZenginRecord>;
}

const require = createRequire(import.meta.url);
const VERSION_DATE = /-p(\d{4})(\d{2})(\d{2})$/;

export function effectiveDateOfPackageVersion(version: string): string {
  const m = VERSION_DATE.exec(version);
  if (!m) throw new Error(`zengin-code version "${version}" has no -pYYYYMMDD suffix`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** Loads the package in `dir` (the directory holding its package.json); `effectiveDate` overrides its version's date. */
export function readZenginPackage(dir: string, effectiveDate?: string): RawSnapshot {
  const pkg = effectiveDate ? { version: '' } : (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string });
  const file = join(dir, 'lib', 'zengin-data.js');
  const data = require(file) as Record<string, ZenginBank>;
  // Each import or update reads a new 5 MB file: do not keep it in the module cache.
  delete require.cache[require.resolve(file)];
  const institutions: RawInstitution[] = Object.values(data).map((bank) => ({
    code: bank.code,
    name: bank.name,
    kana: bank.kana,
    branches: Object.values(bank.branches).map((b): RawBranch => ({ code: b.code, name: b.name, kana: b.kana })),
  }));
  return { effectiveDate: effectiveDate ?? effectiveDateOfPackageVersion(pkg.version), institutions };
}

/** Directory of an installed package by its npm name, e.g. `zengin-code-20260331`. */
export function installedPackageDir(packageName: string): string {
  return join(require.resolve(`${packageName}/package.json`), '..');
}

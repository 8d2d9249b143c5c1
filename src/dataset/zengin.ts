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

/** The version in the package.json of the package in `dir`, e.g. `1.0.0-p20260824`. */
export function zenginPackageVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Loads the package in `dir` (the directory holding its package.json); `effectiveDate` overrides its version's date. */
export function readZenginPackage(dir: string, effectiveDate?: string): RawSnapshot {
  const version = effectiveDate ? '' : zenginPackageVersion(dir);
  const data = readZenginData(join(dir, 'lib', 'zengin-data.js'));
  const institutions: RawInstitution[] = Object.values(data).map((bank) => ({
    code: bank.code,
    name: bank.name,
    kana: bank.kana,
    branches: Object.values(bank.branches).map((b): RawBranch => ({ code: b.code, name: b.name, kana: b.kana })),
  }));
  return { effectiveDate: effectiveDate ?? effectiveDateOfPackageVersion(version), institutions };
}

/** What the package's data file holds after `module.exports =`: one object, written as JSON. */
const EXPORTS = /^\s*module\.exports\s*=\s*/;

/**
 * The package's data, read as the JSON it is rather than run as a module: JSON.parse reads the
 * 5 MB file in about 80 ms where require() compiled it in about 250 ms (a first start reads
 * five versions: docs/benchmarks-log.md, 2026-11-24, 18:10 and 18:32), and a file fetched by
 * self-update is never executed. A file of another shape is refused, naming it.
 */
function readZenginData(file: string): Record<string, ZenginBank> {
  const text = readFileSync(file, 'utf8').trimEnd();
  const start = EXPORTS.exec(text);
  try {
    if (!start) throw new Error('it does not start with module.exports =');
    return JSON.parse(text.slice(start[0].length, text.endsWith(';') ? -1 : undefined)) as Record<string, ZenginBank>;
  } catch (err) {
    throw new Error(`${file} is not a zengin-code data file (module.exports = one JSON object): ${(err as Error).message}`);
  }
}

/** Directory of an installed package by its npm name, e.g. `zengin-code-20260331`. */
export function installedPackageDir(packageName: string): string {
  return join(require.resolve(`${packageName}/package.json`), '..');
}

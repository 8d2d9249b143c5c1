/**
 * Reads a `zengin-code` npm package (`lib/zengin-data.js`, keyed by bank code, then branch
 * code) into a RawSnapshot. The package version `1.0.0-pYYYYMMDD` gives the effective date.
 * Only package.json and the data file are read, each within the caps of archive-limits.ts.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ReadBudget } from './archive-limits.js';
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

/** The version in a package.json, e.g. `1.0.0-p20260824`. */
function versionIn(packageJson: string): string {
  return (JSON.parse(packageJson) as { version: string }).version;
}

/** The version of the package in `dir`. */
export function zenginPackageVersion(dir: string): string {
  return versionIn(new ReadBudget(dir).readFile('package.json').toString('utf8'));
}

/** The package's two files, read by a directory or an archive reader. */
export interface ZenginPackageFiles {
  /** package.json's text; not needed when the date is given. */
  readonly packageJson: string | undefined;
  /** lib/zengin-data.js's text, and its name for messages. */
  readonly data: string;
  readonly dataName: string;
}

/** Loads the package in `dir` (the directory holding its package.json); `effectiveDate` overrides its version's date. */
export function readZenginPackage(dir: string, effectiveDate?: string): RawSnapshot {
  const budget = new ReadBudget(dir);
  return zenginSnapshot(
    {
      packageJson: effectiveDate ? undefined : budget.readFile('package.json').toString('utf8'),
      data: budget.readFile(join('lib', 'zengin-data.js')).toString('utf8'),
      dataName: join(dir, 'lib', 'zengin-data.js'),
    },
    effectiveDate,
  );
}

/** The snapshot of a package's files; `effectiveDate` overrides its version's date. */
export function zenginSnapshot(files: ZenginPackageFiles, effectiveDate?: string): RawSnapshot {
  if (!effectiveDate && files.packageJson === undefined) throw new Error('it has no package.json to give its version');
  const version = effectiveDate ? '' : versionIn(files.packageJson!);
  const data = parseZenginData(files.data, files.dataName);
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
 * five versions), and a file fetched by
 * self-update is never executed. A file of another shape is refused, naming it.
 */
function parseZenginData(whole: string, file: string): Record<string, ZenginBank> {
  const text = whole.trimEnd();
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

/**
 * A checkout of zengin-code/source-data, the repository the npm package is built from:
 * `data/banks.json` (keyed by bank code) and `data/branches/<bank code>.json` (keyed by branch
 * code). It carries no version, so the effective date comes from `--effective-date`, else from
 * a `data/updated_at` file holding the date, else the import is refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RawBranch, RawInstitution, RawSnapshot } from './raw.js';

interface SourceRecord {
  readonly code: string;
  readonly name: string;
  readonly kana: string;
}

/** Where the optional date lives in a checkout: one line, `YYYY-MM-DD` or `YYYYMMDD`. */
export const SOURCE_DATA_DATE_FILE = join('data', 'updated_at');

export function isSourceDataCheckout(dir: string): boolean {
  return existsSync(join(dir, 'data', 'banks.json')) && existsSync(join(dir, 'data', 'branches'));
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file} is not readable JSON: ${(err as Error).message}`);
  }
}

function records(file: string): SourceRecord[] {
  const value = readJson(file);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file} is not an object keyed by code`);
  return Object.values(value as Record<string, unknown>).map((r) => {
    const rec = r as Partial<SourceRecord> | null;
    if (typeof rec?.code !== 'string' || typeof rec.name !== 'string' || typeof rec.kana !== 'string') throw new Error(`${file} has a record without code, name and kana`);
    return { code: rec.code, name: rec.name, kana: rec.kana };
  });
}

function dateOfCheckout(dir: string): string | undefined {
  const file = join(dir, SOURCE_DATA_DATE_FILE);
  if (!existsSync(file)) return undefined;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})\s*$/.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${file} must hold a date YYYY-MM-DD`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

export function readSourceData(dir: string, effectiveDate?: string): RawSnapshot {
  const date = effectiveDate ?? dateOfCheckout(dir);
  if (!date) throw new Error(`${dir} is a zengin-code/source-data checkout, which carries no date: pass --effective-date YYYY-MM-DD`);
  const institutions = records(join(dir, 'data', 'banks.json')).map((bank): RawInstitution => {
    const file = join(dir, 'data', 'branches', `${bank.code}.json`);
    // A bank without a branch file has no branches listed (the package shows it the same way).
    const branches = existsSync(file) ? records(file).map((b): RawBranch => ({ code: b.code, name: b.name, kana: b.kana })) : [];
    return { code: bank.code, name: bank.name, kana: bank.kana, branches };
  });
  return { effectiveDate: date, institutions };
}

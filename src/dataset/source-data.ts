/**
 * A checkout of zengin-code/source-data, the repository the npm package is built from:
 * `data/banks.json` (keyed by bank code) and `data/branches/<bank code>.json` (keyed by branch
 * code). It carries no version, so the effective date comes from `--effective-date`, else from
 * a `data/updated_at` file holding the date, else the import is refused. Only banks.json, the
 * branch files of the banks it lists and updated_at are read, each within the per-file cap and
 * all within the total cap (archive-limits.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ReadBudget } from './archive-limits.js';
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

function readJson(budget: ReadBudget, dir: string, name: string): unknown {
  const text = budget.readFile(name).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${join(dir, name)} is not readable JSON: ${(err as Error).message}`);
  }
}

function records(budget: ReadBudget, dir: string, name: string): SourceRecord[] {
  const file = join(dir, name);
  const value = readJson(budget, dir, name);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file} is not an object keyed by code`);
  return Object.values(value as Record<string, unknown>).map((r) => {
    const rec = r as Partial<SourceRecord> | null;
    if (typeof rec?.code !== 'string' || typeof rec.name !== 'string' || typeof rec.kana !== 'string') throw new Error(`${file} has a record without code, name and kana`);
    return { code: rec.code, name: rec.name, kana: rec.kana };
  });
}

function dateOfCheckout(budget: ReadBudget, dir: string): string | undefined {
  const file = join(dir, SOURCE_DATA_DATE_FILE);
  if (!existsSync(file)) return undefined;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})\s*$/.exec(budget.readFile(SOURCE_DATA_DATE_FILE).toString('utf8'));
  if (!m) throw new Error(`${file} must hold a date YYYY-MM-DD`);
  return `${m[1]}-${m[2]}-${m[3]}`;
}

export function readSourceData(dir: string, effectiveDate?: string): RawSnapshot {
  const budget = new ReadBudget(dir);
  const date = effectiveDate ?? dateOfCheckout(budget, dir);
  if (!date) throw new Error(`${dir} is a zengin-code/source-data checkout, which carries no date: pass --effective-date YYYY-MM-DD`);
  const institutions = records(budget, dir, join('data', 'banks.json')).map((bank): RawInstitution => {
    const name = join('data', 'branches', `${bank.code}.json`);
    // A bank without a branch file has no branches listed (the package shows it the same way).
    const branches = existsSync(join(dir, name)) ? records(budget, dir, name).map((b): RawBranch => ({ code: b.code, name: b.name, kana: b.kana })) : [];
    return { code: bank.code, name: bank.name, kana: bank.kana, branches };
  });
  return { effectiveDate: date, institutions };
}

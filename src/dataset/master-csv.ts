/**
 * The CSV files of a Master Export (docs/export.md), which `ginko export` writes
 * (src/export/master-zip.ts) and `ginko import` checks when it reads one back
 * (master-zip-source.ts): RFC 4180, CRLF line ends; a field with a comma, quote, CR or LF is
 * quoted, quotes doubled.
 */
import type { Directory } from './directory.js';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRow(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + '\r\n';
}

export const BANK_COLUMNS = ['code', 'name', 'halfWidthKana', 'fullWidthKana', 'hiragana', 'businessTypeCode', 'businessType'] as const;
export const BRANCH_COLUMNS = ['bankCode', 'code', 'name', 'halfWidthKana', 'fullWidthKana', 'hiragana'] as const;
export const SOURCE_ENTRY = 'zengin-data.json';

export function banksCsv(directory: Directory): string {
  let out = csvRow(BANK_COLUMNS);
  for (const bank of directory.banks) out += csvRow(BANK_COLUMNS.map((c) => bank[c]));
  return out;
}

export function branchesCsv(directory: Directory): string {
  // One large string per file: yazl is fed a few big chunks, not 29,000 small ones.
  const rows: string[] = [csvRow(BRANCH_COLUMNS)];
  for (const bank of directory.banks) {
    for (const branch of directory.branches(bank.code)) rows.push(csvRow([bank.code, branch.code, branch.name, branch.halfWidthKana, branch.fullWidthKana, branch.hiragana]));
  }
  return rows.join('');
}

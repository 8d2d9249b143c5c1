/**
 * Payee checks per second (docs/payee-checks.md#speed), reported only: the endpoint through the
 * scenario of scenarios.ts (each request 1,000 records, so checks/s = requests/s × 1,000), and the
 * CLI on a generated CSV of real codes, read from its own summary line (`N rows/s`, start-up not
 * counted).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundledDirectory } from '../src/dataset/bundled.js';

const GINKO = fileURLToPath(new URL('../bin/ginko.js', import.meta.url));

/** Records of one request, the most the endpoint takes. */
export const PAYEE_ITEMS_PER_REQUEST = 1000;

/** `n` payee records of real codes spread over every bank's branches, with a few of the real events among them. */
export function payeeRecords(n: number): { bank_code: string; branch_code: string; bank_name: string; branch_name: string; holder_kana: string }[] {
  const directory = loadBundledDirectory();
  const all = directory.banks.flatMap((bank) => directory.branches(bank.code).map((branch) => ({ bank_code: bank.code, branch_code: branch.code, bank_name: bank.name, branch_name: branch.name, holder_kana: 'ﾔﾏﾀﾞ ﾀﾛｳ' })));
  const events = [
    { bank_code: '0537', branch_code: '110', bank_name: '福邦銀行', branch_name: '春江中央', holder_kana: 'ｽｽﾞｷ ﾊﾅｺ' },
    { bank_code: '0038', branch_code: '100', bank_name: '住信ＳＢＩネット銀行', branch_name: '本店', holder_kana: 'ｻﾄｳ ｼﾞﾛｳ' },
    { bank_code: '3652', branch_code: '100', bank_name: '名取岩沼農協', branch_name: '増田', holder_kana: 'ﾀﾅｶ ｲﾁﾛｳ' },
  ];
  const step = Math.max(1, Math.floor(all.length / n));
  return Array.from({ length: n }, (_, i) => (i % 100 < events.length ? events[i % 100]! : all[(i * step) % all.length]!));
}

export function payeeRequestBody(): string {
  return JSON.stringify({ items: payeeRecords(PAYEE_ITEMS_PER_REQUEST).map((r, i) => ({ id: i, ...r })) });
}

/** Rows per second of `ginko accounts validate` on a CSV of `rows` records, as its summary says. */
export function cliPayeeRate(dir: string, rows = 50_000): { rows: number; perSecond: number } {
  const input = join(dir, 'bench-payees.csv');
  const lines = ['bank_code,branch_code,bank_name,branch_name,holder_kana', ...payeeRecords(rows).map((r) => [r.bank_code, r.branch_code, r.bank_name, r.branch_name, r.holder_kana].join(','))];
  writeFileSync(input, lines.join('\n') + '\n');
  const run = spawnSync(process.execPath, [GINKO, 'accounts', 'validate', '--input', input, '--output', join(dir, 'bench-payees-checked.csv')], { encoding: 'utf8' });
  const rate = /\(([0-9,]+) rows\/s\)/.exec(run.stderr)?.[1];
  if (run.status !== 0 || rate === undefined) throw new Error(`ginko accounts validate failed: ${run.stderr}`);
  return { rows, perSecond: Number(rate.replace(/,/g, '')) };
}

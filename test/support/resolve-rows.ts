/**
 * A file's worth of bank and branch names as a payroll or vendor file holds them, built from
 * the real data: official names, readings in hiragana and half-width kana, romaji, 支店
 * added, the main office left out, and names that do not exist. Deterministic.
 */
import type { Directory } from '../../src/dataset/directory.js';
import { romanize } from '../../eval/romanize.js';

export interface NameRow {
  readonly bank: string;
  readonly branch: string;
}

export function nameRows(directory: Directory, count: number): NameRow[] {
  const banks = directory.banks;
  const rows: NameRow[] = [];
  for (let i = 0; i < count; i++) {
    const bank = banks[(i * 7) % banks.length]!;
    const branches = directory.branches(bank.code);
    const branch = branches[(i * 13) % branches.length]!;
    switch (i % 8) {
      case 0: rows.push({ bank: bank.name, branch: branch.name }); break;
      case 1: rows.push({ bank: bank.hiragana, branch: branch.hiragana }); break;
      case 2: rows.push({ bank: bank.halfWidthKana, branch: branch.halfWidthKana }); break;
      case 3: rows.push({ bank: romanize(bank.fullWidthKana, { longVowels: 'plain', mBeforeLabial: false, apostrophe: false }), branch: romanize(branch.fullWidthKana, { longVowels: 'macron', mBeforeLabial: true, apostrophe: true }) }); break;
      case 4: rows.push({ bank: bank.name, branch: `${branch.name}支店` }); break;
      case 5: rows.push({ bank: bank.name, branch: '' }); break;
      case 6: rows.push({ bank: `${bank.name}X`, branch: branch.name }); break;
      default: rows.push({ bank: bank.name, branch: `${branch.name}ＸＹＺ` });
    }
  }
  return rows;
}

/**
 * Checks a snapshot before it may become current (`ginko import`): shapes of codes, no
 * duplicate institutions, the character rules of docs/search-api.md#resources on every derived
 * reading, and row counts that do not collapse against the current snapshot (a truncated file
 * would otherwise "remove" most of the master).
 */
import { FULL_WIDTH_KANA_TEXT, HALF_WIDTH_KANA_TEXT, HIRAGANA_TEXT } from '../domain/kana.js';
import type { Directory } from './directory.js';

export interface Validation {
  readonly ok: boolean;
  /** `passed` or `failed: <first problems>`, stored as the update's validation_result. */
  readonly result: string;
  readonly problems: readonly string[];
}

/** A new snapshot may not have fewer than this share of the current one's rows. */
export const MIN_ROW_RATIO = 0.9;
const MAX_LISTED_PROBLEMS = 20;

export function validateDirectory(next: Directory, current?: Directory): Validation {
  const problems: string[] = [];
  const report = (problem: string) => {
    if (problems.length < MAX_LISTED_PROBLEMS) problems.push(problem);
  };
  if (next.banks.length === 0) report('the snapshot has no institutions');
  const seen = new Set<string>();
  for (const bank of next.banks) {
    if (!/^[0-9]{4}$/.test(bank.code)) report(`institution code "${bank.code}" is not 4 digits`);
    if (seen.has(bank.code)) report(`institution ${bank.code} appears twice`);
    seen.add(bank.code);
    checkRecord(`institution ${bank.code}`, bank, report);
    for (const branch of next.branches(bank.code)) {
      if (!/^[0-9]{3}$/.test(branch.code)) report(`branch "${branch.code}" of ${bank.code} is not 3 digits`);
      checkRecord(`branch ${bank.code}-${branch.code}`, branch, report);
    }
  }
  if (current) {
    if (next.banks.length < current.banks.length * MIN_ROW_RATIO) report(`${next.banks.length} institutions against ${current.banks.length} now: more than ${Math.round((1 - MIN_ROW_RATIO) * 100)}% would disappear`);
    if (next.branchCount < current.branchCount * MIN_ROW_RATIO) report(`${next.branchCount} branches against ${current.branchCount} now: more than ${Math.round((1 - MIN_ROW_RATIO) * 100)}% would disappear`);
    if (next.effectiveDate < current.effectiveDate) report(`effective date ${next.effectiveDate} is before the current snapshot's ${current.effectiveDate}`);
  }
  return problems.length === 0 ? { ok: true, result: 'passed', problems } : { ok: false, result: `failed: ${problems.slice(0, 3).join('; ')}`, problems };
}

function checkRecord(what: string, r: { name: string; halfWidthKana: string; fullWidthKana: string; hiragana: string }, report: (p: string) => void): void {
  if (r.name.trim() === '') report(`${what} has no name`);
  if (r.fullWidthKana === '') report(`${what} has no reading`);
  if (!HALF_WIDTH_KANA_TEXT.test(r.halfWidthKana)) report(`${what}: halfWidthKana "${r.halfWidthKana}" breaks the character rules`);
  if (!FULL_WIDTH_KANA_TEXT.test(r.fullWidthKana)) report(`${what}: fullWidthKana "${r.fullWidthKana}" breaks the character rules`);
  if (!HIRAGANA_TEXT.test(r.hiragana)) report(`${what}: hiragana "${r.hiragana}" breaks the character rules`);
  // U+2028 and U+2029 too: JavaScript reads them as line breaks, which the filter's `=re=`
  // dialect relies on no name holding (src/search/filter/regex.ts).
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(r.name)) report(`${what}: name has control characters or line separators`);
}

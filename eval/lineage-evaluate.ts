/**
 * The lineage evaluation (docs/lineage.md#evaluation): the successors in eval/lineage.json,
 * each checked by hand once, against the lineage's answers; precision and recall of the
 * successors for institutions and for branches, by the inference alone and with the override
 * table, as `npm run eval` reports them.
 */
import { readFileSync } from 'node:fs';
import type { Lineage } from '../src/lineage/lineage.js';
import type { LineageAnswer } from '../src/lineage/types.js';

export interface LineageCase {
  /** `BBBB` or `BBBB-CCC`. */
  readonly code: string;
  /** Its successor today (`BBBB`, `BBBB-CCC`), null for a closure, `unknown` where nobody checked one (not scored). */
  readonly expected: string | null;
  readonly evidence: string;
  readonly note: string;
}

export function loadLineageCases(): readonly LineageCase[] {
  return (JSON.parse(readFileSync(new URL('./lineage.json', import.meta.url), 'utf8')) as { cases: LineageCase[] }).cases;
}

/** What the lineage says carries a code on today: `BBBB-CCC`, `BBBB` where only the institution is known, null for none. */
export function successorOf(answer: LineageAnswer | undefined): string | null {
  const s = answer?.successor;
  if (!s) return null;
  return s.branch_code === null ? s.bank_code : `${s.bank_code}-${s.branch_code}`;
}

export interface LineageScore {
  /** Cases with a checked answer. */
  readonly scored: number;
  /** Of those, the ones with a successor. */
  readonly withSuccessor: number;
  /** Successors the lineage gave, and how many were the checked one. */
  readonly predicted: number;
  readonly correct: number;
  /** Closures (no successor) the lineage answered as closures. */
  readonly closures: number;
  readonly closuresRight: number;
  readonly precision: number;
  readonly recall: number;
  readonly misses: readonly { readonly code: string; readonly expected: string | null; readonly got: string | null }[];
}

export function scoreLineage(lineage: Lineage, cases: readonly LineageCase[]): LineageScore {
  let predicted = 0;
  let correct = 0;
  let withSuccessor = 0;
  let closures = 0;
  let closuresRight = 0;
  const misses: { code: string; expected: string | null; got: string | null }[] = [];
  const scored = cases.filter((c) => c.expected !== 'unknown');
  for (const c of scored) {
    const [bank, branch] = c.code.split('-') as [string, string | undefined];
    const got = successorOf(branch === undefined ? lineage.bank(bank) : lineage.branch(bank, branch));
    if (got !== null) predicted++;
    if (c.expected === null) {
      closures++;
      if (got === null) closuresRight++;
    } else {
      withSuccessor++;
      if (got === c.expected) correct++;
    }
    if (got !== c.expected) misses.push({ code: c.code, expected: c.expected, got });
  }
  return { scored: scored.length, withSuccessor, predicted, correct, closures, closuresRight, precision: predicted === 0 ? 1 : correct / predicted, recall: withSuccessor === 0 ? 1 : correct / withSuccessor, misses };
}

export interface LineageReport {
  readonly unknown: number;
  /** By kind of code (institution, branch), then by inference alone / with the override table. */
  readonly rows: readonly { readonly kind: 'institution' | 'branch'; readonly how: 'inference' | 'with overrides'; readonly score: LineageScore }[];
}

export function evaluateLineage(inferred: Lineage, served: Lineage, cases = loadLineageCases()): LineageReport {
  const banks = cases.filter((c) => !c.code.includes('-'));
  const branches = cases.filter((c) => c.code.includes('-'));
  return {
    unknown: cases.filter((c) => c.expected === 'unknown').length,
    rows: [
      { kind: 'institution', how: 'inference', score: scoreLineage(inferred, banks) },
      { kind: 'institution', how: 'with overrides', score: scoreLineage(served, banks) },
      { kind: 'branch', how: 'inference', score: scoreLineage(inferred, branches) },
      { kind: 'branch', how: 'with overrides', score: scoreLineage(served, branches) },
    ],
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatLineageReport(report: LineageReport): string {
  const lines = [
    '| codes | successors from | checked | with a successor | successors given | right | precision | recall | closures answered as closures |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { kind, how, score: s } of report.rows) {
    lines.push(`| ${kind} | ${how} | ${s.scored} | ${s.withSuccessor} | ${s.predicted} | ${s.correct} | ${pct(s.precision)} | ${pct(s.recall)} | ${s.closuresRight} of ${s.closures} |`);
  }
  lines.push('', `${report.unknown} institutions vanished with no successor anyone could check (not scored; eval/lineage.json).`);
  return lines.join('\n');
}

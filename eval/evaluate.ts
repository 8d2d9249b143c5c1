/**
 * Runs the evaluation set through the matcher in every context and counts, per class and
 * context: top-1 accuracy, auto-confirm coverage, wrong auto-confirmations, unresolved
 * answers and agreement with the pinned decisions. Used by `npm run eval` and by
 * test/resolve.eval.test.ts.
 */
import { readFileSync } from 'node:fs';
import type { Snapshot } from '../src/dataset/snapshot.js';
import { resolve } from '../src/resolve/resolve.js';
import { type Decision, RESOLVE_CONTEXTS, type ResolveContext } from '../src/resolve/types.js';
import { CASE_CLASSES, type CaseClass, type EvalCase, type EvalFile } from './cases.js';

export function loadEvalFile(): EvalFile {
  return JSON.parse(readFileSync(new URL('./resolve.json', import.meta.url), 'utf8')) as EvalFile;
}

export interface ClassFigures {
  readonly cases: number;
  /** Cases with one right answer. */
  readonly answerable: number;
  /** best_match is the right answer (over answerable cases). */
  readonly top1: number;
  /** auto_confirm given (over answerable cases). */
  readonly autoConfirmed: number;
  /** auto_confirm with a best_match that is not the right answer, or where there is none. */
  readonly wrongAuto: number;
  readonly unresolved: number;
  /** Cases with a pinned decision for this context, and how many agree. */
  readonly pinned: number;
  readonly agreed: number;
}

export interface CaseResult {
  readonly case: EvalCase;
  readonly context: ResolveContext;
  readonly decision: Decision;
  readonly best: string | undefined;
  readonly wrongAuto: boolean;
}

export interface EvalReport {
  readonly byContext: Record<ResolveContext, Record<CaseClass | 'all', ClassFigures>>;
  readonly disagreements: readonly CaseResult[];
  readonly wrongAutos: readonly CaseResult[];
  /** Milliseconds per resolve over every case and context. */
  readonly timing: { readonly runs: number; readonly p50: number; readonly p99: number; readonly max: number };
}

const EMPTY: ClassFigures = { cases: 0, answerable: 0, top1: 0, autoConfirmed: 0, wrongAuto: 0, unresolved: 0, pinned: 0, agreed: 0 };

function plus(a: ClassFigures, r: CaseResult, pinned: Decision | undefined): ClassFigures {
  const expected = r.case.expected ? `${r.case.expected.bank_code}-${r.case.expected.branch_code}` : undefined;
  return {
    cases: a.cases + 1,
    answerable: a.answerable + (expected ? 1 : 0),
    top1: a.top1 + (expected && r.best === expected ? 1 : 0),
    autoConfirmed: a.autoConfirmed + (expected && r.decision === 'auto_confirm' ? 1 : 0),
    wrongAuto: a.wrongAuto + (r.wrongAuto ? 1 : 0),
    unresolved: a.unresolved + (r.decision === 'unresolved' ? 1 : 0),
    pinned: a.pinned + (pinned ? 1 : 0),
    agreed: a.agreed + (pinned && pinned === r.decision ? 1 : 0),
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function evaluate(snapshot: Snapshot, file: EvalFile = loadEvalFile()): EvalReport {
  const byContext = {} as Record<ResolveContext, Record<CaseClass | 'all', ClassFigures>>;
  const disagreements: CaseResult[] = [];
  const wrongAutos: CaseResult[] = [];
  const times: number[] = [];
  for (const context of RESOLVE_CONTEXTS) {
    const figures = Object.fromEntries([...CASE_CLASSES, 'all'].map((c) => [c, EMPTY])) as Record<CaseClass | 'all', ClassFigures>;
    for (const c of file.cases) {
      const started = performance.now();
      const { answer } = resolve(snapshot, { bankName: c.bank_name, branchName: c.branch_name, context });
      times.push(performance.now() - started);
      const best = answer.best_match ? `${answer.best_match.bank_code}-${answer.best_match.branch_code}` : undefined;
      const expected = c.expected ? `${c.expected.bank_code}-${c.expected.branch_code}` : undefined;
      const result: CaseResult = { case: c, context, decision: answer.decision, best, wrongAuto: answer.decision === 'auto_confirm' && best !== expected };
      const pinned = c.decisions[context];
      figures[c.class] = plus(figures[c.class], result, pinned);
      figures.all = plus(figures.all, result, pinned);
      if (pinned && pinned !== result.decision) disagreements.push(result);
      if (result.wrongAuto) wrongAutos.push(result);
    }
    byContext[context] = figures;
  }
  times.sort((a, b) => a - b);
  return { byContext, disagreements, wrongAutos, timing: { runs: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0 } };
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);

/** A Markdown table per context: the figures docs/resolve.md reports. */
export function formatReport(report: EvalReport): string {
  const lines: string[] = [];
  for (const context of RESOLVE_CONTEXTS) {
    lines.push(`### ${context}`, '', '| class | cases | top-1 | auto-confirm | wrong auto | unresolved | decision as pinned |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const cls of [...CASE_CLASSES, 'all'] as const) {
      const f = report.byContext[context][cls];
      if (f.cases === 0) continue;
      lines.push(`| ${cls} | ${f.cases} | ${pct(f.top1, f.answerable)} | ${pct(f.autoConfirmed, f.answerable)} | ${f.wrongAuto} | ${pct(f.unresolved, f.cases)} | ${f.pinned === 0 ? '–' : `${f.agreed}/${f.pinned}`} |`);
    }
    lines.push('');
  }
  const t = report.timing;
  lines.push(`Timing: ${t.runs} resolves, p50 ${t.p50.toFixed(3)} ms, p99 ${t.p99.toFixed(3)} ms, max ${t.max.toFixed(3)} ms (in-process, warm index).`);
  return lines.join('\n');
}

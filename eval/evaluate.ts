/**
 * Runs an evaluation set through the matcher in every context and counts, per class and
 * context: top-1 accuracy, the right answer among the candidates, auto-confirm coverage, wrong
 * auto-confirmations, unresolved answers and agreement with the pinned decisions. Used by
 * `npm run eval` and by test/resolve.eval.test.ts and test/resolve.real.test.ts.
 */
import { readFileSync } from 'node:fs';
import type { Snapshot } from '../src/dataset/snapshot.js';
import { resolve } from '../src/resolve/resolve.js';
import { type Decision, type ReasonCode, RESOLVE_CONTEXTS, type ResolveContext } from '../src/resolve/types.js';
import { CASE_CLASSES, type CaseClass, type EvalCase, type EvalFile, type RealCaseClass, type TypedCaseClass } from './cases.js';

export function loadEvalFile(): EvalFile {
  return JSON.parse(readFileSync(new URL('./resolve.json', import.meta.url), 'utf8')) as EvalFile;
}

/** Names as real files hold them (docs/resolve.md#names-as-files-hold-them). */
export function loadRealEvalFile(): EvalFile<RealCaseClass> {
  return JSON.parse(readFileSync(new URL('./resolve-real.json', import.meta.url), 'utf8')) as EvalFile<RealCaseClass>;
}

/** Names as a new user types them from real files (docs/resolve.md#names-as-a-new-user-types-them). */
export function loadTypedEvalFile(): EvalFile<TypedCaseClass> {
  return JSON.parse(readFileSync(new URL('./resolve-typed.json', import.meta.url), 'utf8')) as EvalFile<TypedCaseClass>;
}

export interface ClassFigures {
  readonly cases: number;
  /** Cases with one right answer. */
  readonly answerable: number;
  /** best_match is the right answer (over answerable cases). */
  readonly top1: number;
  /** The right answer is among the candidates (over answerable cases). */
  readonly inCandidates: number;
  /** auto_confirm given (over answerable cases). */
  readonly autoConfirmed: number;
  /** auto_confirm with a best_match that is not the right answer, or where there is none. */
  readonly wrongAuto: number;
  readonly unresolved: number;
  /** Cases with a pinned decision for this context, and how many agree (with the pinned reasons, where there are). */
  readonly pinned: number;
  readonly agreed: number;
}

export interface CaseResult<C extends string = CaseClass> {
  readonly case: EvalCase<C>;
  readonly context: ResolveContext;
  readonly decision: Decision;
  readonly best: string | undefined;
  readonly wrongAuto: boolean;
  readonly inCandidates: boolean;
  /** The pinned reasons of this context the answer does not carry. */
  readonly missingReasons: readonly ReasonCode[];
}

export interface Timing {
  readonly runs: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

export interface EvalReport<C extends string = CaseClass> {
  readonly classes: readonly C[];
  readonly byContext: Record<ResolveContext, Record<C | 'all', ClassFigures>>;
  readonly disagreements: readonly CaseResult<C>[];
  readonly wrongAutos: readonly CaseResult<C>[];
  /** Milliseconds per resolve over every case and context. */
  readonly timing: Timing;
  /** The same per class, over every context. */
  readonly timingByClass: Record<C, Timing>;
}

const EMPTY: ClassFigures = { cases: 0, answerable: 0, top1: 0, inCandidates: 0, autoConfirmed: 0, wrongAuto: 0, unresolved: 0, pinned: 0, agreed: 0 };

function plus<C extends string>(a: ClassFigures, r: CaseResult<C>, pinned: Decision | undefined): ClassFigures {
  const expected = r.case.expected ? `${r.case.expected.bank_code}-${r.case.expected.branch_code}` : undefined;
  return {
    cases: a.cases + 1,
    answerable: a.answerable + (expected ? 1 : 0),
    top1: a.top1 + (expected && r.best === expected ? 1 : 0),
    inCandidates: a.inCandidates + (expected && r.inCandidates ? 1 : 0),
    autoConfirmed: a.autoConfirmed + (expected && r.decision === 'auto_confirm' ? 1 : 0),
    wrongAuto: a.wrongAuto + (r.wrongAuto ? 1 : 0),
    unresolved: a.unresolved + (r.decision === 'unresolved' ? 1 : 0),
    pinned: a.pinned + (pinned ? 1 : 0),
    agreed: a.agreed + (pinned && pinned === r.decision && r.missingReasons.length === 0 ? 1 : 0),
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function timingOf(times: number[]): Timing {
  times.sort((a, b) => a - b);
  return { runs: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times.at(-1) ?? 0 };
}

export function evaluate(snapshot: Snapshot): EvalReport;
export function evaluate<C extends string>(snapshot: Snapshot, file: EvalFile<C>, classes?: readonly C[]): EvalReport<C>;
export function evaluate(snapshot: Snapshot, file: EvalFile<string> = loadEvalFile(), classes: readonly string[] = CASE_CLASSES): EvalReport<string> {
  const byContext = {} as Record<ResolveContext, Record<string, ClassFigures>>;
  const disagreements: CaseResult<string>[] = [];
  const wrongAutos: CaseResult<string>[] = [];
  const times: number[] = [];
  const classTimes = Object.fromEntries(classes.map((c) => [c, [] as number[]]));
  for (const context of RESOLVE_CONTEXTS) {
    const figures = Object.fromEntries([...classes, 'all'].map((c) => [c, EMPTY]));
    for (const c of file.cases) {
      const started = performance.now();
      const { answer } = resolve(snapshot, { bankName: c.bank_name, branchName: c.branch_name, context });
      const elapsed = performance.now() - started;
      times.push(elapsed);
      classTimes[c.class]?.push(elapsed);
      const best = answer.best_match ? `${answer.best_match.bank_code}-${answer.best_match.branch_code}` : undefined;
      const expected = c.expected ? `${c.expected.bank_code}-${c.expected.branch_code}` : undefined;
      const inCandidates = expected !== undefined && answer.candidates.some((m) => `${m.bank_code}-${m.branch_code}` === expected);
      const missingReasons = (c.reasons?.[context] ?? []).filter((code) => !answer.reason_codes.includes(code));
      const result: CaseResult<string> = { case: c, context, decision: answer.decision, best, wrongAuto: answer.decision === 'auto_confirm' && best !== expected, inCandidates, missingReasons };
      const pinned = c.decisions[context];
      figures[c.class] = plus(figures[c.class]!, result, pinned);
      figures.all = plus(figures.all!, result, pinned);
      if (pinned && (pinned !== result.decision || missingReasons.length > 0)) disagreements.push(result);
      if (result.wrongAuto) wrongAutos.push(result);
    }
    byContext[context] = figures;
  }
  const timingByClass = Object.fromEntries(classes.map((c) => [c, timingOf(classTimes[c]!)]));
  return { classes, byContext, disagreements, wrongAutos, timing: timingOf(times), timingByClass };
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);

/** A Markdown table per context: the figures docs/resolve.md reports. */
export function formatReport<C extends string>(report: EvalReport<C>, options: { readonly perClassTiming?: boolean } = {}): string {
  const lines: string[] = [];
  for (const context of RESOLVE_CONTEXTS) {
    lines.push(`#### ${context}`, '', '| class | cases | top-1 | in candidates | auto-confirm | wrong auto | unresolved | decision as pinned |', '|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const cls of [...report.classes, 'all' as const]) {
      const f = report.byContext[context][cls];
      if (f.cases === 0) continue;
      lines.push(`| ${cls} | ${f.cases} | ${pct(f.top1, f.answerable)} | ${pct(f.inCandidates, f.answerable)} | ${pct(f.autoConfirmed, f.answerable)} | ${f.wrongAuto} | ${pct(f.unresolved, f.cases)} | ${f.pinned === 0 ? '–' : `${f.agreed}/${f.pinned}`} |`);
    }
    lines.push('');
  }
  if (options.perClassTiming) {
    lines.push('| class | resolves | p50 ms | p95 ms | p99 ms |', '|---|---:|---:|---:|---:|');
    for (const cls of report.classes) {
      const t = report.timingByClass[cls];
      lines.push(`| ${cls} | ${t.runs} | ${t.p50.toFixed(3)} | ${t.p95.toFixed(3)} | ${t.p99.toFixed(3)} |`);
    }
    lines.push('');
  }
  const t = report.timing;
  lines.push(`Timing: ${t.runs} resolves, p50 ${t.p50.toFixed(3)} ms, p95 ${t.p95.toFixed(3)} ms, p99 ${t.p99.toFixed(3)} ms, max ${t.max.toFixed(3)} ms (in-process, warm index).`);
  return lines.join('\n');
}

/**
 * Runs eval/romaji.json: freeword recall (the meant record first, or within the first five)
 * and wrong-top-result rate per kind and source; Resolve top-1, auto-confirmation and wrong
 * auto-confirmations per context. Used by `npm run eval` and test/romaji.eval.test.ts.
 */
import { readFileSync } from 'node:fs';
import type { Snapshot } from '../src/dataset/snapshot.js';
import { resolve } from '../src/resolve/resolve.js';
import { RESOLVE_CONTEXTS, type ResolveContext } from '../src/resolve/types.js';
import { freewordIndexOf, normalizeFreeword } from '../src/search/freeword/index.js';
import type { RomajiEvalFile, RomajiFreewordCase, RomajiResolveCase } from './romaji-cases.js';

export function loadRomajiEvalFile(): RomajiEvalFile {
  return JSON.parse(readFileSync(new URL('./romaji.json', import.meta.url), 'utf8')) as RomajiEvalFile;
}

export interface FreewordFigures {
  readonly cases: number;
  /** The meant record is the first result. */
  readonly at1: number;
  /** … within the first five. */
  readonly at5: number;
  /** The first result is another record. */
  readonly wrongTop: number;
  /** Nothing found. */
  readonly none: number;
}

export interface ResolveFigures {
  readonly cases: number;
  readonly top1: number;
  readonly autoConfirmed: number;
  readonly wrongAuto: number;
  readonly unresolved: number;
}

export interface RomajiReport {
  /** By `${kind} ${source}` and 'all'. */
  readonly freeword: Readonly<Record<string, FreewordFigures>>;
  readonly resolve: Readonly<Record<ResolveContext, ResolveFigures>>;
  readonly freewordMisses: readonly { readonly case: RomajiFreewordCase; readonly top: string | undefined }[];
  readonly wrongAutos: readonly { readonly case: RomajiResolveCase; readonly context: ResolveContext; readonly best: string | undefined }[];
}

const EMPTY_FREEWORD: FreewordFigures = { cases: 0, at1: 0, at5: 0, wrongTop: 0, none: 0 };
const EMPTY_RESOLVE: ResolveFigures = { cases: 0, top1: 0, autoConfirmed: 0, wrongAuto: 0, unresolved: 0 };

export function evaluateRomaji(snapshot: Snapshot, file: RomajiEvalFile = loadRomajiEvalFile()): RomajiReport {
  const index = freewordIndexOf(snapshot);
  const freeword: Record<string, FreewordFigures> = {};
  const freewordMisses: { case: RomajiFreewordCase; top: string | undefined }[] = [];
  for (const c of file.freeword) {
    const query = normalizeFreeword(c.query);
    const codes = (c.kind === 'bank' ? index.searchBanks(query) : index.searchBranches(c.bankCode!, query)).map((r) => r.code);
    const rank = codes.indexOf(c.expected);
    for (const key of [`${c.kind} ${c.source}`, 'all']) {
      const f = freeword[key] ?? EMPTY_FREEWORD;
      freeword[key] = { cases: f.cases + 1, at1: f.at1 + (rank === 0 ? 1 : 0), at5: f.at5 + (rank >= 0 && rank < 5 ? 1 : 0), wrongTop: f.wrongTop + (codes.length > 0 && rank !== 0 ? 1 : 0), none: f.none + (codes.length === 0 ? 1 : 0) };
    }
    if (rank !== 0) freewordMisses.push({ case: c, top: codes[0] });
  }

  const byContext = {} as Record<ResolveContext, ResolveFigures>;
  const wrongAutos: { case: RomajiResolveCase; context: ResolveContext; best: string | undefined }[] = [];
  for (const context of RESOLVE_CONTEXTS) {
    let f = EMPTY_RESOLVE;
    for (const c of file.resolve) {
      const { answer } = resolve(snapshot, { bankName: c.bank_name, branchName: c.branch_name, context });
      const best = answer.best_match ? `${answer.best_match.bank_code}-${answer.best_match.branch_code}` : undefined;
      const right = best === `${c.expected.bank_code}-${c.expected.branch_code}`;
      const auto = answer.decision === 'auto_confirm';
      if (auto && !right) wrongAutos.push({ case: c, context, best });
      f = { cases: f.cases + 1, top1: f.top1 + (right ? 1 : 0), autoConfirmed: f.autoConfirmed + (auto && right ? 1 : 0), wrongAuto: f.wrongAuto + (auto && !right ? 1 : 0), unresolved: f.unresolved + (answer.decision === 'unresolved' ? 1 : 0) };
    }
    byContext[context] = f;
  }
  return { freeword, resolve: byContext, freewordMisses, wrongAutos };
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)}%`);

/** The Markdown tables docs/freeword.md#romaji reports. */
export function formatRomajiReport(report: RomajiReport): string {
  const lines = ['### Romaji: freeword', '', '| queries | cases | recall@1 | recall@5 | wrong top result | nothing found |', '|---|---:|---:|---:|---:|---:|'];
  for (const key of ['bank generated', 'bank hand', 'branch generated', 'branch hand', 'all']) {
    const f = report.freeword[key];
    if (f) lines.push(`| ${key} | ${f.cases} | ${pct(f.at1, f.cases)} | ${pct(f.at5, f.cases)} | ${pct(f.wrongTop, f.cases)} | ${pct(f.none, f.cases)} |`);
  }
  lines.push('', '### Romaji: Resolve', '', '| context | cases | top-1 | auto-confirm | wrong auto | unresolved |', '|---|---:|---:|---:|---:|---:|');
  for (const context of RESOLVE_CONTEXTS) {
    const f = report.resolve[context];
    lines.push(`| ${context} | ${f.cases} | ${pct(f.top1, f.cases)} | ${pct(f.autoConfirmed, f.cases)} | ${f.wrongAuto} | ${pct(f.unresolved, f.cases)} |`);
  }
  return lines.join('\n');
}

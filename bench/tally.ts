/**
 * `npx tsx bench/tally.ts [--since 2026-11-29T09:00] [--dir bench/results]`: the full runs of
 * `npm run bench` kept in bench/results, counted target by target of #24's table (TARGETS):
 * how many runs met each, how many met every one, and, for the Resolve p99 at half load, each
 * run's figure beside the bare server's own at the same rate and the busy bare server's (the
 * latency calibration), with the runs in which the bare server itself was over the bound. A
 * single run's verdict moves with the machine's moment; this is the count
 * docs/benchmarks.md#where-we-stand reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { LoadResult } from './load.js';
import { type HalfLoad, machineName } from './report.js';
import { FULL_RUN, SCENARIOS, TARGETS, type TargetId } from './scenarios.js';

/** What the tally reads of a run's JSON (run.ts writes it). */
export interface RunReport {
  readonly date: string;
  readonly machine: { readonly cpuModel?: string; readonly cpuFamily?: string };
  readonly settings: { readonly secondsPerServerAndScenario?: number; readonly rounds?: number };
  readonly startup: { readonly firstStartMs: number; readonly restartMs: number; readonly targetsMs: { readonly restart: number; readonly firstStart: number } };
  readonly memory: { readonly peakRssMb?: number; readonly targetMb: number };
  readonly scenarios: readonly {
    readonly name: string;
    readonly available: boolean;
    readonly ratio?: number;
    readonly p99Target?: number;
    readonly atHalfLoad?: Pick<HalfLoad, 'bare' | 'ginko'> & { readonly working?: { readonly result: Pick<LoadResult, 'p99Ms'> } };
    readonly pass?: boolean;
  }[];
}

/** A full run: every scenario of today's list, in its order, the default duration and rounds, and the Resolve p99 read at half load. */
export function isFullRun(run: RunReport): boolean {
  return (
    run.settings.secondsPerServerAndScenario === FULL_RUN.seconds &&
    run.settings.rounds === FULL_RUN.rounds &&
    run.scenarios.length === SCENARIOS.length &&
    run.scenarios.every((s, i) => s.name === SCENARIOS[i]!.name && s.available) &&
    run.scenarios.some((s) => s.atHalfLoad !== undefined)
  );
}

/** The half-load figures of the run's scenario decided by a p99 bound (distinct Resolve). */
function halfLoadOf(run: RunReport) {
  const s = run.scenarios.find((x) => x.atHalfLoad !== undefined)!;
  return { bound: s.p99Target!, ginko: s.atHalfLoad!.ginko.p99Ms, bare: s.atHalfLoad!.bare.p99Ms, busyBare: s.atHalfLoad!.working?.result.p99Ms };
}

/** Whether `run` met one target of #24; a filter's p99 at saturation and the scenarios counted in no row are the bench's own. */
export function metTarget(run: RunReport, id: TargetId): boolean {
  switch (id) {
    case 'resolve': {
      const h = halfLoadOf(run);
      return h.ginko <= h.bound;
    }
    case 'memory':
      return run.memory.peakRssMb !== undefined && run.memory.peakRssMb <= run.memory.targetMb;
    case 'startup':
      return run.startup.restartMs <= run.startup.targetsMs.restart && run.startup.firstStartMs <= run.startup.targetsMs.firstStart;
    default:
      return SCENARIOS.every((scenario, i) => scenario.counts !== id || run.scenarios[i]!.ratio! >= scenario.target);
  }
}

export interface Tally {
  readonly runs: readonly string[];
  /** Per target of #24, in TARGETS' order: the runs that met it. */
  readonly met: ReadonlyMap<TargetId, number>;
  readonly everyTarget: number;
  readonly everyTargetButResolve: number;
  /** Every target of #24 and every one of the bench's own (Scenario.pass: repeated Resolve, the filters' p99 at saturation). */
  readonly everyTargetAndTheBenchs: number;
  /** Per run, the Resolve p99 at half load: Ginko's, the bare server's and the busy bare server's, and the bound. */
  readonly resolve: readonly { readonly date: string; readonly machine: string; readonly bound: number; readonly ginko: number; readonly bare: number; readonly busyBare: number | undefined }[];
}

export function tally(runs: readonly RunReport[]): Tally {
  const full = runs.filter(isFullRun).sort((a, b) => a.date.localeCompare(b.date));
  const ids = TARGETS.map((t) => t.id);
  return {
    runs: full.map((r) => r.date),
    met: new Map(ids.map((id) => [id, full.filter((r) => metTarget(r, id)).length])),
    everyTarget: full.filter((r) => ids.every((id) => metTarget(r, id))).length,
    everyTargetButResolve: full.filter((r) => ids.every((id) => id === 'resolve' || metTarget(r, id))).length,
    everyTargetAndTheBenchs: full.filter((r) => ids.every((id) => metTarget(r, id)) && r.scenarios.every((s) => s.pass)).length,
    resolve: full.map((r) => ({ date: r.date, machine: machineName(r.machine), ...halfLoadOf(r) })),
  };
}

export function tallyLines(t: Tally): string[] {
  if (t.runs.length === 0) return ['no full run of npm run bench'];
  const out = [`${t.runs.length} full runs of npm run bench, ${t.runs[0]} to ${t.runs.at(-1)}`, '', `${'target of #24'.padEnd(90)} runs that met it`];
  for (const target of TARGETS) out.push(`${`${target.words} ${target.bound}`.padEnd(90)} ${t.met.get(target.id)}`);
  out.push(`${'every target of #24 in one run'.padEnd(90)} ${t.everyTarget}`);
  out.push(`${'every target of #24 but the Resolve p99'.padEnd(90)} ${t.everyTargetButResolve}`);
  out.push(`${"every target of #24 and every one of the bench's own".padEnd(90)} ${t.everyTargetAndTheBenchs}`);
  const quiet = t.resolve.filter((r) => r.bare <= r.bound);
  out.push('');
  out.push(
    `The Resolve p99 at half load: met in ${t.resolve.filter((r) => r.ginko <= r.bound).length} of ${t.resolve.length} runs; the bare server's own p99 at the same rate was within the bound in ${quiet.length}, ` +
      `and Ginko's in ${quiet.filter((r) => r.ginko <= r.bound).length} of those; Ginko's within the busy bare server's (the latency calibration) or the bound in ${t.resolve.filter((r) => r.busyBare !== undefined && r.ginko <= Math.max(r.busyBare, r.bound)).length} of the ${t.resolve.filter((r) => r.busyBare !== undefined).length} runs that have it`,
  );
  out.push(`${'run'.padEnd(26)} ${'machine'.padEnd(38)} Ginko / bare / busy bare, p99 ms`);
  for (const r of t.resolve) out.push(`${r.date.padEnd(26)} ${r.machine.padEnd(38)} ${r.ginko} / ${r.bare} / ${r.busyBare ?? '-'}${r.ginko <= r.bound ? '' : r.bare > r.bound ? '  (over; the bare server too)' : '  (over)'}`);
  return out;
}

/** The runs' JSON in `dir`, those dated from `since` on (an ISO date or time, compared as text). */
export function readRuns(dir: string, since = ''): RunReport[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RunReport)
    .filter((r) => r.date >= since);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: args } = parseArgs({ options: { since: { type: 'string', default: '' }, dir: { type: 'string', default: join('bench', 'results') } } });
  process.stdout.write(tallyLines(tally(readRuns(args.dir, args.since))).join('\n') + '\n');
}

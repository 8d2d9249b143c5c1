/** The bench's one table of figures on stdout. */
import type { TurnMetrics } from './turn-metrics.js';
import type { InProcessFigure } from './in-process.js';
import type { LoadResult } from './load.js';
import { TARGETS } from './scenarios.js';
import type { SoakReport } from './soak.js';

export type ScenarioReport =
  | { readonly name: string; readonly available: false; readonly note: string }
  | {
      readonly name: string;
      readonly available: true;
      readonly bytes: number;
      readonly bare: LoadResult;
      readonly ginko: LoadResult;
      /** The median of `ratios`, one per turn. */
      readonly ratio: number;
      readonly ratios: readonly number[];
      readonly target: number;
      readonly p99Target?: number | undefined;
      /** The ratio is reported; the p99 bound decides (Scenario.ratioReported). */
      readonly ratioReported?: true;
      /** Distinct scenarios: how many different requests there are, how many Ginko was sent. */
      readonly distinct?: { readonly requests: number; readonly sentToGinko: number };
      /**
       * Scenarios decided by a p99 bound: both servers again at one fixed request rate, half the
       * rate Ginko sustained above, so that the p99 is the answers' own and not only the wait in a
       * saturated queue (docs/benchmarks.md#latency-at-half-load). The bound is checked on
       * Ginko's p99 here; the saturated run's p99 is reported beside it.
       */
      readonly atHalfLoad?: HalfLoad;
      readonly pass: boolean;
    };

/** A scenario at a fixed rate, half of what Ginko sustained (ScenarioReport's atHalfLoad). */
export interface HalfLoad {
  readonly rate: number;
  readonly bare: LoadResult;
  readonly ginko: LoadResult;
  /**
   * The latency calibration: the bare server doing `workMicroseconds` of busy work more per
   * request, Ginko's CPU per request over the bare server's in the saturated turns, at the same
   * rate: the tail that much CPU per request has on this machine.
   */
  readonly working?: { readonly workMicroseconds: number; readonly result: LoadResult };
}

interface Report {
  readonly machine: { readonly cpus: number; readonly cpuModel?: string | undefined; readonly cpuFamily?: string | undefined; readonly node: string };
  readonly configuration: string;
  readonly startup: { readonly firstStartMs: number; readonly restartMs: number; readonly targetsMs: { readonly restart: number; readonly firstStart: number } };
  readonly memory: { readonly peakRssMb?: number | undefined; readonly peakDuring?: string | undefined; readonly samples: number; readonly rssMbAfterLoad?: number | undefined; readonly targetMb: number };
  readonly log: { readonly responseLines: number; readonly bytes: number };
  readonly scenarios: readonly ScenarioReport[];
  /** The bare server against itself doing `workMicroseconds` more per request (run.ts). */
  readonly calibration: readonly {
    readonly workMicroseconds: number;
    readonly ratio: number;
    readonly ratios: readonly number[];
    /** CPU per request of the bare server and of the one doing the busy work more: the check of that measure. */
    readonly cpuMicrosecondsPerRequest?: { readonly bare: number | undefined; readonly working: number | undefined };
  }[];
  readonly inProcess: readonly InProcessFigure[];
  readonly soak?: SoakReport;
  readonly scale?: { readonly oneReplica: number; readonly twoReplicas: number; readonly ratio: number; readonly memoryMbPerReplica?: number | undefined };
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
/** The servers' CPU per request, bare / Ginko (LoadResult.cpuMicrosecondsPerRequest). */
const cpuColumn = (bare: LoadResult, ginko: LoadResult) => `${bare.cpuMicrosecondsPerRequest ?? '?'} / ${ginko.cpuMicrosecondsPerRequest ?? '?'}`;
const padStart = (s: string | number, n: number) => String(s).padStart(n);
/**
 * A pooled p99's turns (LoadResult.turnP99Ms), and at a fixed rate the p99 from when each
 * request was due and the warm-up seconds' own: " (turns 3.1, 4.2, 9.9; from when due 10.4 ms,
 * turns 3.6, 4.9, 10.4; the warm-up before each turn, not pooled, 12.1, 6.3, 4.0)".
 */
const turns = (r: LoadResult) => {
  const parts = [
    ...(r.turnP99Ms && r.turnP99Ms.length > 1 ? [`turns ${r.turnP99Ms.join(', ')}`] : []),
    ...(r.fromDue ? [`from when due ${r.fromDue.p99Ms} ms${r.fromDue.turnP99Ms.length > 1 ? `, turns ${r.fromDue.turnP99Ms.join(', ')}` : ''}`] : []),
    ...(r.warmUpP99Ms ? [`the warm-up before each turn, not pooled, ${r.warmUpP99Ms.join(', ')}`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join('; ')})` : '';
};

/** How many of a list of distinct requests Ginko was sent, and whether the list ran out and began again. */
export function distinctSent(requests: number, sent: number): string {
  return (
    `${requests.toLocaleString('en-US')} different requests, Ginko sent ${sent.toLocaleString('en-US')}` +
    (sent <= requests ? ', every one different' : `: each different up to ${requests.toLocaleString('en-US')}, then again from the first (every URL still unique by its _ parameter)`)
  );
}

/** Per turn, the mark-compacts (their closing pauses and incremental steps), the scavenges and the loop's longest 10 ms tick. */
function turnMetricsLine(turns: readonly TurnMetrics[]): string {
  const markCompacts = turns.map((p) => {
    if (p.markCompacts > 0) return `${p.markCompacts} (pauses ${p.markCompactMs} ms, marking steps ${p.incrementalMs} ms)`;
    return p.incrementalMs > 0 ? `0 (marking steps ${p.incrementalMs} ms)` : '0';
  });
  const scavenges = turns.map((p) => `${p.scavenges} (${p.scavengeMs} ms; over 1 ms ${p.scavengesOver1Ms}, over 5 ms ${p.scavengesOver5Ms})`);
  return `mark-compacts ${markCompacts.join(', ')}; scavenges ${scavenges.join(', ')}; the longest tick of its loop's 10 ms timer ${turns.map((p) => p.loopTickMaxMs).join(', ')} ms`;
}

/** The machine as a run names it: Node's model name and, where read, the processor's family and model. */
export function machineName(machine: { readonly cpuModel?: string | undefined; readonly cpuFamily?: string | undefined }): string {
  return [machine.cpuModel ?? '?', ...(machine.cpuFamily ? [machine.cpuFamily] : [])].join(', ');
}

export function printTable(report: Report): void {
  const out: string[] = [];
  out.push(`Ginko bench: ${report.machine.cpus} CPUs (${machineName(report.machine)}), Node ${report.machine.node}`);
  out.push(report.configuration);
  out.push('');
  out.push(`${pad('scenario', 36)} ${padStart('bytes', 6)} ${padStart('bare r/s', 9)} ${padStart('ginko r/s', 9)} ${padStart('ratio', 6)} ${padStart('target', 6)} ${padStart('p50 ms', 7)} ${padStart('p99 ms', 7)} ${padStart('CPU µs/req', 13)}  result`);
  for (const s of report.scenarios) {
    if (!s.available) {
      out.push(`${pad(s.name, 36)} ${s.note}`);
      continue;
    }
    const target = s.ratioReported ? `p99≤${s.p99Target}${s.atHalfLoad ? ' at ½' : ''}` : `≥${s.target}${s.p99Target ? `,p99≤${s.p99Target}` : ''}`;
    out.push(`${pad(s.name, 36)} ${padStart(s.bytes, 6)} ${padStart(s.bare.requestsPerSecond, 9)} ${padStart(s.ginko.requestsPerSecond, 9)} ${padStart(s.ratio.toFixed(2), 6)} ${padStart(target, 6)} ${padStart(s.ginko.p50Ms, 7)} ${padStart(s.ginko.p99Ms, 7)} ${padStart(cpuColumn(s.bare, s.ginko), 13)}  ${s.pass ? 'pass' : 'FAIL'}${s.ginko.non2xx ? ` (${s.ginko.non2xx} non-2xx)` : ''}`);
  }
  for (const s of report.scenarios) {
    if (!s.available || !s.distinct) continue;
    out.push(`${s.name}: ${distinctSent(s.distinct.requests, s.distinct.sentToGinko)}`);
  }
  for (const s of report.scenarios) {
    if (!s.available || !s.atHalfLoad) continue;
    const { rate, bare, ginko, working } = s.atHalfLoad;
    out.push(
      `${s.name} at a fixed ${rate.toLocaleString('en-US')} requests/s (half of Ginko's throughput above; answered: bare ${bare.requestsPerSecond}/s, Ginko ${ginko.requestsPerSecond}/s): ` +
        `p50 / p99 bare ${bare.p50Ms} / ${bare.p99Ms} ms${turns(bare)}, Ginko ${ginko.p50Ms} / ${ginko.p99Ms} ms${turns(ginko)}${s.p99Target !== undefined ? ` (target p99 ≤ ${s.p99Target} ms: ${ginko.p99Ms <= s.p99Target ? 'pass' : 'FAIL'}${bare.p99Ms > s.p99Target ? `; the bare server's own p99 is above it: this machine, at this moment, cannot show the bound` : ''})` : ''}; saturated above: p99 bare ${s.bare.p99Ms} ms, Ginko ${s.ginko.p99Ms} ms` +
        `; CPU per request at this rate bare / Ginko ${cpuColumn(bare, ginko)} µs (saturated ${cpuColumn(s.bare, s.ginko)} µs)`,
    );
    if (ginko.turnMetrics) out.push(`${s.name} at half load, Ginko in its turns: ${turnMetricsLine(ginko.turnMetrics)}`);
    /** A per-turn figure of each server at the rate, in the order they took their turns. */
    const eachServer = (figure: (r: LoadResult) => string) => `bare ${figure(bare)}; Ginko ${figure(ginko)}${working ? `; busy bare ${figure(working.result)}` : ''}`;
    if (ginko.turnSendLateMs) {
      out.push(
        `${s.name} at half load, the load process's own lateness in sending (its loop, not the servers'), p99 / longest ms per turn: ` +
          eachServer((r) => (r.turnSendLateMs ?? []).map((t) => `${t.p99} / ${t.max}`).join(', ')),
      );
    }
    if (ginko.turnStolenMs) {
      out.push(`${s.name} at half load, processor time the hypervisor gave to other guests (steal, both vCPUs), ms per turn: ${eachServer((r) => (r.turnStolenMs ?? []).join(', '))}`);
    }
    if (working) {
      const w = working.result;
      const above = s.p99Target !== undefined && w.p99Ms > s.p99Target;
      out.push(
        `${s.name} at the same rate, the bare server doing ${working.workMicroseconds} µs of busy work more per request (Ginko's CPU per request over the bare server's, saturated): ` +
          `p50 / p99 ${w.p50Ms} / ${w.p99Ms} ms${turns(w)}, CPU per request ${w.cpuMicrosecondsPerRequest ?? '?'} µs` +
          (above ? `; above the bound too: on this machine, at this rate, the bound asks for less CPU per request than Ginko's answers take` : ''),
      );
    }
  }
  for (const c of report.calibration) {
    const cpu = c.cpuMicrosecondsPerRequest;
    out.push(
      `calibration: the bare server doing ${c.workMicroseconds} µs of busy work more per request reaches ${c.ratio.toFixed(2)} of the bare server (turns ${c.ratios.map((r) => r.toFixed(2)).join(', ')})` +
        (cpu ? `; CPU per request ${cpu.bare ?? '?'} µs against ${cpu.working ?? '?'} µs` : ''),
    );
  }
  out.push('');
  const { startup, memory } = report;
  out.push(
    `start to ready: first start (seeds the history) ${startup.firstStartMs} ms (target ≤ ${startup.targetsMs.firstStart} ms) ${startup.firstStartMs <= startup.targetsMs.firstStart ? 'pass' : 'FAIL'}, ` +
      `restart ${startup.restartMs} ms (target ≤ ${startup.targetsMs.restart} ms) ${startup.restartMs <= startup.targetsMs.restart ? 'pass' : 'FAIL'}`,
  );
  out.push(
    `resident memory of ginko serve, sampled every second (${memory.samples} samples): peak ${memory.peakRssMb ?? '?'} MB${memory.peakDuring ? ` (during ${memory.peakDuring})` : ''} (target ≤ ${memory.targetMb} MB) ${memory.peakRssMb !== undefined && memory.peakRssMb <= memory.targetMb ? 'pass' : 'FAIL'}, after the load ${memory.rssMbAfterLoad ?? '?'} MB`,
  );
  out.push(`log file: ${report.log.responseLines.toLocaleString('en-US')} response lines, ${(report.log.bytes / 1024 / 1024).toFixed(1)} MB`);
  for (const f of report.inProcess) out.push(`in-process ${f.name}: p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms (target p99 < ${f.targetP99Ms} ms) ${f.p99Ms < f.targetP99Ms ? 'pass' : 'FAIL'}`);
  if (report.soak) {
    const s = report.soak;
    out.push(`soak ${s.seconds} s mixed: ${s.requestsPerSecond} r/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, ${s.total} requests, ${s.non2xx} non-2xx, ${s.errors} errors, RSS ${s.rssMbSamples.join('→')} MB (growth ${s.rssGrowthMb} MB)`);
  }
  if (report.scale) {
    const s = report.scale;
    out.push(`scale: lookup on one replica ${s.oneReplica} r/s, on two replicas ${s.twoReplicas} r/s: ×${s.ratio} (${s.memoryMbPerReplica ?? '?'} MB per replica)`);
  }
  out.push('');
  out.push('Targets (ratios against the bare server in one run):');
  const width = Math.max(...TARGETS.map((t) => t.words.length));
  for (const t of TARGETS) out.push(`  ${pad(t.words, width)}  ${t.bound}`);
  process.stdout.write(out.join('\n') + '\n');
}

/** The bench's one table of figures on stdout. */
import type { InProcessFigure } from './in-process.js';
import type { LoadResult } from './load.js';
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
      /** No target of its own (see Scenario.informational). */
      readonly informational?: true;
      readonly pass: boolean;
    };

interface Report {
  readonly machine: { readonly cpus: number; readonly node: string };
  readonly startup: { readonly firstStartMs: number; readonly restartMs: number; readonly targetMs: number };
  readonly memory: { readonly rssMbAfterLoad?: number | undefined; readonly targetMb: number };
  readonly scenarios: readonly ScenarioReport[];
  readonly inProcess: readonly InProcessFigure[];
  readonly soak?: SoakReport;
  readonly scale?: { readonly oneReplica: number; readonly twoReplicas: number; readonly ratio: number; readonly memoryMbPerReplica?: number | undefined };
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padStart = (s: string | number, n: number) => String(s).padStart(n);

export function printTable(report: Report): void {
  const out: string[] = [];
  out.push(`Ginko bench: ${report.machine.cpus} CPUs, Node ${report.machine.node}`);
  out.push('');
  out.push(`${pad('scenario', 36)} ${padStart('bytes', 6)} ${padStart('bare r/s', 9)} ${padStart('ginko r/s', 9)} ${padStart('ratio', 6)} ${padStart('target', 6)} ${padStart('p50 ms', 7)} ${padStart('p99 ms', 7)}  result`);
  for (const s of report.scenarios) {
    if (!s.available) {
      out.push(`${pad(s.name, 36)} ${s.note}`);
      continue;
    }
    const target = s.informational ? '—' : `≥${s.target}${s.p99Target ? `,p99≤${s.p99Target}` : ''}`;
    out.push(`${pad(s.name, 36)} ${padStart(s.bytes, 6)} ${padStart(s.bare.requestsPerSecond, 9)} ${padStart(s.ginko.requestsPerSecond, 9)} ${padStart(s.ratio.toFixed(2), 6)} ${padStart(target, 6)} ${padStart(s.ginko.p50Ms, 7)} ${padStart(s.ginko.p99Ms, 7)}  ${s.informational ? 'info' : s.pass ? 'pass' : 'FAIL'}${s.ginko.non2xx ? ` (${s.ginko.non2xx} non-2xx)` : ''}`);
  }
  out.push('');
  out.push(`start to ready: first start (seeds the history) ${report.startup.firstStartMs} ms, restart ${report.startup.restartMs} ms (target ≤ ${report.startup.targetMs} ms)`);
  out.push(`resident memory after load: ${report.memory.rssMbAfterLoad ?? '?'} MB (target ≤ ${report.memory.targetMb} MB)`);
  for (const f of report.inProcess) out.push(`in-process ${f.name}: p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms (target p99 < ${f.targetP99Ms} ms) ${f.p99Ms < f.targetP99Ms ? 'pass' : 'FAIL'}`);
  if (report.soak) {
    const s = report.soak;
    out.push(`soak ${s.seconds} s mixed: ${s.requestsPerSecond} r/s, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, ${s.total} requests, ${s.non2xx} non-2xx, ${s.errors} errors, RSS ${s.rssMbSamples.join('→')} MB (growth ${s.rssGrowthMb} MB)`);
  }
  if (report.scale) {
    const s = report.scale;
    out.push(`scale: lookup on one replica ${s.oneReplica} r/s, on two replicas ${s.twoReplicas} r/s: ×${s.ratio} (${s.memoryMbPerReplica ?? '?'} MB per replica)`);
  }
  process.stdout.write(out.join('\n') + '\n');
}

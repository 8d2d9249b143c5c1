/** The bench's report: one table of figures, then with --check one PASS/FAIL line per target. */
import type { FairnessResult } from './fairness.js';
import type { LoadResult } from './load.js';
import { FAIRNESS_TARGET, PEAK_RSS_TARGET_MB } from './scenarios.js';

export interface ScenarioReport {
  readonly name: string;
  readonly bare: LoadResult;
  readonly ginko: LoadResult;
  /** Ginko's throughput over the bare server's: the median of the rounds' ratios. */
  readonly ratio: number;
  readonly ratios: readonly number[];
  /** The least ratio that passes; undefined: reported only. */
  readonly target: number | undefined;
  /** Records per request (payee checks). */
  readonly itemsPerRequest?: number | undefined;
  /** The server's peak resident memory while the scenario ran, in MB. */
  readonly peakRssMb?: number | undefined;
}

export interface Report {
  readonly date: string;
  readonly machine: string;
  readonly configuration: string;
  readonly startup: { readonly firstStartMs: number; readonly restartMs: number };
  readonly peakRssMb: number | undefined;
  readonly scenarios: readonly ScenarioReport[];
  readonly fairness: FairnessResult | undefined;
  /** `ginko accounts validate` on a generated CSV, when payee checks were measured. */
  readonly payeeCli?: { readonly rows: number; readonly perSecond: number } | undefined;
}

export interface Verdict {
  readonly target: string;
  readonly figure: string;
  readonly pass: boolean;
}

const failed = (r: LoadResult) => r.non2xx + r.errors;

/** One verdict per target: each scenario with a target, memory and fairness. */
export function verdicts(report: Report): Verdict[] {
  const out: Verdict[] = [];
  for (const s of report.scenarios) {
    if (s.target === undefined) continue;
    const clean = failed(s.ginko) === 0;
    out.push({ target: `${s.name}: ratio ≥ ${s.target.toFixed(2)}`, figure: `${s.ratio.toFixed(2)}${clean ? '' : `, ${failed(s.ginko)} failed`}`, pass: s.ratio >= s.target && clean });
  }
  if (report.peakRssMb !== undefined) out.push({ target: `peak resident memory ≤ ${PEAK_RSS_TARGET_MB} MB`, figure: `${report.peakRssMb} MB`, pass: report.peakRssMb <= PEAK_RSS_TARGET_MB });
  if (report.fairness) {
    const f = report.fairness;
    out.push({ target: `fairness: plain lookups' p99 under heavy clients ≤ ${FAIRNESS_TARGET}× alone`, figure: `${f.ratio}× (${f.loaded.p99Ms} ms against ${f.alone.p99Ms} ms)`, pass: f.ratio <= FAIRNESS_TARGET && failed(f.loaded) === 0 });
  }
  return out;
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - [...text].length));

export function printReport(report: Report, check: boolean): void {
  const lines = [
    `${report.date} · ${report.machine}`,
    report.configuration,
    '',
    `${pad('scenario', 40)} ${pad('bare req/s', 11)} ${pad('Ginko req/s', 12)} ${pad('ratio', 6)} ${pad('target', 7)} ${pad('p99 bare/Ginko ms', 18)} ${pad('peak MB', 8)} rounds`,
  ];
  for (const s of report.scenarios) {
    const target = s.target === undefined ? 'report' : `≥ ${s.target.toFixed(2)}`;
    lines.push(`${pad(s.name, 40)} ${pad(String(s.bare.requestsPerSecond), 11)} ${pad(String(s.ginko.requestsPerSecond), 12)} ${pad(s.ratio.toFixed(2), 6)} ${pad(target, 7)} ${pad(`${s.bare.p99Ms} / ${s.ginko.p99Ms}`, 18)} ${pad(String(s.peakRssMb ?? ''), 8)} ${s.ratios.join(' ')}`);
  }
  for (const s of report.scenarios) {
    if (s.itemsPerRequest) lines.push('', `${s.name}: ${(s.ginko.requestsPerSecond * s.itemsPerRequest).toLocaleString('en-US')} records/s over HTTPS (aim ≥ 10,000)`);
  }
  if (report.payeeCli) lines.push(`ginko accounts validate: ${report.payeeCli.perSecond.toLocaleString('en-US')} rows/s on ${report.payeeCli.rows.toLocaleString('en-US')} rows (aim ≥ 10,000)`);
  lines.push('', `start: first start ${report.startup.firstStartMs} ms, restart to ready ${report.startup.restartMs} ms; peak resident memory ${report.peakRssMb ?? '?'} MB`);
  const f = report.fairness;
  if (f) lines.push(`fairness: plain lookups p99 ${f.alone.p99Ms} ms alone, ${f.loaded.p99Ms} ms beside the heavy clients (${f.ratio}×; heavy clients answered ${f.heavy.total}, ${f.heavy.non2xx} non-2xx)`);
  if (check) {
    lines.push('');
    for (const v of verdicts(report)) lines.push(`${v.pass ? 'PASS' : 'FAIL'}  ${v.target}: ${v.figure}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
}

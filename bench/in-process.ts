/** Figures measured inside the bench process: p99 of the pure search functions (docs/benchmarks.md#scenarios-and-targets). */
import { loadBundledServing } from '../src/dataset/bundled.js';
import { resolve } from '../src/resolve/resolve.js';
import { distinctRequests } from './distinct.js';
import { percentile } from './load.js';
import { freewordIndexOf, normalizeFreeword } from '../src/search/freeword/index.js';

export interface InProcessFigure {
  readonly name: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly targetP99Ms: number;
  readonly runs: number;
}

/** Milliseconds `run(input)` took. */
function timed<T>(run: (input: T) => unknown, input: T): number {
  const started = performance.now();
  run(input);
  return performance.now() - started;
}

/** The figure of measured `times`, in milliseconds. */
function figure(name: string, targetP99Ms: number, times: number[]): InProcessFigure {
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(times, p) * 1000) / 1000;
  return { name, p50Ms: at(0.5), p99Ms: at(0.99), targetP99Ms, runs: times.length };
}

/** The queries 200 times over, after a warm-up on each. */
function measure(name: string, targetP99Ms: number, queries: readonly string[], run: (q: string) => unknown): InProcessFigure {
  for (const q of queries) run(q);
  const times: number[] = [];
  for (let round = 0; round < 200; round++) for (const q of queries) times.push(timed(run, q));
  return figure(name, targetP99Ms, times);
}

/** Each input once, after a warm-up on the last tenth (not measured). */
function measureOnce<T>(name: string, targetP99Ms: number, inputs: readonly T[], run: (input: T) => unknown): InProcessFigure {
  const warm = Math.floor(inputs.length * 0.9);
  for (const input of inputs.slice(warm)) run(input);
  return figure(name, targetP99Ms, inputs.slice(0, warm).map((input) => timed(run, input)));
}

export function inProcessFigures(): InProcessFigure[] {
  const snapshot = loadBundledServing();
  const directory = snapshot.directory;
  const index = freewordIndexOf(snapshot);
  const largest = directory.banks.reduce((a, b) => (directory.branches(b.code).length > directory.branches(a.code).length ? b : a));
  const queries = ['とうきょう', '新宿', 'まるのうち', 'ほんてん', '駅前', 'しぶや', 'う', 'なかの', 'ｼﾝｷﾝ', '信用'];
  const figures = [
    measure('freeword over all banks', 5, queries, (q) => index.searchBanks(normalizeFreeword(q))),
    measure(`freeword over the ${directory.branches(largest.code).length} branches of ${largest.code}`, 5, queries, (q) => index.searchBranches(largest.code, normalizeFreeword(q))),
  ];
  // Names as files hold them, each pair once (the distinct Resolve scenario's first 3,000): a
  // pair's bank half is kept per snapshot as the server keeps it (src/resolve/resolve.ts), its
  // branch half and the answer are made every time.
  const bodies = distinctRequests().get('resolve')!.slice(0, 3000).map((r) => JSON.parse(r.body!) as { bank_name: string; branch_name: string });
  figures.push(measureOnce('resolve, distinct names', 5, bodies, (b) => resolve(snapshot, { bankName: b.bank_name, branchName: b.branch_name, context: 'default' })));
  return figures;
}

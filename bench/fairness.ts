/**
 * Fairness (docs/benchmarks.md): another key's plain lookups at a steady rate, first alone,
 * then while FAIRNESS_HEAVY_CLIENTS clients of one unlimited key send the most expensive
 * requests they may — Resolve batches of 1,000 romaji pairs and hostile `=re=` filters over the
 * largest banks' branches, each request distinct so no cache answers it. The figure is the
 * lookups' p99 under that load over their p99 alone.
 */
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import { romanize } from '../eval/romanize.js';
import { type LoadResult, load } from './load.js';
import type { DistinctRequest } from './distinct.js';
import { FAIRNESS_HEAVY_CLIENTS, LOOKUP } from './scenarios.js';

/** The plain lookups' rate: well inside what any machine serves, so their p99 is their own. */
const LOOKUP_RATE = 200;
const LOOKUP_CONNECTIONS = 4;

/** Batches of 1,000 romaji pairs, and hostile filters over the branches of the largest banks. */
export function heavyRequests(): readonly DistinctRequest[] {
  const directory = loadBundledDirectory();
  const pairs = directory.banks.flatMap((bank) => directory.branches(bank.code).map((branch) => ({ bank, branch })));
  const style = { longVowels: 'plain', mBeforeLabial: false, apostrophe: false } as const;
  const batches: DistinctRequest[] = [];
  for (let start = 0; start + 1000 <= pairs.length && batches.length < 20; start += 1000) {
    const items = pairs.slice(start, start + 1000).map(({ bank, branch }, i) => ({ id: String(i), bank_name: romanize(bank.fullWidthKana, style), branch_name: romanize(branch.fullWidthKana, style) }));
    batches.push({ method: 'POST', path: '/resolve/v1/bank-branch/batch', body: JSON.stringify({ items }) });
  }
  const largest = [...directory.banks].sort((a, b) => directory.branches(b.code).length - directory.branches(a.code).length).slice(0, 10);
  const patterns = ['(.*a){8}x', '(a|aa)*$', '([^ア]*ア){6}ン', '(.*)*x'];
  const filters = largest.flatMap((bank) => patterns.map((p): DistinctRequest => ({ method: 'GET', path: `/v3/banks/${bank.code}/branches?limit=2000&filter=${encodeURIComponent(`hiragana=re="${p}"`)}` })));
  const mixed: DistinctRequest[] = [];
  for (let i = 0; i < Math.max(batches.length, filters.length); i++) {
    if (i < batches.length) mixed.push(batches[i]!);
    if (i < filters.length) mixed.push(filters[i]!);
  }
  return mixed;
}

export interface FairnessResult {
  readonly alone: LoadResult;
  readonly loaded: LoadResult;
  /** The lookups' p99 under the heavy load over their p99 alone. */
  readonly ratio: number;
  readonly heavy: LoadResult;
}

/** The plain lookups of `plainKey`, alone and beside the heavy clients of `heavyKey`, `seconds` each. */
export async function fairness(origin: string, plainKey: string, heavyKey: string, seconds: number): Promise<FairnessResult> {
  const plain = { url: origin + LOOKUP.path, method: 'GET' as const, headers: { 'x-api-key': plainKey }, connections: LOOKUP_CONNECTIONS, seconds, overallRate: LOOKUP_RATE };
  const alone = await load(plain);
  const heavy = load({ url: origin, method: 'GET', headers: { 'x-api-key': heavyKey, 'content-type': 'application/json' }, connections: FAIRNESS_HEAVY_CLIENTS, seconds: seconds + 1, sequence: { requests: heavyRequests(), next: 0 } });
  // The heavy clients first take the processor; the lookups start a second later.
  await new Promise((r) => setTimeout(r, 1000));
  const loaded = await load(plain);
  const heavyResult = await heavy;
  return { alone, loaded, heavy: heavyResult, ratio: Math.round((loaded.p99Ms / Math.max(alone.p99Ms, 1)) * 10) / 10 };
}

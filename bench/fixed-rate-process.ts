/**
 * The fixed-rate load (fixed-rate.ts) from a process of its own, started for the measurement:
 * the bench's own process has just run minutes of autocannon and holds every distinct list, and
 * its garbage collections then stalled its event loop for 10–30 ms several times a second,
 * which a fixed-rate client counts as its requests' latency (docs/benchmarks.md#latency-at-half-load).
 *
 * Run as a script, it reads its job (a JSON file: the servers' options, the requests, the turns),
 * runs alternateAtRate and prints the results and where each server's sequence ended as JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DistinctRequest } from './distinct.js';
import { alternateAtRate, type FixedRateOptions } from './fixed-rate.js';
import { spawnHelper } from './processes.js';
import { continueUniqueAfter, lastUnique, type LoadResult } from './load.js';

interface Job {
  readonly servers: readonly (Omit<FixedRateOptions, 'sequence'> & { readonly next: number })[];
  readonly requests: readonly DistinctRequest[];
  readonly turns: number;
  /** The last `_` value the bench gave, so that the URLs stay unique in the run (load.ts). */
  readonly lastUnique: number;
}

interface Outcome {
  readonly results: LoadResult[];
  readonly next: number[];
  readonly lastUnique: number;
}

/** alternateAtRate in a new process; each server's `sequence.next` goes on from where the process left it. */
export async function alternateAtRateApart(servers: readonly FixedRateOptions[], turns: number, jobFile: string): Promise<LoadResult[]> {
  const requests = servers[0]!.sequence.requests;
  if (servers.some((s) => s.sequence.requests !== requests)) throw new Error('the servers must share one list of requests');
  const job: Job = { servers: servers.map(({ sequence, ...rest }) => ({ ...rest, next: sequence.next })), requests, turns, lastUnique: lastUnique() };
  writeFileSync(jobFile, JSON.stringify(job));
  const child = spawnHelper(['--import', 'tsx', fileURLToPath(import.meta.url), jobFile], undefined, ['ignore', 'pipe', 'pipe']);
  let out = '';
  let err = '';
  // Both piped (the stdio above).
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the fixed-rate load process exited with ${code}\n${err}`);
  const outcome = JSON.parse(out) as Outcome;
  servers.forEach((s, i) => (s.sequence.next = outcome.next[i]!));
  continueUniqueAfter(outcome.lastUnique);
  return outcome.results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
  continueUniqueAfter(job.lastUnique);
  const servers = job.servers.map(({ next, ...rest }) => ({ ...rest, sequence: { requests: job.requests, next } }));
  const results = await alternateAtRate(servers, job.turns);
  const outcome: Outcome = { results, next: servers.map((s) => s.sequence.next), lastUnique: lastUnique() };
  process.stdout.write(JSON.stringify(outcome));
}

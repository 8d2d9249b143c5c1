/**
 * Distinct requests, as users send them (docs/benchmarks.md): branch lookups over every branch,
 * freeword prefixes of real readings, branch lists of random banks, Resolve calls with real
 * names written as files hold them. Built from the bundled data with a fixed seed, so every run
 * sends the same sequence; the load adds a unique `_` parameter to each request besides
 * (load.ts), so no two requests of a run are the same URL.
 */
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import type { Bank, Branch } from '../src/domain/types.js';

export interface DistinctRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string | undefined;
}

export const DISTINCT_KINDS = ['branch', 'freeword-banks', 'freeword-branches', 'branch-list', 'resolve'] as const;
export type DistinctKind = (typeof DISTINCT_KINDS)[number];

/** Queries of one kind at most; far more than the result cache keeps (RESULT_CACHE_ENTRIES). */
const MAX_PER_KIND = 12_000;

const q = encodeURIComponent;

/** mulberry32: a small seeded generator, so that runs are comparable. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** How a transfer file or a customer form writes a branch: with its 支店 unless it names itself otherwise. */
function writtenBranchName(branch: Branch): string {
  return /(?:支店|本店|営業部|出張所|支所|事務所|センター)$/u.test(branch.name) ? branch.name : `${branch.name}支店`;
}

let built: Map<DistinctKind, readonly DistinctRequest[]> | undefined;

/** The requests of each kind, in the order they are sent. */
export function distinctRequests(): ReadonlyMap<DistinctKind, readonly DistinctRequest[]> {
  if (built) return built;
  const directory = loadBundledDirectory();
  const next = random(20260824);
  const pairs: { bank: Bank; branch: Branch }[] = [];
  for (const bank of directory.banks) for (const branch of directory.branches(bank.code)) pairs.push({ bank, branch });
  shuffle(pairs, next);

  // Every branch by its codes, in random order: 28,944 lookups.
  const branch = pairs.map(({ bank, branch }) => ({ method: 'GET' as const, path: `/v3/banks/${bank.code}/branches/${branch.code}` }));

  // What a sign-up form's users type: 2 to 6 first characters of a reading or a name.
  const bankQueries = new Set<string>();
  for (const bank of directory.banks) {
    for (const n of [2, 3, 4, 5, 6]) {
      if (bank.hiragana.length >= n) bankQueries.add(bank.hiragana.slice(0, n));
      if (bank.name.length >= n) bankQueries.add(bank.name.slice(0, n));
    }
  }
  const freewordBanks = shuffle([...bankQueries], next)
    .slice(0, MAX_PER_KIND)
    .map((text) => ({ method: 'GET' as const, path: `/v3/freeword/banks?freeword=${q(text)}` }));

  const branchQueries = new Set<string>();
  for (const { bank, branch } of pairs) {
    if (branchQueries.size >= MAX_PER_KIND) break;
    const n = 2 + Math.floor(next() * 3);
    const text = next() < 0.5 ? branch.hiragana.slice(0, n) : branch.name.slice(0, n);
    if (text.length >= 2) branchQueries.add(`${bank.code}\t${text}`);
  }
  const freewordBranches = [...branchQueries].map((key) => {
    const [code, text] = key.split('\t') as [string, string];
    return { method: 'GET' as const, path: `/v3/freeword/banks/${code}/branches?freeword=${q(text)}` };
  });

  // A random bank's branches, a page of 1 to 30 of them; no bank and page size twice.
  const lists = new Set<string>();
  while (lists.size < MAX_PER_KIND) {
    const bank = directory.banks[Math.floor(next() * directory.banks.length)]!;
    lists.add(`/v3/banks/${bank.code}/branches?limit=${1 + Math.floor(next() * 30)}`);
  }
  const branchList = [...lists].map((path) => ({ method: 'GET' as const, path }));

  // Names as files hold them: the full name and the branch with its 支店; the half-width kana
  // of a transfer file; the short form a person types (みずほ, 城南信金). Every branch once: a
  // list as long as a run's Resolve requests, so that few are asked twice and answered from the
  // result cache. Two branches of a bank may share a name: each body once.
  const resolveBodies = new Set<string>();
  for (const [i, { bank, branch }] of pairs.entries()) {
    const style = i % 3;
    const names =
      style === 0
        ? { bank_name: bank.name, branch_name: writtenBranchName(branch) }
        : style === 1
          ? { bank_name: bank.halfWidthKana, branch_name: branch.halfWidthKana }
          : { bank_name: bank.name.replace(/銀行$/u, '').replace(/信用金庫$/u, '信金').replace(/信用組合$/u, '信組'), branch_name: branch.name };
    resolveBodies.add(JSON.stringify(names));
  }
  const resolve = [...resolveBodies].map((body) => ({ method: 'POST' as const, path: '/resolve/v1/bank-branch', body }));

  built = new Map<DistinctKind, readonly DistinctRequest[]>([
    ['branch', branch],
    ['freeword-banks', freewordBanks],
    ['freeword-branches', freewordBranches],
    ['branch-list', branchList],
    ['resolve', resolve],
  ]);
  return built;
}

/** The kinds taken in turn, one request of each after the other: the mixed stream. */
export function mixedRequests(): readonly DistinctRequest[] {
  const lists = [...distinctRequests().values()];
  const longest = Math.max(...lists.map((l) => l.length));
  const mixed: DistinctRequest[] = [];
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) mixed.push(list[i]!);
  return mixed;
}

import { loadBundledDirectory } from '../src/dataset/bundled.js';

/** What the bench measures, each with its DESIGN.md §6 target as a ratio of the bare server's throughput. */
export interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  /** Minimum throughput ratio against the bare server (DESIGN.md §6). */
  readonly target: number;
  /** A p99 bound in ms, where the issue sets one. */
  readonly p99Target?: number;
  /**
   * Further paths each connection cycles through after `path`, every request made unique with
   * a cache-busting `_` parameter (ignored by the Search API, like jQuery's): every answer is a
   * first one, computed and serialized, as for a client whose queries don't repeat.
   */
  readonly uncached?: () => readonly string[];
  /** Reported for information: the target applies to the scenario's repeated-request twin. */
  readonly informational?: true;
}

const q = encodeURIComponent;

let prefixQueries: string[] | undefined;

/** Distinct queries a sign-up form's users type: 2- to 4-character prefixes of bank readings. */
function bankPrefixQueries(): string[] {
  if (prefixQueries) return prefixQueries;
  const prefixes = new Set<string>();
  for (const bank of loadBundledDirectory().banks) for (const n of [2, 3, 4]) prefixes.add(bank.hiragana.slice(0, n));
  prefixQueries = [...prefixes].slice(0, UNCACHED_QUERIES).map((p) => `/v3/freeword/banks?freeword=${q(p)}`);
  return prefixQueries;
}

/** More than the result cache keeps (RESULT_CACHE_ENTRIES), so cycling through them always misses. */
const UNCACHED_QUERIES = 1_500;

export const SCENARIOS: readonly Scenario[] = [
  { name: 'lookup /v3/banks/0001', method: 'GET', path: '/v3/banks/0001', target: 0.75 },
  { name: 'list /v3/banks?limit=20', method: 'GET', path: '/v3/banks?limit=20', target: 0.5 },
  { name: 'list branches of 0005, limit 100', method: 'GET', path: '/v3/banks/0005/branches?limit=100', target: 0.5 },
  { name: 'filter name==*信用* over banks', method: 'GET', path: `/v3/banks?filter=${q('name==*信用*')}`, target: 0.5, p99Target: 50 },
  { name: 'filter =re= over 0005 branches', method: 'GET', path: `/v3/banks/0005/branches?limit=100&filter=${q('name=re="(駅前|中央)$"')}`, target: 0.5, p99Target: 50 },
  { name: 'freeword banks みずほ', method: 'GET', path: `/v3/freeword/banks?freeword=${q('みずほ')}`, target: 0.5 },
  { name: 'freeword 0005 branches とうきょう', method: 'GET', path: `/v3/freeword/banks/0005/branches?freeword=${q('とうきょう')}`, target: 0.5 },
  { name: 'freeword banks, 1,500 first queries', method: 'GET', path: `/v3/freeword/banks?freeword=${q('みず')}`, uncached: bankPrefixQueries, target: 0.5, informational: true },
  { name: 'history /history/v1/updates', method: 'GET', path: '/history/v1/updates', target: 0.5 },
  {
    name: 'resolve みずほ / 東京営業部',
    method: 'POST',
    path: '/resolve/v1/bank-branch',
    body: JSON.stringify({ bank_name: 'みずほ', branch_name: '東京営業部' }),
    target: 0.5,
  },
];

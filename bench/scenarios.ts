/** What the bench measures, each with its target as a ratio of the bare server's throughput. */
import { type DistinctRequest, distinctRequests, mixedRequests } from './distinct.js';

export interface Scenario {
  readonly name: string;
  /** The request of a repeated scenario; for a distinct one, the first of its requests (probed). */
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string | undefined;
  /** Minimum throughput ratio against the bare server. */
  readonly target: number;
  /** A p99 bound in ms, where one is set. */
  readonly p99Target?: number;
  /** The ratio is reported, but only the p99 bound decides. */
  readonly ratioReported?: true;
  /** Distinct requests (distinct.ts), each sent once before any repeats, instead of `path`. */
  readonly distinct?: () => readonly DistinctRequest[];
  /**
   * The target of #24 (TARGETS) this scenario's figure counts in: its ratio, or for `resolve`
   * its p99 at half load. None for the bench's own targets: repeated Resolve, distinct freeword
   * over a bank's branches, and the filters' p99 at saturation (`p99Target` there).
   */
  readonly counts?: Exclude<TargetId, 'memory' | 'startup'>;
}

const q = encodeURIComponent;

/**
 * #24's targets, in the words of the table printed beside the figures (report.ts). A scenario
 * names the one its figure counts in (Scenario.counts); bench/tally.ts counts the runs that met
 * each.
 */
export const TARGETS = [
  { id: 'lookup', words: 'lookup, repeated', bound: '≥ 0.85' },
  { id: 'repeated', words: 'lists, freeword, filters, repeated', bound: '≥ 0.75' },
  { id: 'mixed', words: 'distinct mixed stream', bound: '≥ 0.50' },
  { id: 'alone', words: 'distinct branch lookups / freeword prefixes / branch lists, each alone', bound: '≥ 0.60' },
  { id: 'resolve', words: 'distinct Resolve calls', bound: "p99 ≤ 5 ms at half of Ginko's own throughput, ratio reported" },
  { id: 'memory', words: 'peak resident memory over the whole bench', bound: '≤ 200 MB' },
  { id: 'startup', words: 'restart to ready / first start', bound: '≤ 0.8 s / ≤ 2.5 s' },
] as const;
export type TargetId = (typeof TARGETS)[number]['id'];

/** A full run's load per scenario, unless --duration, --rounds or --quick say otherwise (run.ts); bench/tally.ts counts only runs made so. */
export const FULL_RUN = { seconds: 6, rounds: 6 } as const;

export const STARTUP_TARGETS_MS = { restart: 800, firstStart: 2500 } as const;
export const PEAK_RSS_TARGET_MB = 200;

/**
 * The calibration's busy work per request, in µs (run.ts): about what the lookup's kept answer
 * costs beyond the bare server's work, and about what computing a distinct answer costs.
 */
export const CALIBRATION_WORK_US: readonly number[] = [10, 25];

function distinctScenario(name: string, target: number, requests: () => readonly DistinctRequest[], extra: Partial<Scenario> = {}): Scenario {
  return {
    name,
    // Probed, and answered from this first request: the bench checks the kind is available.
    get method() {
      return requests()[0]!.method;
    },
    get path() {
      return requests()[0]!.path;
    },
    get body() {
      return requests()[0]!.body;
    },
    target,
    distinct: requests,
    ...extra,
  };
}

const kind = (k: Parameters<ReturnType<typeof distinctRequests>['get']>[0]) => () => distinctRequests().get(k)!;

/** The repeated lookup: also the bytes of the calibration (run.ts). */
export const LOOKUP: Scenario = { name: 'lookup /v3/banks/0001', method: 'GET', path: '/v3/banks/0001', target: 0.85, counts: 'lookup' };

export const SCENARIOS: readonly Scenario[] = [
  LOOKUP,
  { name: 'list /v3/banks?limit=20', method: 'GET', path: '/v3/banks?limit=20', target: 0.75, counts: 'repeated' },
  { name: 'list branches of 0005, limit 100', method: 'GET', path: '/v3/banks/0005/branches?limit=100', target: 0.75, counts: 'repeated' },
  { name: 'filter name==*信用* over banks', method: 'GET', path: `/v3/banks?filter=${q('name==*信用*')}`, target: 0.75, p99Target: 50, counts: 'repeated' },
  { name: 'filter =re= over 0005 branches', method: 'GET', path: `/v3/banks/0005/branches?limit=100&filter=${q('name=re="(駅前|中央)$"')}`, target: 0.75, p99Target: 50, counts: 'repeated' },
  { name: 'freeword banks みずほ', method: 'GET', path: `/v3/freeword/banks?freeword=${q('みずほ')}`, target: 0.75, counts: 'repeated' },
  { name: 'freeword 0005 branches とうきょう', method: 'GET', path: `/v3/freeword/banks/0005/branches?freeword=${q('とうきょう')}`, target: 0.75, counts: 'repeated' },
  { name: 'history /history/v1/updates', method: 'GET', path: '/history/v1/updates', target: 0.75, counts: 'repeated' },
  { name: 'resolve みずほ / 東京営業部', method: 'POST', path: '/resolve/v1/bank-branch', body: JSON.stringify({ bank_name: 'みずほ', branch_name: '東京営業部' }), target: 0.75 },
  distinctScenario('distinct mixed stream', 0.5, mixedRequests, { counts: 'mixed' }),
  distinctScenario('distinct branch by code', 0.6, kind('branch'), { counts: 'alone' }),
  distinctScenario('distinct freeword banks, prefixes', 0.6, kind('freeword-banks'), { counts: 'alone' }),
  distinctScenario("distinct freeword a bank's branches", 0.6, kind('freeword-branches')),
  distinctScenario('distinct branch lists, random banks', 0.6, kind('branch-list'), { counts: 'alone' }),
  distinctScenario('distinct resolve, names as in files', 0, kind('resolve'), { p99Target: 5, ratioReported: true, counts: 'resolve' }),
];

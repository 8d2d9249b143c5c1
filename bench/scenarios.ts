/**
 * What the bench measures and the targets it holds Ginko to (docs/benchmarks.md): each a ratio
 * of Ginko's throughput to a bare node:https server answering the same bytes in the same run.
 * This table is the one place the targets are written; the report and `--check` read it.
 */
import { type DistinctKind, type DistinctRequest, distinctRequests, mixedRequests } from './distinct.js';
import { PAYEE_ITEMS_PER_REQUEST, payeeRequestBody } from './payee.js';

export interface Scenario {
  readonly name: string;
  /** The request of a repeated scenario; for a distinct one, the first of its requests. */
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string | undefined;
  /** The least ratio to the bare server's throughput that passes; undefined: reported only. */
  readonly target: number | undefined;
  /** Distinct requests (distinct.ts), each sent once in turn, instead of repeating `path`. */
  readonly distinct?: () => readonly DistinctRequest[];
  /** Records each request carries (payee checks): the report gives records per second too. */
  readonly itemsPerRequest?: number;
  /** Concurrent connections, where the run's default would only queue requests (a request of 1,000 records takes tens of ms). */
  readonly connections?: number;
}

/** Every repeated scenario (lookups, lists, freeword, filters, History). */
export const REPEATED_TARGET = 0.7;
/** The distinct mixed stream. */
export const MIXED_TARGET = 0.45;
/** Each distinct GET kind alone. */
export const DISTINCT_GET_TARGET = 0.5;
/** Peak resident memory of the serving process over the whole bench. */
export const PEAK_RSS_TARGET_MB = 200;
/**
 * Fairness: while FAIRNESS_HEAVY_CLIENTS of one unlimited key send the most expensive requests
 * they may, another key's plain lookups keep a p99 within this many times their p99 alone.
 */
export const FAIRNESS_TARGET = 10;
export const FAIRNESS_HEAVY_CLIENTS = 4;

const q = encodeURIComponent;

function repeated(name: string, path: string, method: 'GET' | 'POST' = 'GET', body?: string): Scenario {
  return { name, method, path, body, target: REPEATED_TARGET };
}

function distinct(name: string, target: number | undefined, requests: () => readonly DistinctRequest[]): Scenario {
  const first = () => requests()[0]!;
  return {
    name,
    get method() {
      return first().method;
    },
    get path() {
      return first().path;
    },
    get body() {
      return first().body;
    },
    target,
    distinct: requests,
  };
}

const kind = (k: DistinctKind) => () => distinctRequests().get(k)!;

let payeeBody: string | undefined;

/** Payee checks (bench/payee.ts), reported only; the body (real codes of the bundled data) made on first use. */
function payeeChecks(): Scenario {
  return {
    name: 'payee checks, 1,000 records a request',
    method: 'POST',
    path: '/accounts/v1/validate',
    get body() {
      payeeBody ??= payeeRequestBody();
      return payeeBody;
    },
    target: undefined,
    itemsPerRequest: PAYEE_ITEMS_PER_REQUEST,
    // As many as the 2 cores can keep busy: more only wait in line, and a round of 2 s would end
    // before the first answers of 50 came back.
    connections: 4,
  };
}

/** The repeated lookup, also the plain lookup of the fairness scenario (run.ts). */
export const LOOKUP = repeated('lookup /v3/banks/0001', '/v3/banks/0001');

export const SCENARIOS: readonly Scenario[] = [
  LOOKUP,
  repeated('list /v3/banks?limit=20', '/v3/banks?limit=20'),
  repeated('list branches of 0005, limit 100', '/v3/banks/0005/branches?limit=100'),
  repeated('filter name==*信用* over banks', `/v3/banks?filter=${q('name==*信用*')}`),
  repeated('filter =re= over 0005 branches', `/v3/banks/0005/branches?limit=100&filter=${q('name=re="(駅前|中央)$"')}`),
  repeated('freeword banks みずほ', `/v3/freeword/banks?freeword=${q('みずほ')}`),
  repeated('freeword 0005 branches とうきょう', `/v3/freeword/banks/0005/branches?freeword=${q('とうきょう')}`),
  repeated('history /history/v1/updates', '/history/v1/updates'),
  repeated('resolve みずほ / 東京営業部', '/resolve/v1/bank-branch', 'POST', JSON.stringify({ bank_name: 'みずほ', branch_name: '東京営業部' })),
  distinct('distinct mixed stream', MIXED_TARGET, mixedRequests),
  distinct('distinct branch by code', DISTINCT_GET_TARGET, kind('branch')),
  distinct('distinct freeword banks, prefixes', DISTINCT_GET_TARGET, kind('freeword-banks')),
  distinct("distinct freeword a bank's branches", DISTINCT_GET_TARGET, kind('freeword-branches')),
  distinct('distinct branch lists, random banks', DISTINCT_GET_TARGET, kind('branch-list')),
  distinct('distinct resolve, names as in files', undefined, kind('resolve')),
  payeeChecks(),
];

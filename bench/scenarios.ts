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
}

const q = encodeURIComponent;

export const SCENARIOS: readonly Scenario[] = [
  { name: 'lookup /v3/banks/0001', method: 'GET', path: '/v3/banks/0001', target: 0.75 },
  { name: 'list /v3/banks?limit=20', method: 'GET', path: '/v3/banks?limit=20', target: 0.5 },
  { name: 'list branches of 0005, limit 100', method: 'GET', path: '/v3/banks/0005/branches?limit=100', target: 0.5 },
  { name: 'filter name==*信用* over banks', method: 'GET', path: `/v3/banks?filter=${q('name==*信用*')}`, target: 0.5, p99Target: 50 },
  { name: 'filter =re= over 0005 branches', method: 'GET', path: `/v3/banks/0005/branches?limit=100&filter=${q('name=re="(駅前|中央)$"')}`, target: 0.5, p99Target: 50 },
  { name: 'freeword banks みずほ', method: 'GET', path: `/v3/freeword/banks?freeword=${q('みずほ')}`, target: 0.5 },
  { name: 'freeword 0005 branches とうきょう', method: 'GET', path: `/v3/freeword/banks/0005/branches?freeword=${q('とうきょう')}`, target: 0.5 },
  { name: 'history /history/v1/updates', method: 'GET', path: '/history/v1/updates', target: 0.5 },
  {
    name: 'resolve みずほ / 東京営業部',
    method: 'POST',
    path: '/resolve/v1/bank-branch',
    body: JSON.stringify({ bank_name: 'みずほ', branch_name: '東京営業部' }),
    target: 0.5,
  },
];

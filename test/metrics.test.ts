/**
 * /metrics: requests by route pattern and status, latency histograms, access denials and
 * rate-limit rejections, the dataset gauges following a runtime swap, resolve decisions, one
 * registry per app, and who may read it.
 */
import { Snapshot } from '../src/dataset/snapshot.js';
import assert from 'node:assert/strict';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Histogram } from 'prom-client';
import { after, before, describe, it } from 'node:test';
import { writeMaintenance } from '../src/store/maintenance-setting.js';
import { buildDirectory } from '../src/dataset/build.js';
import { installedPackageDir, readZenginPackage } from '../src/dataset/zengin.js';
import { GC_PAUSES_METRIC } from '../src/metrics/gc-pauses.js';
import { createMetrics } from '../src/metrics/metrics.js';
import { LATENCY_BUCKETS_SECONDS } from '../src/metrics/request-stats.js';
import { startTestApp, type TestApp } from './support/app.js';

/** Every sample of the exposition text as `name{labels}` → value; also checks each line's syntax. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$/.exec(line);
    assert.ok(m, `not a Prometheus sample line: ${line}`);
    out.set(m[1]! + (m[2] ?? ''), Number(m[3]));
  }
  return out;
}

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<Map<string, number>> {
  const res = await t.app.inject({ url: '/metrics', headers });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
  return samples(res.body);
}

const get = (t: TestApp, url: string, headers: Record<string, string> = { 'x-api-key': t.key }, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url, headers });

describe('request metrics', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('counts responses by route pattern, method and status, never by raw URL', async () => {
    for (const url of ['/v3/banks/0001', '/v3/banks/0005', '/v3/banks/9999', '/v3/banks/00x1']) await get(t, url);
    await get(t, '/v3/banks/0001', { 'x-api-key': t.key }, 'HEAD');
    await get(t, '/v3/banks/0001', { 'x-api-key': t.key }, 'POST');
    await get(t, '/v3/banks/0001', {});
    await get(t, '/v3/banks/0001/branches?limit=2');
    for (const url of ['/no/such/path', '/v3/banks/0001/nothing', '/wp-login.php']) await get(t, url);
    const m = await scrape(t);
    const requests = [...m].filter(([k]) => k.startsWith('ginko_http_requests_total')).sort(([a], [b]) => a.localeCompare(b));
    assert.deepEqual(requests, [
      ['ginko_http_requests_total{method="GET",route="/v3/banks/:bankCode/branches",status="200"}', 1],
      ['ginko_http_requests_total{method="GET",route="/v3/banks/:code",status="200"}', 2],
      ['ginko_http_requests_total{method="GET",route="/v3/banks/:code",status="400"}', 1],
      ['ginko_http_requests_total{method="GET",route="/v3/banks/:code",status="401"}', 1],
      ['ginko_http_requests_total{method="GET",route="/v3/banks/:code",status="404"}', 1],
      ['ginko_http_requests_total{method="GET",route="unmatched",status="404"}', 3],
      ['ginko_http_requests_total{method="HEAD",route="/v3/banks/:code",status="200"}', 1],
      ['ginko_http_requests_total{method="POST",route="/v3/banks/:code",status="405"}', 1],
    ]);
  });

  it('keeps a latency histogram per route and method whose buckets add up', async () => {
    const m = await scrape(t);
    const series = 'method="GET",route="/v3/banks/:code"';
    const count = m.get(`ginko_http_request_duration_seconds_count{${series}}`)!;
    assert.equal(count, 5);
    assert.equal(m.get(`ginko_http_request_duration_seconds_bucket{${series},le="+Inf"}`), count);
    let previous = 0;
    for (const le of LATENCY_BUCKETS_SECONDS) {
      const value = m.get(`ginko_http_request_duration_seconds_bucket{${series},le="${le}"}`)!;
      assert.ok(value >= previous, `bucket ${le} is cumulative`);
      previous = value;
    }
    const sum = m.get(`ginko_http_request_duration_seconds_sum{${series}}`)!;
    assert.ok(sum > 0 && sum < 5, `sum ${sum} s`);
    // The scrape before this one is counted too, under its own route.
    assert.equal(m.get('ginko_http_requests_total{method="GET",route="/metrics",status="200"}'), 1);
  });

  it('reports the dataset being served, and follows a snapshot swap at runtime', async () => {
    let m = await scrape(t);
    assert.equal(m.get('ginko_dataset_info{version="2026-08-24T00:00:00+0900"}'), 1);
    assert.equal(m.get('ginko_dataset_banks'), 1146);
    assert.equal(m.get('ginko_dataset_branches'), 28944);
    assert.equal(m.get('ginko_dataset_swaps_total'), 0);
    const loadedBefore = m.get('ginko_dataset_loaded_timestamp_seconds')!;
    assert.ok(Math.abs(loadedBefore - Date.now() / 1000) < 600);

    const older = buildDirectory(readZenginPackage(installedPackageDir('zengin-code-20260630')));
    t.snapshots.replace(new Snapshot(older));
    try {
      m = await scrape(t);
      assert.equal(m.get('ginko_dataset_info{version="2026-06-30T00:00:00+0900"}'), 1);
      assert.equal(m.has('ginko_dataset_info{version="2026-08-24T00:00:00+0900"}'), false, 'only the served version is reported');
      assert.equal(m.get('ginko_dataset_banks'), 1146);
      assert.equal(m.get('ginko_dataset_branches'), 28931);
      assert.equal(m.get('ginko_dataset_swaps_total'), 1);
      assert.ok(m.get('ginko_dataset_loaded_timestamp_seconds')! >= loadedBefore);
    } finally {
      t.snapshots.replace(new Snapshot(t.directory));
    }
  });

  it('has resolve decisions by type from the start, for the Resolve route to count', async () => {
    let m = await scrape(t);
    for (const decision of ['auto_confirm', 'needs_review', 'ambiguous', 'unresolved']) assert.equal(m.get(`ginko_resolve_decisions_total{decision="${decision}"}`), 0);
    t.app.metrics.resolveDecisions.inc({ decision: 'needs_review' });
    t.app.metrics.resolveDecisions.inc({ decision: 'needs_review' });
    m = await scrape(t);
    assert.equal(m.get('ginko_resolve_decisions_total{decision="needs_review"}'), 2);
    assert.equal(m.get('ginko_resolve_decisions_total{decision="auto_confirm"}'), 0);
  });

  it('reports maintenance and where rate-limit counters live', async () => {
    const m = await scrape(t);
    assert.equal(m.get('ginko_maintenance'), 0);
    assert.equal(m.get('ginko_rate_limit_store_up{store="memory"}'), 1);
    assert.equal(m.get('ginko_info{version="0.1.0"}'), 1);
  });
});

describe('access denials and rate-limit rejections', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('counts 429s per bucket and every refusal by reason', async () => {
    const { key } = await t.keys.create({ plan: 'free', name: 'metrics test' });
    assert.equal((await get(t, '/v3/banks/0001', { 'x-api-key': key })).statusCode, 200);
    assert.equal((await get(t, '/v3/banks/0001', { 'x-api-key': key })).statusCode, 429);
    assert.equal((await get(t, '/v3/version', { 'x-api-key': key })).statusCode, 429);
    assert.equal((await get(t, '/history/v1/updates', {})).statusCode, 401);
    assert.equal((await get(t, '/v3/version', { 'x-api-key': 'gk_' + 'A'.repeat(32) })).statusCode, 401);
    const { key: restricted } = await t.keys.create({ plan: 'pro', name: 'restricted', ips: ['203.0.113.0/24'] });
    assert.equal((await get(t, '/v3/banks/0001', { 'x-api-key': restricted })).statusCode, 403);

    const m = await scrape(t);
    assert.equal(m.get('ginko_rate_limit_rejections_total{bucket="search"}'), 2);
    assert.equal(m.has('ginko_rate_limit_rejections_total{bucket="history"}'), false);
    assert.equal(m.get('ginko_access_denials_total{bucket="search",reason="rate_limited"}'), 2);
    assert.equal(m.get('ginko_access_denials_total{bucket="history",reason="missing"}'), 1);
    assert.equal(m.get('ginko_access_denials_total{bucket="search",reason="invalid"}'), 1);
    assert.equal(m.get('ginko_access_denials_total{bucket="search",reason="ip_not_allowed"}'), 1);
  });

  it('counts maintenance refusals while /metrics itself keeps answering', async () => {
    await writeMaintenance(t.store.db, true);
    const m2 = await startTestApp({ store: t.store, maintenance: true });
    try {
      assert.equal((await get(m2, '/v3/banks/0001')).statusCode, 503);
      const m = await scrape(m2);
      assert.equal(m.get('ginko_maintenance'), 1);
      assert.equal(m.get('ginko_access_denials_total{bucket="search",reason="maintenance"}'), 1);
      assert.equal(m.get('ginko_http_requests_total{method="GET",route="/v3/banks/:code",status="503"}'), 1);
    } finally {
      await writeMaintenance(t.store.db, false);
      await m2.close();
    }
  });
});

describe('one registry per app', () => {
  it('keeps the counts of two apps in one process apart', async () => {
    const [a, b] = await Promise.all([startTestApp(), startTestApp()]);
    try {
      await get(a, '/v3/banks/0001');
      await get(a, '/v3/banks/0001');
      await get(b, '/v3/banks/0001');
      assert.equal((await scrape(a)).get('ginko_http_requests_total{method="GET",route="/v3/banks/:code",status="200"}'), 2);
      assert.equal((await scrape(b)).get('ginko_http_requests_total{method="GET",route="/v3/banks/:code",status="200"}'), 1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('who may read /metrics', () => {
  it('key: needs a valid key within its restrictions, is not rate limited, and works in maintenance', async () => {
    const t = await startTestApp({ metrics: { access: 'key' }, maintenance: true });
    try {
      const missing = await t.app.inject({ url: '/metrics' });
      assert.equal(missing.statusCode, 401);
      assert.deepEqual(JSON.parse(missing.body), {
        httpStatusCode: 401,
        code: 'INVALID_API_KEY',
        message: 'an API key is required: send it in the x-api-key header or the apikey query parameter',
        validationErrors: [],
      });
      assert.equal((await t.app.inject({ url: '/metrics', headers: { 'x-api-key': 'gk_' + 'B'.repeat(32) } })).statusCode, 401);
      const { key: free } = await t.keys.create({ plan: 'free', name: 'prometheus' });
      // Prometheus sends `authorization: Bearer …`; three scrapes in a second exceed free's 1/s.
      for (let i = 0; i < 3; i++) await scrape(t, { authorization: `Bearer ${free}` });
      const { key: elsewhere } = await t.keys.create({ plan: 'free', name: 'elsewhere', ips: ['203.0.113.7'] });
      const refused = await t.app.inject({ url: '/metrics', headers: { 'x-api-key': elsewhere } });
      assert.equal(refused.statusCode, 403);
      assert.equal(JSON.parse(refused.body).message, 'the API key is not allowed from this IP address');
    } finally {
      await t.close();
    }
  });

  it('off: no endpoint and no per-request recording', async () => {
    const t = await startTestApp({ metrics: { access: 'off' } });
    try {
      await get(t, '/v3/banks/0001');
      const res = await t.app.inject({ url: '/metrics' });
      assert.equal(res.statusCode, 404);
      assert.equal(JSON.parse(res.body).message, 'no resource at GET /metrics');
      assert.equal([...t.app.metrics.requests.all()].length, 0);
    } finally {
      await t.close();
    }
  });
});

describe('process metrics', () => {
  it('count every pause of the collector, several of which Node delivers in one batch', async () => {
    const metrics = createMetrics({}, { processMetrics: true });
    let seen = 0;
    let batches = 0;
    const observer = new PerformanceObserver((list) => {
      seen += list.getEntries().length;
      batches++;
    });
    observer.observe({ entryTypes: ['gc'] });
    // Node hands pauses to observers after the turn they happened in.
    const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));
    const counted = async () => {
      const { values } = await (metrics.registry.getSingleMetric(GC_PAUSES_METRIC) as Histogram).get();
      return values.filter((v) => v.metricName === `${GC_PAUSES_METRIC}_count`).reduce((n, v) => n + v.value, 0);
    };
    try {
      await delivered();
      // Read together: observers run only in a later turn, not between these awaits.
      const [seenBefore, batchesBefore, countedBefore] = [seen, batches, await counted()];
      // Young collections, one after another in one turn: Node delivers them as one batch.
      let kept: object[] = [];
      for (let i = 0; i < 3_000_000; i++) {
        kept.push({ i });
        if (kept.length === 100_000) kept = [];
      }
      await delivered();
      const pauses = seen - seenBefore;
      assert.ok(pauses > batches - batchesBefore, `${pauses} pauses in ${batches - batchesBefore} batches`);
      assert.equal((await counted()) - countedBefore, pauses);
      const text = await metrics.render();
      assert.equal(text.split('\n').filter((line) => line === `# TYPE ${GC_PAUSES_METRIC} histogram`).length, 1);
      assert.match(text, new RegExp(`^${GC_PAUSES_METRIC}_count\\{kind="minor"\\} [1-9]`, 'm'));
    } finally {
      observer.disconnect();
    }
  });
});

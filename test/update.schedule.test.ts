/**
 * Servers that update themselves (`ginko serve --update-interval`): two replicas on one
 * PostgreSQL database import a newer version once between them and both serve it; a check
 * that fails is counted in /metrics and the server keeps serving.
 */
import { LOOPBACK_PROXIES, trustedProxies } from '../src/access/trusted-proxies.js';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from '../src/cli/serve.js';
import { datasetAgeSeconds } from '../src/metrics/dataset-updates.js';
import { openStore } from '../src/store/open.js';
import { raw } from './support/raw-diff.js';
import { npmPack, packBundled, type PackedVersion, TestRegistry, writePackageDir } from './support/registry.js';
import { closedPort, createPostgresDatabase } from './support/services.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-schedule-');

let registry: TestRegistry;
let newer: PackedVersion;

before(async () => {
  const out = tempDir();
  const [current] = await packBundled(out, ['zengin-code']);
  const data = structuredClone(raw('zengin-code'));
  data['0010']!.branches['725']!.name = '市ヶ谷駅前';
  newer = await npmPack(writePackageDir(out, '2026-10-31', data), out);
  registry = await new TestRegistry().start();
  registry.publish(current!);
  registry.latest = current!.version;
});
after(() => registry.close());

/** GET over plain HTTP, as a TLS-terminating proxy would forward it. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'x-forwarded-proto': 'https' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

const metric = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(name + ' '));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

async function until(what: string, ready: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const replicaConfig = (extra: { databaseUrl?: string; registry: string; updateInterval: number }) => ({
  dataDir: tempDir(),
  port: 0,
  host: '127.0.0.1',
  // Plain HTTP behind a (loopback) proxy: no certificate to make for each replica.
  trustProxy: trustedProxies(LOOPBACK_PROXIES),
  logLevel: 'silent',
  pollInterval: 1,
  ...extra,
});

describe('scheduled updates', () => {
  it('two replicas on one PostgreSQL database import a newer version once, and both serve it', async (t) => {
    const db = await createPostgresDatabase();
    if ('skip' in db) return t.skip(db.skip);
    const servers: RunningServer[] = [];
    try {
      const config = { databaseUrl: db.url, registry: registry.url, updateInterval: 1000 };
      servers.push(await serve(replicaConfig(config), () => {}));
      servers.push(await serve(replicaConfig(config), () => {}));
      // Both have checked at least once and found nothing newer.
      await until('a first check', async () => (await Promise.all(servers.map((s) => get(`${s.url}/metrics`)))).some((m) => /ginko_dataset_update_checks_total\{outcome="current"\} [1-9]/.test(m.body)));
      registry.publish(newer);
      await until('both replicas on 2026-10-31', async () => (await Promise.all(servers.map((s) => get(`${s.url}/healthz`)))).every((h) => h.body.includes('"version":"2026-10-31T00:00:00+0900"')));
      // Let both replicas check again after the import.
      await new Promise((r) => setTimeout(r, 2500));
      const metrics = await Promise.all(servers.map(async (s) => (await get(`${s.url}/metrics`)).body));
      const updated = metrics.map((m) => metric(m, 'ginko_dataset_update_checks_total{outcome="updated"}'));
      assert.deepEqual(updated.slice().sort(), [0, 1]);
      for (const m of metrics) {
        assert.ok(Math.abs(metric(m, 'ginko_dataset_age_seconds')! - datasetAgeSeconds('2026-10-31')) <= 2, m);
        assert.ok(Math.abs(metric(m, 'ginko_dataset_update_last_success_timestamp_seconds')! - Date.now() / 1000) < 10, m);
        assert.equal(metric(m, 'ginko_dataset_update_checks_total{outcome="unreachable"}'), 0);
      }
      const store = await openStore({ dataDir: tempDir(), databaseUrl: db.url });
      try {
        const imports = await store.db.selectFrom('updates').select(['update_id', 'run_type', 'source']).where('run_type', '=', 'import').execute();
        assert.deepEqual(imports, [{ update_id: 'upd-20261031', run_type: 'import', source: `${registry.url} zengin-code@1.0.0-p20261031` }]);
      } finally {
        await store.close();
      }
    } finally {
      for (const s of servers) await s.close();
      registry.unpublish(newer.version);
      await db.drop();
    }
  });

  it('counts a failed check in /metrics, keeps serving and tries again at the next interval', async () => {
    const server = await serve(replicaConfig({ registry: `http://127.0.0.1:${await closedPort()}/`, updateInterval: 1000 }), () => {});
    try {
      await until('two failed checks', async () => (metric((await get(`${server.url}/metrics`)).body, 'ginko_dataset_update_checks_total{outcome="unreachable"}') ?? 0) >= 2);
      const health = await get(`${server.url}/healthz`);
      assert.equal(health.status, 200);
      assert.match(health.body, /"version":"2026-08-24T00:00:00\+0900"/);
      const m = (await get(`${server.url}/metrics`)).body;
      assert.equal(metric(m, 'ginko_dataset_update_last_success_timestamp_seconds'), 0);
      assert.equal(metric(m, 'ginko_dataset_update_checks_total{outcome="updated"}'), 0);
      assert.ok(Math.abs(metric(m, 'ginko_dataset_age_seconds')! - datasetAgeSeconds('2026-08-24')) <= 2, m);
    } finally {
      await server.close();
    }
  });
});

/**
 * `npm run bench`: Ginko against a bare node:https server answering the same bytes, in one run,
 * reported as ratios (DESIGN.md §6; docs/benchmarks.md). Options:
 *   --duration S      seconds of load on each server per scenario (default 6), in --rounds turns
 *   --rounds N        turns per scenario, bare and Ginko alternating (default 6); the ratio is
 *                     the median of the turns' ratios, so a machine that speeds up or slows
 *                     down during the run moves both sides of each ratio alike
 *   --connections N   concurrent connections (default 10)
 *   --only TEXT       only scenarios whose name contains TEXT
 *   --soak S          also a mixed soak of S seconds (throughput, latency, errors, memory growth)
 *   --scale           also the lookup on one replica against two replicas sharing the store
 *   --out FILE        where to write the JSON (default bench/results/<timestamp>.json)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { inProcessFigures } from './in-process.js';
import { combine, load, type LoadResult, median } from './load.js';
import { type Child, createKey, rssMb, startBare, startGinko } from './processes.js';
import { printTable, type ScenarioReport } from './report.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { soak } from './soak.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    soak: { type: 'string' },
    scale: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const seconds = Number(args.duration);
const rounds = Math.max(1, Math.min(Number(args.rounds), seconds));
const connections = Number(args.connections);

function fetchOnce(url: string, ca: string, scenario: Scenario, key: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url + scenario.path, { method: scenario.method, ca, headers: { 'x-api-key': key, 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end(scenario.body);
  });
}

/**
 * One replica against two on the same store (SQLite in WAL mode here; PostgreSQL behaves the
 * same for reads), the connections split between them: the scaling ratio of the lookup.
 */
async function scale(dataDir: string, one: Child, headers: Record<string, string>) {
  const options = { method: 'GET' as const, headers, connections, seconds };
  const single = await load({ ...options, url: `${one.url}/v3/banks/0001` });
  const second = await startGinko(dataDir);
  try {
    const half = { ...options, connections: Math.max(1, Math.floor(connections / 2)) };
    const [x, y] = await Promise.all([load({ ...half, url: `${one.url}/v3/banks/0001` }), load({ ...half, url: `${second.url}/v3/banks/0001` })]);
    const both = x.requestsPerSecond + y.requestsPerSecond;
    return { oneReplica: single.requestsPerSecond, twoReplicas: both, ratio: Math.round((both / single.requestsPerSecond) * 100) / 100, memoryMbPerReplica: rssMb(second.process.pid!) };
  } finally {
    await second.stop();
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ginko-bench-'));
  const children: Child[] = [];
  try {
    // Cold start twice: the first seeds the history into a new store, the second is a restart.
    const first = await startGinko(dataDir);
    await first.stop();
    const ginko = await startGinko(dataDir);
    children.push(ginko);
    const key = createKey(dataDir, 'unlimited');
    const ca = readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8');
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };

    const scenarios = SCENARIOS.filter((s) => !args.only || s.name.includes(args.only));
    const bodies: Record<string, { type: string; body: string }> = {};
    const available: Scenario[] = [];
    const reports: ScenarioReport[] = [];
    for (const scenario of scenarios) {
      const probe = await fetchOnce(ginko.url, ca, scenario, key);
      if (probe.status !== 200) {
        reports.push({ name: scenario.name, available: false, note: `answers ${probe.status}: not available in this build` });
        continue;
      }
      bodies[scenario.path] = { type: probe.type, body: probe.body };
      for (const path of scenario.uncached?.() ?? []) {
        const each = await fetchOnce(ginko.url, ca, { ...scenario, path }, key);
        bodies[path] = { type: each.type, body: each.body };
      }
      available.push(scenario);
    }
    const bodiesFile = join(dataDir, 'bench-bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startBare(dataDir, bodiesFile);
    children.push(bare);

    for (const scenario of available) {
      const options = { method: scenario.method, headers, body: scenario.body, connections, uncached: scenario.uncached?.() };
      // Both servers warm (JIT, connections), then turns of equal length, bare first.
      await load({ ...options, url: bare.url + scenario.path, seconds: 1 });
      await load({ ...options, url: ginko.url + scenario.path, seconds: 1 });
      const turns: { bare: LoadResult; ginko: LoadResult }[] = [];
      for (let turn = 0; turn < rounds; turn++) {
        const turnSeconds = seconds / rounds;
        turns.push({ bare: await load({ ...options, url: bare.url + scenario.path, seconds: turnSeconds }), ginko: await load({ ...options, url: ginko.url + scenario.path, seconds: turnSeconds }) });
      }
      const bareResult = combine(turns.map((t) => t.bare));
      const ginkoResult = combine(turns.map((t) => t.ginko));
      const ratios = turns.map((t) => t.ginko.requestsPerSecond / t.bare.requestsPerSecond);
      const ratio = Math.round(median(ratios) * 100) / 100;
      const pass = (scenario.informational || ratio >= scenario.target) && (scenario.p99Target === undefined || ginkoResult.p99Ms <= scenario.p99Target) && ginkoResult.non2xx === 0 && ginkoResult.errors === 0;
      reports.push({ name: scenario.name, available: true, bytes: Buffer.byteLength(bodies[scenario.path]!.body), bare: bareResult, ginko: ginkoResult, ratio, ratios: ratios.map((r) => Math.round(r * 100) / 100), target: scenario.target, p99Target: scenario.p99Target, ...(scenario.informational ? { informational: true } : {}), pass });
    }

    const scaleReport = args.scale ? await scale(dataDir, ginko, headers) : undefined;
    const soakReport = args.soak ? await soak({ url: ginko.url, headers, scenarios: available, seconds: Number(args.soak), connections, pid: ginko.process.pid! }) : undefined;
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version, platform: process.platform },
      settings: { secondsPerServerAndScenario: seconds, rounds, connections },
      startup: { firstStartMs: Math.round(first.startMs), restartMs: Math.round(ginko.startMs), targetMs: 2000 },
      memory: { rssMbAfterLoad: rssMb(ginko.process.pid!), targetMb: 200 },
      scenarios: reports,
      inProcess: inProcessFigures(),
      ...(soakReport ? { soak: soakReport } : {}),
      ...(scaleReport ? { scale: scaleReport } : {}),
    };
    printTable(report);
    const out = args.out ?? join('bench', 'results', `${report.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
    process.stdout.write(`\nwritten to ${out}\n`);
  } finally {
    for (const child of children.reverse()) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

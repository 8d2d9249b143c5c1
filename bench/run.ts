/**
 * `npm run bench`: Ginko as `npm start` runs it (log level info, one line per response, the log
 * written to a file) against a bare node:https server answering the same bytes, in one run,
 * reported as ratios beside their targets (docs/benchmarks.md). Repeated scenarios send one
 * request over and over; distinct ones (distinct.ts) send requests that all differ. Options:
 *   --duration S      seconds of load on each server per scenario (default 6), in --rounds turns
 *   --rounds N        turns per scenario, bare and Ginko alternating (default 6); the ratio is
 *                     the median of the turns' ratios, so a machine that speeds up or slows
 *                     down during the run moves both sides of each ratio alike
 *   --connections N   concurrent connections (default 50)
 *   --quick           --duration 2 --rounds 2: a run of about two minutes
 *   --only TEXT       only scenarios whose name contains TEXT
 *   --soak S          also a mixed soak of S seconds (throughput, latency, errors, memory growth)
 *   --scale           also the lookup on one replica against two replicas sharing the store
 *   --out FILE        where to write the JSON (default bench/results/<timestamp>.json)
 * A run without --only ends with the calibration: the bare server against itself doing
 * CALIBRATION_WORK_US more busy work per request (scenarios.ts), which says how much a ratio
 * falls on this machine for each microsecond a server spends.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answerKey, fetchAll, fetchAnswer, type RecordedAnswer, writeRecordedAnswers } from './answer-key.js';
import { alternateAtRateApart } from './fixed-rate-process.js';
import { WARM_UP_SECONDS } from './fixed-rate.js';
import { inProcessFigures } from './in-process.js';
import { combine, load, type LoadResult, median, withUnique } from './load.js';
import { logLines } from './log-lines.js';
import { type Child, cpuFamily, cpuMs, createKey, ginkoRunsFrom, HELPER_NODE_OPTIONS, npmStartNodeOptions, rssMb, startBare, startGinko } from './processes.js';
import { type HalfLoad, printTable, type ScenarioReport } from './report.js';
import { CALIBRATION_WORK_US, FULL_RUN, LOOKUP, PEAK_RSS_TARGET_MB, SCENARIOS, STARTUP_TARGETS_MS, type Scenario } from './scenarios.js';
import { soak } from './soak.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string', default: '50' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    soak: { type: 'string' },
    scale: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const seconds = Number(args.duration ?? (args.quick ? 2 : FULL_RUN.seconds));
/** Turns of each server at half load (docs/benchmarks.md#latency-at-half-load). */
const HALF_LOAD_TURNS = 3;
/**
 * Each turn at half load: 10 s with the default 6 s duration (3 s with --quick), 30 s in all
 * per server. A p99 over a few seconds holds one mark-compact of the collector (every 20–60 s
 * at that rate) or none, and so was decided by whether one fell in it
 * (docs/benchmarks.md#latency-at-half-load).
 */
const halfLoadTurnSeconds = Math.max(2, Math.round((seconds * 5) / 3));
/**
 * The warm-up before the first turn at half load, which follows the saturated turns: 5 s (2 s
 * with --quick). Ginko's first turn after one second measured 18–36 ms at p99 in full runs,
 * its later turns 2.8–8.4 (docs/benchmarks.md#latency-at-half-load).
 */
const halfLoadFirstWarmUpSeconds = args.quick ? 2 : 5;
const rounds = Math.max(1, Math.min(Number(args.rounds ?? (args.quick ? 2 : FULL_RUN.rounds)), seconds));
const connections = Number(args.connections);

/**
 * One replica against two on the same store (SQLite in WAL mode here; PostgreSQL behaves the
 * same for reads), the connections split between them: the scaling ratio of the lookup.
 */
async function scale(dataDir: string, logFile: string, one: Child, headers: Record<string, string>) {
  const options = { method: 'GET' as const, headers, connections, seconds };
  const single = await load({ ...options, url: one.url + LOOKUP.path });
  const second = await startGinko(dataDir, logFile);
  try {
    const half = { ...options, connections: Math.max(1, Math.floor(connections / 2)) };
    const [x, y] = await Promise.all([load({ ...half, url: one.url + LOOKUP.path }), load({ ...half, url: second.url + LOOKUP.path })]);
    const both = x.requestsPerSecond + y.requestsPerSecond;
    return { oneReplica: single.requestsPerSecond, twoReplicas: both, ratio: Math.round((both / single.requestsPerSecond) * 100) / 100, memoryMbPerReplica: rssMb(second.process.pid!) };
  } finally {
    await second.stop();
  }
}

/**
 * Two servers under the same load: both warm (JIT, connections), then `rounds` turns of equal
 * length, `base` first. The ratio is other/base, the median of the turns' ratios.
 */
async function alternate(base: (seconds: number) => Promise<LoadResult>, other: (seconds: number) => Promise<LoadResult>) {
  await base(1);
  await other(1);
  const turns: { base: LoadResult; other: LoadResult }[] = [];
  for (let turn = 0; turn < rounds; turn++) {
    const turnSeconds = seconds / rounds;
    turns.push({ base: await base(turnSeconds), other: await other(turnSeconds) });
  }
  const ratios = turns.map((t) => t.other.requestsPerSecond / t.base.requestsPerSecond);
  return { base: combine(turns.map((t) => t.base)), other: combine(turns.map((t) => t.other)), ratios: ratios.map((r) => Math.round(r * 100) / 100), ratio: Math.round(median(ratios) * 100) / 100 };
}

/** `result` with the CPU time a server spent between two cpuMs readings over `requests` it answered, in µs each. */
function withCpuPerRequest(result: LoadResult, beforeMs: number | undefined, afterMs: number | undefined, requests = result.total): LoadResult {
  if (beforeMs === undefined || afterMs === undefined || requests === 0) return result;
  return { ...result, cpuMicrosecondsPerRequest: Math.round((((afterMs - beforeMs) * 1000) / requests) * 10) / 10 };
}

/** `run`'s load, with the CPU time process `pid` spent meanwhile per answered request. */
async function withCpu(pid: number, run: () => Promise<LoadResult>): Promise<LoadResult> {
  const before = cpuMs(pid);
  const result = await run();
  return withCpuPerRequest(result, before, cpuMs(pid));
}

/**
 * Whether this process keeps its own garbage collections out of the half-load turns. Minutes of
 * autocannon leave it with a heap of a few hundred MB, most of it garbage, and V8's memory
 * reducer collected it during the alternation (18 s and 92 s into it in two traced runs): full
 * collections, with four helper threads, on the two vCPUs the servers and the load process share,
 * in the middle of a server's measured turn (docs/benchmarks.md#latency-at-half-load). Started
 * with `--expose-gc --no-memory-reducer`, as `npm run bench` starts it (package.json), it collects
 * before each alternation, while every server idles, and V8 starts none while it idles; the
 * report's configuration line says which.
 */
const OWN_COLLECTIONS_KEPT_OUT = globalThis.gc !== undefined && HELPER_NODE_OPTIONS.every((o) => process.execArgv.includes(o));

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ginko-bench-'));
  const logFile = join(dataDir, 'ginko.log');
  const children: Child[] = [];
  const rssSamples: number[] = [];
  // What the bench was doing at each sample, so the report can say when the peak was reached.
  const rssPhases: string[] = [];
  let phase = 'idle after start';
  let sampler: NodeJS.Timeout | undefined;
  try {
    // Cold start twice: the first seeds the history into a new store, the second is a restart.
    const first = await startGinko(dataDir, logFile);
    await first.stop();
    const ginko = await startGinko(dataDir, logFile);
    children.push(ginko);
    // Resident memory of the serving process every second, from ready to the end.
    sampler = setInterval(() => {
      const rss = rssMb(ginko.process.pid!);
      if (rss !== undefined) {
        rssSamples.push(rss);
        rssPhases.push(phase);
      }
    }, 1000);
    const key = createKey(dataDir, 'unlimited');
    const ca = readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8');
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };

    const scenarios = SCENARIOS.filter((s) => !args.only || s.name.includes(args.only));
    const bodies: Record<string, RecordedAnswer> = {};
    const available: Scenario[] = [];
    const reports: ScenarioReport[] = [];
    const probeAgent = new Agent({ keepAlive: true });
    for (const scenario of scenarios) {
      phase = `recording the answers of ${scenario.name}`;
      const probe = await fetchAnswer(ginko.url, ca, probeAgent, scenario, key);
      if (probe.status !== 200) {
        reports.push({ name: scenario.name, available: false, note: `answers ${probe.status}: not available in this build` });
        continue;
      }
      bodies[answerKey(scenario.method, scenario.path, scenario.body)] = { headers: probe.headers, body: probe.body };
      const distinct = scenario.distinct?.();
      if (distinct) {
        // The unique `_` parameter must not change the answer, or the bare server's bytes would differ.
        const unique = await fetchAnswer(ginko.url, ca, probeAgent, { ...scenario, path: withUnique(scenario.path) }, key);
        if (unique.body !== probe.body) throw new Error(`${scenario.name}: the answer changes with the _ parameter`);
        const answers = await fetchAll(ginko.url, ca, distinct, key);
        const failed = [...answers].filter(([, a]) => a.status !== 200);
        if (failed.length > 0) {
          reports.push({ name: scenario.name, available: false, note: `${failed.length} of ${answers.size} requests answer non-200, e.g. ${failed[0]![1].status} for ${failed[0]![0]}` });
          continue;
        }
        for (const [k, a] of answers) bodies[k] = { headers: a.headers, body: a.body };
      }
      available.push(scenario);
    }
    probeAgent.destroy();
    const bodiesFile = join(dataDir, 'bench-bodies.json');
    writeRecordedAnswers(bodiesFile, bodies);
    const bare = await startBare(dataDir, bodiesFile);
    children.push(bare);

    for (const scenario of available) {
      phase = scenario.name;
      const distinct = scenario.distinct?.();
      // Each server gets the same sequence of distinct requests, each request once while it lasts.
      const sequences = distinct ? { bare: { requests: distinct, next: 0 }, ginko: { requests: distinct, next: 0 } } : undefined;
      const options = { method: scenario.method, headers, body: scenario.body, connections };
      const on = (server: 'bare' | 'ginko', turnSeconds: number) =>
        withCpu((server === 'bare' ? bare : ginko).process.pid!, () =>
          load({ ...options, url: server === 'bare' ? bare.url + scenario.path : ginko.url + scenario.path, seconds: turnSeconds, ...(sequences ? { url: server === 'bare' ? bare.url : ginko.url, sequence: sequences[server] } : {}) }),
        );
      const { base: bareResult, other: ginkoResult, ratios, ratio } = await alternate((s) => on('bare', s), (s) => on('ginko', s));
      // A p99 bound at saturation is mostly the queue (50 requests wait on one core): the same
      // scenario at half the rate Ginko sustained shows the answers' own tail (report.ts).
      let atHalfLoad: HalfLoad | undefined;
      if (scenario.ratioReported && sequences) {
        phase = `${scenario.name}, at half load`;
        const rate = Math.max(1, Math.round(ginkoResult.requestsPerSecond / 2));
        // The latency calibration: the bare server doing, in busy work, what Ginko's answers cost
        // more than its own saturated. A tail as long as Ginko's there is the tail of that much
        // CPU per request on this machine, not a stall of Ginko's (docs/benchmarks.md#latency-at-half-load).
        const extra = ginkoResult.cpuMicrosecondsPerRequest !== undefined && bareResult.cpuMicrosecondsPerRequest !== undefined ? Math.round(ginkoResult.cpuMicrosecondsPerRequest - bareResult.cpuMicrosecondsPerRequest) : undefined;
        const working = extra !== undefined && extra > 0 ? { workMicroseconds: extra, child: await startBare(dataDir, bodiesFile, extra) } : undefined;
        try {
          const servers = [
            { child: bare, sequence: sequences.bare, turnMetrics: false },
            { child: ginko, sequence: sequences.ginko, turnMetrics: true },
            ...(working ? [{ child: working.child, sequence: { requests: sequences.bare.requests, next: sequences.bare.next }, turnMetrics: false }] : []),
          ];
          // While every server idles (OWN_COLLECTIONS_KEPT_OUT); a no-op without --expose-gc.
          globalThis.gc?.();
          const before = servers.map((s) => cpuMs(s.child.process.pid!));
          const atRate = await alternateAtRateApart(
            servers.map((s) => ({ origin: s.child.url, ca, headers, sequence: s.sequence, rate, seconds: halfLoadTurnSeconds, firstWarmUpSeconds: halfLoadFirstWarmUpSeconds, connections, turnMetrics: s.turnMetrics })),
            HALF_LOAD_TURNS,
            join(dataDir, 'fixed-rate-job.json'),
          );
          // Each server's CPU over the whole alternation, its warm-up seconds' requests included
          // (and its idle time during the others' turns, about 1% of it).
          const [bareAtRate, ginkoAtRate, workingAtRate] = atRate.map((r, i) => withCpuPerRequest(r, before[i], cpuMs(servers[i]!.child.process.pid!), r.total + (r.warmUpRequests ?? 0)));
          atHalfLoad = { rate, bare: bareAtRate!, ginko: ginkoAtRate!, ...(working && workingAtRate ? { working: { workMicroseconds: working.workMicroseconds, result: workingAtRate } } : {}) };
        } finally {
          await working?.child.stop();
        }
      }
      // A p99 bound is read at half load where the scenario runs there: at saturation it is the
      // queue's (docs/benchmarks.md#latency-at-half-load).
      const p99Run = atHalfLoad?.ginko ?? ginkoResult;
      const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0;
      const pass = (scenario.ratioReported || ratio >= scenario.target) && (scenario.p99Target === undefined || p99Run.p99Ms <= scenario.p99Target) && clean(ginkoResult) && clean(p99Run);
      reports.push({
        name: scenario.name,
        available: true,
        bytes: Buffer.byteLength(bodies[answerKey(scenario.method, scenario.path, scenario.body)]!.body),
        bare: bareResult,
        ginko: ginkoResult,
        ratio,
        ratios,
        target: scenario.target,
        p99Target: scenario.p99Target,
        ...(scenario.ratioReported ? { ratioReported: true as const } : {}),
        ...(sequences ? { distinct: { requests: distinct!.length, sentToGinko: sequences.ginko.next } } : {}),
        ...(atHalfLoad ? { atHalfLoad } : {}),
        pass,
      });
    }

    // What a ratio means on this machine: the bare server against itself doing a known amount
    // of work more per request, on the lookup's bytes (docs/benchmarks.md#calibration).
    const calibration = [];
    if (!args.only) {
      for (const workMicroseconds of CALIBRATION_WORK_US) {
        phase = `calibration, ${workMicroseconds} µs`;
        const working = await startBare(dataDir, bodiesFile, workMicroseconds);
        try {
          const options = { method: LOOKUP.method, headers, connections };
          const { base, other, ratio, ratios } = await alternate(
            (s) => withCpu(bare.process.pid!, () => load({ ...options, url: bare.url + LOOKUP.path, seconds: s })),
            (s) => withCpu(working.process.pid!, () => load({ ...options, url: working.url + LOOKUP.path, seconds: s })),
          );
          calibration.push({ workMicroseconds, ratio, ratios, cpuMicrosecondsPerRequest: { bare: base.cpuMicrosecondsPerRequest, working: other.cpuMicrosecondsPerRequest } });
        } finally {
          await working.stop();
        }
      }
    }

    const scaleReport = args.scale ? await scale(dataDir, logFile, ginko, headers) : undefined;
    const soakReport = args.soak ? await soak({ url: ginko.url, headers, scenarios: available, seconds: Number(args.soak), connections, pid: ginko.process.pid! }) : undefined;
    clearInterval(sampler);
    const peakRss = rssSamples.length ? Math.max(...rssSamples) : undefined;
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, cpuFamily: cpuFamily(), node: process.version, platform: process.platform },
      configuration: `Ginko as \`npm start\` runs it: node ${npmStartNodeOptions().join(' ')}, log level info (one line per response), log written to a file, running ${ginkoRunsFrom()}; autocannon -c ${connections}; bare node:https server answering the same bytes; the bare servers and the load process with ${HELPER_NODE_OPTIONS.join(' ')}; ${OWN_COLLECTIONS_KEPT_OUT ? "the bench's own garbage collected before each half-load alternation" : `the bench's own process started without --expose-gc ${HELPER_NODE_OPTIONS.join(' ')} (npm run bench passes them): its garbage may be collected during the half-load turns`}`,
      settings: { secondsPerServerAndScenario: seconds, rounds, connections, halfLoad: { turns: HALF_LOAD_TURNS, turnSeconds: halfLoadTurnSeconds, firstWarmUpSeconds: halfLoadFirstWarmUpSeconds, warmUpSeconds: WARM_UP_SECONDS }, nodeOptions: npmStartNodeOptions(), logLevel: 'info', log: 'file' },
      startup: { firstStartMs: Math.round(first.startMs), restartMs: Math.round(ginko.startMs), targetsMs: STARTUP_TARGETS_MS },
      memory: { peakRssMb: peakRss, peakDuring: peakRss === undefined ? undefined : rssPhases[rssSamples.indexOf(peakRss)], samples: rssSamples.length, rssMbAfterLoad: rssMb(ginko.process.pid!), targetMb: PEAK_RSS_TARGET_MB },
      log: { responseLines: logLines(logFile), bytes: statSync(logFile).size },
      scenarios: reports,
      calibration,
      inProcess: inProcessFigures(),
      ...(soakReport ? { soak: soakReport } : {}),
      ...(scaleReport ? { scale: scaleReport } : {}),
    };
    printTable(report);
    const out = args.out ?? join('bench', 'results', `${report.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
    process.stdout.write(`\nwritten to ${out}\n`);
  } finally {
    clearInterval(sampler);
    for (const child of children.reverse()) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * `npm run bench`: Ginko as `npm start` runs it (log level info, one line per response, the log
 * written to a file) against a bare node:https server answering the same bytes, in alternating
 * rounds of the same run, reported as ratios beside their targets (scenarios.ts,
 * docs/benchmarks.md). Options:
 *   --check           one PASS/FAIL line per target; exit status 1 if one fails
 *   --rounds N        alternating rounds per scenario, bare then Ginko (default 3); each ratio
 *                     is the median of its rounds' ratios
 *   --duration S      seconds of load per server and round (default 2)
 *   --connections N   concurrent connections (default 50)
 *   --only TEXT       only scenarios whose name contains TEXT (no fairness, no memory verdict)
 *   --out FILE        where to write the JSON (default bench/results/<date>.json, not tracked)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { answerKey, fetchAll, fetchAnswer, type RecordedAnswer, writeRecordedAnswers } from './answer-key.js';
import { fairness } from './fairness.js';
import { combine, load, type LoadResult, median } from './load.js';
import { buildBundleIfStale, type Child, createKey, npmStartNodeOptions, rssMb, startBare, startGinko } from './processes.js';
import { cliPayeeRate } from './payee.js';
import { printReport, type Report, type ScenarioReport, verdicts } from './report.js';
import { SCENARIOS, type Scenario } from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});
const rounds = Math.max(1, Number(args.rounds));
const seconds = Math.max(1, Number(args.duration));
const connections = Math.max(1, Number(args.connections));

/** Both servers warm, then `rounds` rounds of bare then Ginko; the ratio is the median round's. */
async function alternate(bare: (s: number) => Promise<LoadResult>, ginko: (s: number) => Promise<LoadResult>) {
  await bare(1);
  await ginko(1);
  const turns: { bare: LoadResult; ginko: LoadResult }[] = [];
  for (let i = 0; i < rounds; i++) turns.push({ bare: await bare(seconds), ginko: await ginko(seconds) });
  const ratios = turns.map((t) => Math.round((t.ginko.requestsPerSecond / t.bare.requestsPerSecond) * 100) / 100);
  return { bare: combine(turns.map((t) => t.bare)), ginko: combine(turns.map((t) => t.ginko)), ratios, ratio: median(ratios) };
}

/** Ginko's answers to every request of the selected scenarios, which the bare server repeats. */
async function recordAnswers(origin: string, ca: string, key: string, scenarios: readonly Scenario[]): Promise<Record<string, RecordedAnswer>> {
  const bodies: Record<string, RecordedAnswer> = {};
  const agent = new Agent({ keepAlive: true });
  try {
    for (const scenario of scenarios) {
      const requests = scenario.distinct?.() ?? [scenario];
      const answers = scenario.distinct ? await fetchAll(origin, ca, requests, key) : new Map([[answerKey(scenario.method, scenario.path, scenario.body), await fetchAnswer(origin, ca, agent, scenario, key)]]);
      for (const [k, a] of answers) {
        if (a.status !== 200) throw new Error(`${scenario.name}: ${k} answers ${a.status}`);
        bodies[k] = { headers: a.headers, body: a.body };
      }
    }
  } finally {
    agent.destroy();
  }
  return bodies;
}

async function main(): Promise<number> {
  await buildBundleIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'ginko-bench-'));
  const logFile = join(dataDir, 'ginko.log');
  const children: Child[] = [];
  const rss: number[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    // The first start seeds a new store; the second is a restart.
    const first = await startGinko(dataDir, logFile);
    await first.stop();
    const ginko = await startGinko(dataDir, logFile);
    children.push(ginko);
    sampler = setInterval(() => {
      const mb = rssMb(ginko.process.pid!);
      if (mb !== undefined) rss.push(mb);
    }, 500);
    const key = createKey(dataDir, 'unlimited');
    const ca = readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8');
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const scenarios = SCENARIOS.filter((s) => !args.only || s.name.includes(args.only));

    const bodiesFile = join(dataDir, 'bench-bodies.json');
    writeRecordedAnswers(bodiesFile, await recordAnswers(ginko.url, ca, key, scenarios));
    const bare = await startBare(dataDir, bodiesFile);
    children.push(bare);

    const reports: ScenarioReport[] = [];
    for (const scenario of scenarios) {
      const requests = scenario.distinct?.();
      // Each server gets the same sequence of distinct requests.
      const sequences = requests ? { bare: { requests, next: 0 }, ginko: { requests, next: 0 } } : undefined;
      const on = (server: 'bare' | 'ginko') => (s: number) => {
        const origin = (server === 'bare' ? bare : ginko).url;
        return load({ method: scenario.method, headers, body: scenario.body, connections: scenario.connections ?? connections, seconds: s, url: sequences ? origin : origin + scenario.path, sequence: sequences?.[server] });
      };
      const sampled = rss.length;
      const result = await alternate(on('bare'), on('ginko'));
      const peakRssMb = Math.max(0, ...rss.slice(sampled));
      reports.push({ name: scenario.name, bare: result.bare, ginko: result.ginko, ratio: result.ratio, ratios: result.ratios, target: scenario.target, itemsPerRequest: scenario.itemsPerRequest, peakRssMb });
    }

    const whole = !args.only;
    const payeeCli = scenarios.some((s) => s.itemsPerRequest) ? cliPayeeRate(dataDir) : undefined;
    const fair = whole ? await fairness(ginko.url, createKey(dataDir, 'unlimited'), key, Math.max(5, seconds * 2)) : undefined;
    clearInterval(sampler);
    const report: Report = {
      date: new Date().toISOString(),
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown processor'}, Node.js ${process.version}`,
      configuration: `Ginko as \`npm start\` runs it (node ${[...npmStartNodeOptions(), 'bin/ginko.js serve'].join(' ')}; log level info to a file); autocannon -c ${connections}; ${rounds} rounds of ${seconds} s per server and scenario`,
      startup: { firstStartMs: Math.round(first.startMs), restartMs: Math.round(ginko.startMs) },
      peakRssMb: whole && rss.length > 0 ? Math.max(...rss) : undefined,
      scenarios: reports,
      fairness: fair,
      payeeCli,
    };
    printReport(report, args.check);
    const out = args.out ?? join('bench', 'results', `${report.date.replace(/[:.]/g, '-')}.json`);
    mkdirSync(join(out, '..'), { recursive: true });
    writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
    process.stdout.write(`\nwritten to ${out}\n`);
    return args.check && verdicts(report).some((v) => !v.pass) ? 1 : 0;
  } finally {
    clearInterval(sampler);
    for (const child of children.reverse()) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

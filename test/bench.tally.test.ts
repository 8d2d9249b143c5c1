/**
 * bench/tally.ts counts kept runs of `npm run bench` target by target of #24: on six full runs
 * and one partial run of 2026-11-29 kept in bench/results, whose figures are in
 * docs/benchmarks-log.md.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { cpuFamily } from '../bench/processes.js';
import { isFullRun, metTarget, type RunReport, tally, tallyLines } from '../bench/tally.js';

const run = (name: string) => JSON.parse(readFileSync(`bench/results/${name}.json`, 'utf8')) as RunReport;

/** Restarted in 920 ms; the Resolve p99 13.4 ms, the bare server's own 10.8. */
const SLOW_RESTART = run('2026-11-29T11-52-51-497Z');
/** `--only "resolve み"`: not a full run. */
const PARTIAL = run('2026-11-29T12-27-20-693Z');
/** The repeated lookup at 0.82; the Resolve p99 9.2 ms, the bare server's own 10.0. */
const SLOW_LOOKUP = run('2026-11-29T12-35-45-394Z');
/** Every target of #24 and of the bench's own in three; the Resolve p99 8.7 ms in the second. */
const SESSION = ['2026-11-29T14-00-50-484Z', '2026-11-29T14-13-01-591Z', '2026-11-29T14-19-34-781Z', '2026-11-29T14-26-07-213Z'].map(run);

it('counts each target of #24 over the full runs, and the runs that met them all', () => {
  assert.equal(isFullRun(PARTIAL), false);
  assert.equal(metTarget(SLOW_RESTART, 'startup'), false);
  assert.equal(metTarget(SLOW_LOOKUP, 'lookup'), false);
  assert.equal(metTarget(SLOW_LOOKUP, 'repeated'), true);
  const t = tally([SLOW_RESTART, PARTIAL, SLOW_LOOKUP, ...SESSION]);
  assert.deepEqual(t.runs, ['2026-11-29T11:52:51.497Z', '2026-11-29T12:35:45.394Z', '2026-11-29T14:00:50.484Z', '2026-11-29T14:13:01.591Z', '2026-11-29T14:19:34.781Z', '2026-11-29T14:26:07.213Z']);
  assert.deepEqual(Object.fromEntries(t.met), { lookup: 5, repeated: 6, mixed: 6, alone: 6, resolve: 3, memory: 6, startup: 5 });
  assert.equal(t.everyTarget, 3);
  assert.equal(t.everyTargetButResolve, 4);
  assert.equal(t.everyTargetAndTheBenchs, 3);
  assert.deepEqual(
    t.resolve.map((r) => [r.ginko, r.bare, r.busyBare]),
    [
      [13.4, 10.8, 17.3],
      [9.2, 10, 13.3],
      [4.2, 2, 41.1],
      [8.7, 2.4, 6.5],
      [4.2, 1.9, 6],
      [3.7, 2.9, 3.6],
    ],
  );
  const lines = tallyLines(t);
  assert.ok(lines.includes(`${'every target of #24 in one run'.padEnd(90)} 3`), lines.join('\n'));
  assert.ok(
    lines.includes(
      "The Resolve p99 at half load: met in 3 of 6 runs; the bare server's own p99 at the same rate was within the bound in 4, and Ginko's in 3 of those; Ginko's within the busy bare server's (the latency calibration) or the bound in 5 of the 6 runs that have it",
    ),
    lines.join('\n'),
  );
  assert.match(lines.at(-3)!, /^2026-11-29T14:13:01\.591Z +AMD EPYC +8\.7 \/ 2\.4 \/ 6\.5 {2}\(over\)$/);
  assert.match(lines.find((l) => l.startsWith('2026-11-29T11:52'))!, /13\.4 \/ 10\.8 \/ 17\.3 {2}\(over; the bare server too\)$/);
});

it('a run with none of today\'s scenarios in full is left out, and no run says so', () => {
  assert.deepEqual(tallyLines(tally([PARTIAL])), ['no full run of npm run bench']);
});

it('names the processor family and model, which tell apart machines of one model name', () => {
  assert.match(cpuFamily() ?? '', /^family \d+ model \d+$/);
});

/** `npm run bench` keeps working: one short scenario end to end, and the JSON it writes. Not a timed test. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { promisify } from 'node:util';

it('runs the lookup scenario against the bare server and writes the report', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ginko-bench-test-'));
  try {
    const out = join(dir, 'result.json');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--only', 'lookup', '--duration', '1', '--connections', '2', '--out', out], { timeout: 90_000 });
    assert.match(stdout, /lookup \/v3\/banks\/0001\s+218\s+\d+\s+\d+\s+\d+\.\d\d/);
    const report = JSON.parse(readFileSync(out, 'utf8')) as { scenarios: { name: string; available: boolean; ratio: number; bare: { requestsPerSecond: number } }[]; startup: { restartMs: number }; machine: { cpus: number } };
    assert.deepEqual(report.scenarios.map((s) => [s.name, s.available]), [['lookup /v3/banks/0001', true]]);
    assert.ok(report.scenarios[0]!.ratio > 0 && report.scenarios[0]!.bare.requestsPerSecond > 0);
    assert.ok(report.startup.restartMs > 0 && report.machine.cpus > 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

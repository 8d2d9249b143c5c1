/** `ginko maintenance on|off` and `ginko serve --maintenance`, as an operator runs them. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { httpsGet } from './support/https.js';
import { runGinko, startGinko } from './support/process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'ginko-maintenance-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

/** GET with the data directory's certificate; `retryAfter` for the maintenance answers. */
async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; retryAfter: string | undefined }> {
  const res = await httpsGet(url, readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8'), headers);
  return { status: res.status, body: res.body, retryAfter: res.headers['retry-after'] as string | undefined };
}

async function waitForStatus(get: () => Promise<{ status: number }>, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await get()).status === status) return Date.now() - started;
    if (Date.now() - started > withinMs) assert.fail(`status ${status} not seen within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const UNAVAILABLE = '{"httpStatusCode":503,"code":"SERVICE_UNAVAILABLE","message":"the service is temporarily offline for maintenance; try again later","validationErrors":[]}';

describe('maintenance mode', () => {
  it('is switched for running servers by `ginko maintenance on|off` within the poll interval', async () => {
    const server = await startGinko(['--data-dir', dataDir]);
    try {
      const key = readFileSync(join(dataDir, 'development-key.txt'), 'utf8').trim();
      const version = () => get(`${server.url}/v3/version`, { 'x-api-key': key });
      assert.equal((await version()).status, 200);

      const on = await runGinko(['maintenance', 'on', '--data-dir', dataDir]);
      assert.deepEqual([on.code, on.stdout], [0, 'maintenance on\n']);
      assert.ok((await waitForStatus(version, 503, 4_000)) <= 4_000);
      const res = await version();
      assert.deepEqual([res.status, res.body, res.retryAfter], [503, UNAVAILABLE, '300']);
      const health = await get(`${server.url}/healthz`);
      assert.equal(health.status, 200);
      assert.equal(JSON.parse(health.body).maintenance, true);

      assert.equal((await runGinko(['maintenance', 'status', '--data-dir', dataDir])).stdout, 'maintenance on\n');
      assert.equal((await runGinko(['maintenance', 'off', '--data-dir', dataDir])).stdout, 'maintenance off\n');
      await waitForStatus(version, 200, 4_000);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  it('is on from the start with --maintenance, whatever the store says', async () => {
    const server = await startGinko(['--data-dir', dataDir, '--maintenance']);
    try {
      const key = readFileSync(join(dataDir, 'development-key.txt'), 'utf8').trim();
      const res = await get(`${server.url}/v3/banks/0001`, { 'x-api-key': key });
      assert.deepEqual([res.status, res.body], [503, UNAVAILABLE]);
      assert.equal((await get(`${server.url}/healthz`)).status, 200);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });

  it('refuses an unknown state', async () => {
    const res = await runGinko(['maintenance', 'maybe', '--data-dir', dataDir]);
    assert.equal(res.code, 1);
    assert.equal(res.stderr, 'ginko: maintenance takes on, off or status, not "maybe"\n');
  });
});

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { httpsGet } from './support/https.js';
import { GINKO_BIN, runGinko, startGinko } from './support/process.js';
import { GENERATION_LOCK } from '../src/http/edge/tls.js';

const dataDir = mkdtempSync(join(tmpdir(), 'ginko-server-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

describe('ginko serve over HTTPS', () => {
  it('starts on a new data directory with a certificate and a development key, serves, and stops on SIGTERM', async () => {
    const server = await startGinko(['--data-dir', dataDir]);
    const lines = server.stdout().split('\n');
    const key = lines[lines.findIndex((l) => l.startsWith('Development API key')) + 1]!;
    assert.match(key, /^gk_[A-Za-z0-9_-]{32}$/);
    assert.equal(readFileSync(join(dataDir, 'development-key.txt'), 'utf8').trim(), key);
    assert.equal(statSync(join(dataDir, 'development-key.txt')).mode & 0o777, 0o600);
    assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+$/);

    const ca = readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8');
    const localhostUrl = server.url.replace('127.0.0.1', 'localhost');
    const res = await httpsGet(`${localhostUrl}/v3/banks/0001`, ca, { 'x-api-key': key });
    assert.equal(res.status, 200);
    assert.equal(res.body, '{"code":"0001","name":"みずほ銀行","halfWidthKana":"ﾐｽﾞﾎｷﾞﾝｺｳ","fullWidthKana":"ミズホギンコウ","hiragana":"みずほぎんこう","businessTypeCode":"00200","businessType":"都市銀行"}');
    const health = await httpsGet(`${server.url}/healthz`, ca);
    assert.equal(health.status, 200);
    assert.equal(await server.stop(), 0);
  });

  for (const file of ['tls-key.pem', 'tls-cert.pem', 'development-key.txt']) {
    it(`starts on a data directory whose first start was killed in the middle of writing ${file}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ginko-crash-'));
      try {
        const crashed = spawn(process.execPath, ['--import', fileURLToPath(new URL('./support/crash-mid-write.mjs', import.meta.url)), GINKO_BIN, 'serve', '--port', '0', '--data-dir', dir], {
          env: { ...process.env, GINKO_TEST_CRASH_WRITE_OF: file },
          stdio: 'ignore',
        });
        const signal = await new Promise((resolve) => crashed.once('exit', (_code, sig) => resolve(sig)));
        assert.equal(signal, 'SIGKILL');
        // A start killed while making the TLS pair also leaves its lock, which the next start
        // takes over at once: its process is gone.
        assert.deepEqual(
          readdirSync(dir).filter((name) => name.endsWith('.tmp') || name === GENERATION_LOCK).sort(),
          [`${file}.${crashed.pid}.tmp`, ...(file.startsWith('tls-') ? [GENERATION_LOCK] : [])].sort(),
          'the half-written copy, and the lock of the pair being made, are the only traces of the write',
        );
        const server = await startGinko(['--data-dir', dir]);
        try {
          const ca = readFileSync(join(dir, 'tls-cert.pem'), 'utf8');
          assert.equal((await httpsGet(`${server.url}/healthz`, ca)).status, 200);
          assert.equal(readdirSync(dir).includes(GENERATION_LOCK), false);
          // The start that made the pair again removed the dead start's copy; the development key's stays.
          assert.deepEqual(
            readdirSync(dir).filter((name) => name.endsWith('.tmp')),
            file.startsWith('tls-') ? [] : [`${file}.${crashed.pid}.tmp`],
          );
          // The development key was created in the store before its file was written, so no
          // new one is made; the file holds a key, whole, or is absent.
          const keyFile = join(dir, 'development-key.txt');
          const written = readdirSync(dir).includes('development-key.txt') ? readFileSync(keyFile, 'utf8') : undefined;
          if (written !== undefined) assert.match(written, /^gk_[A-Za-z0-9_-]{32}\n$/);
          assert.equal(written === undefined, file === 'development-key.txt');
        } finally {
          assert.equal(await server.stop(), 0);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('reuses the certificate and prints no new key on restart; keys created by the CLI work at once', async () => {
    const certBefore = readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8');
    const created = await runGinko(['keys', 'create', '--plan', 'free', '--name', 'cli test', '--data-dir', dataDir]);
    assert.equal(created.code, 0, created.stderr);
    const key = created.stdout.trim().split('\n').at(-1)!;
    assert.match(key, /^gk_[A-Za-z0-9_-]{32}$/);

    const server = await startGinko(['--data-dir', dataDir]);
    assert.equal(server.stdout().includes('Development API key'), false);
    assert.equal(readFileSync(join(dataDir, 'tls-cert.pem'), 'utf8'), certBefore);
    const res = await httpsGet(`${server.url}/v3/version`, certBefore, { apikey: key });
    assert.equal(res.status, 200);
    assert.equal(res.body, '{"version":"2026-08-24T00:00:00+0900"}');
    assert.equal(await server.stop(), 0);
  });

  it('serves plain HTTP behind a proxy with --trust-proxy and refuses requests not forwarded as https', async () => {
    const server = await startGinko(['--data-dir', dataDir, '--trust-proxy']);
    assert.match(server.url, /^http:\/\//);
    const key = readFileSync(join(dataDir, 'development-key.txt'), 'utf8').trim();
    const plain = await fetch(`${server.url}/v3/banks/0001`, { headers: { 'x-api-key': key } });
    assert.equal(plain.status, 403);
    assert.deepEqual(await plain.json(), { httpStatusCode: 403, code: 'FORBIDDEN', message: 'HTTPS is required: the proxy must forward X-Forwarded-Proto: https', validationErrors: [] });
    const forwarded = await fetch(`${server.url}/v3/banks/0001`, { headers: { 'x-api-key': key, 'x-forwarded-proto': 'https' } });
    assert.equal(forwarded.status, 200);
    assert.equal(await server.stop(), 0);
  });
});

describe('ginko keys and plans', () => {
  it('lists keys without the keys themselves, and revokes by id', async () => {
    const created = await runGinko(['keys', 'create', '--plan', 'pro', '--name', 'web', '--referrer', 'https://*.example.jp/*', '--ip', '203.0.113.0/24', '--data-dir', dataDir]);
    const key = created.stdout.trim().split('\n').at(-1)!;
    const id = /created (key_[0-9a-f]+)/.exec(created.stdout)![1]!;
    const list = await runGinko(['keys', 'list', '--data-dir', dataDir]);
    assert.equal(list.code, 0);
    assert.equal(list.stdout.includes(key), false);
    const row = list.stdout.split('\n').find((l) => l.startsWith(id))!.split('\t');
    assert.deepEqual([row[0], row[1], row[2], row[3], row[4], row[5], row[8]], [id, key.slice(0, 7) + '…', 'pro', 'web', 'https://*.example.jp/*', '203.0.113.0/24', '-']);
    const revoked = await runGinko(['keys', 'revoke', id, '--data-dir', dataDir]);
    assert.equal(revoked.stdout.trim(), `revoked ${id}`);
    const unknown = await runGinko(['keys', 'revoke', 'key_000000000000', '--data-dir', dataDir]);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr.trim(), 'ginko: no key with id key_000000000000');
  });

  it('lists the default plans and changes one', async () => {
    const set = await runGinko(['plans', 'set', 'partner', '--per-second', '5', '--per-day', '20000', '--export', '--webhooks', '3', '--data-dir', dataDir]);
    assert.equal(set.code, 0, set.stderr);
    assert.equal(set.stdout.trim(), 'plan partner: 5/s, 20000/day, export yes, 3 webhooks of 0 codes');
    // A flag not given keeps what the plan has.
    assert.equal((await runGinko(['plans', 'set', 'partner', '--per-second', '5', '--per-day', '20000', '--webhook-codes', '50', '--data-dir', dataDir])).stdout.trim(), 'plan partner: 5/s, 20000/day, export yes, 3 webhooks of 50 codes');
    const plans = await runGinko(['plans', '--data-dir', dataDir]);
    assert.deepEqual(plans.stdout.trim().split('\n'), [
      'plan\tper second\tper day\texport\twebhooks\tcodes per webhook',
      'free\t1\t350\tno\t1\t20',
      'partner\t5\t20000\tyes\t3\t50',
      'standard\t10\t100000\tyes\t10\t1000',
      'pro\t50\t1000000\tyes\t50\t10000',
      'unlimited\t1000000\t1000000000\tyes\t1000\t30000',
    ]);
    const bad = await runGinko(['keys', 'create', '--plan', 'gold', '--data-dir', dataDir]);
    assert.equal(bad.code, 1);
    assert.equal(bad.stderr.trim(), 'ginko: unknown plan "gold"');
  });
});

/**
 * The generated certificate and key of a data directory always match
 * (src/http/edge/tls.ts): starts that share a new directory make them one at a time, under a
 * lock that a dead start does not hold for ever, and a pair that does not match is made again.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GENERATED_CERT, GENERATED_KEY, GENERATION_LOCK, loadOrCreateCertificate, takeOverLock } from '../src/http/edge/tls.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-tls-');

/** The certificate's fingerprint when the key on disk is its key; throws otherwise. */
function pairOnDisk(dir: string): string {
  const cert = new X509Certificate(readFileSync(join(dir, GENERATED_CERT)));
  assert.ok(cert.checkPrivateKey(createPrivateKey(readFileSync(join(dir, GENERATED_KEY)))), 'the key on disk is the certificate’s');
  return cert.fingerprint256;
}

it('four processes starting at once on a new data directory all serve the one pair they leave on disk', async () => {
  const tls = fileURLToPath(new URL('../src/http/edge/tls.ts', import.meta.url));
  const script = `const { X509Certificate } = await import('node:crypto'); const { loadOrCreateCertificate } = await import(${JSON.stringify(tls)}); const t = await loadOrCreateCertificate(process.argv[1]); console.log(new X509Certificate(t.cert).fingerprint256, t.generated);`;
  for (let round = 0; round < 3; round++) {
    const dir = tempDir();
    const outs = await Promise.all(Array.from({ length: 4 }, () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], { timeout: 60_000 })));
    const answers = outs.map((o) => o.stdout.trim().split(' '));
    const onDisk = pairOnDisk(dir);
    assert.deepEqual(
      answers.map(([fingerprint]) => fingerprint),
      answers.map(() => onDisk),
    );
    assert.deepEqual(answers.filter(([, generated]) => generated === 'true').length, 1, 'one process made the pair');
    assert.equal(existsSync(join(dir, GENERATION_LOCK)), false);
  }
});

it('makes a pair again whose key is not the certificate’s, and reuses a matching one', async () => {
  const [a, b, dir] = [tempDir(), tempDir(), tempDir()];
  await loadOrCreateCertificate(a);
  await loadOrCreateCertificate(b);
  copyFileSync(join(a, GENERATED_CERT), join(dir, GENERATED_CERT));
  copyFileSync(join(b, GENERATED_KEY), join(dir, GENERATED_KEY));
  const made = await loadOrCreateCertificate(dir);
  assert.equal(made.generated, true);
  const fingerprint = pairOnDisk(dir);
  assert.notEqual(fingerprint, pairOnDisk(a));
  const again = await loadOrCreateCertificate(dir);
  assert.deepEqual([again.generated, new X509Certificate(again.cert).fingerprint256], [false, fingerprint]);
  // Not a certificate at all: made again as well.
  writeFileSync(join(dir, GENERATED_CERT), 'not a certificate');
  assert.equal((await loadOrCreateCertificate(dir)).generated, true);
  pairOnDisk(dir);
});

it('waits while another start holds the lock, and serves the pair it wrote as soon as both files match', async () => {
  const [other, dir] = [tempDir(), tempDir()];
  await loadOrCreateCertificate(other);
  writeFileSync(join(dir, GENERATION_LOCK), `another-host 1\n`);
  let settled = false;
  const loading = loadOrCreateCertificate(dir).finally(() => (settled = true));
  await sleep(500);
  assert.equal(settled, false, 'waiting for the lock');
  // The holder writes the key first: a key without its certificate is not served.
  copyFileSync(join(other, GENERATED_KEY), join(dir, GENERATED_KEY));
  await sleep(300);
  assert.equal(settled, false, 'waiting for the certificate');
  copyFileSync(join(other, GENERATED_CERT), join(dir, GENERATED_CERT));
  const loaded = await loading;
  assert.deepEqual([loaded.generated, new X509Certificate(loaded.cert).fingerprint256], [false, pairOnDisk(other)]);
  rmSync(join(dir, GENERATION_LOCK));
});

it('takes over a lock whose process on this host is gone, or which is older than 30 s', async () => {
  const gone = await promisify(execFile)(process.execPath, ['-e', 'console.log(process.pid)']);
  const cases: [string, (lock: string) => void][] = [
    ['a process of this host that exited', (lock) => writeFileSync(lock, `${hostname()} ${gone.stdout.trim()}\n`)],
    [
      'another host, 60 s ago',
      (lock) => {
        writeFileSync(lock, 'another-host 1\n');
        const minuteAgo = new Date(Date.now() - 60_000);
        utimesSync(lock, minuteAgo, minuteAgo);
      },
    ],
  ];
  for (const [name, leave] of cases) {
    const dir = tempDir();
    leave(join(dir, GENERATION_LOCK));
    const started = performance.now();
    const made = await loadOrCreateCertificate(dir);
    assert.equal(made.generated, true, name);
    assert.ok(performance.now() - started < 5_000, `${name}: taken over at once`);
    pairOnDisk(dir);
    assert.equal(existsSync(join(dir, GENERATION_LOCK)), false, name);
  }
});

it('of two starts that found the same dead lock, the later one leaves it to the one that took it over first', async () => {
  const gone = await promisify(execFile)(process.execPath, ['-e', 'console.log(process.pid)']);
  const dir = tempDir();
  const lock = join(dir, GENERATION_LOCK);
  const stale = `${hostname()} ${gone.stdout.trim()}`;
  writeFileSync(lock, `${stale}\n`);
  // Both judged the lock stale; the first takes it over, then the second tries.
  assert.equal(takeOverLock(lock, stale, 'first 1 token-1'), true);
  assert.equal(takeOverLock(lock, stale, 'second 2 token-2'), false);
  assert.equal(readFileSync(lock, 'utf8'), 'first 1 token-1\n');
  assert.deepEqual(readdirSync(dir), [GENERATION_LOCK]);
  // Once the first has released it, the second's late try does not take it either: it looks again.
  rmSync(lock);
  assert.equal(takeOverLock(lock, stale, 'second 2 token-2'), false);
  assert.deepEqual(readdirSync(dir), []);
});

/** Files written whole or not at all (src/shared/whole-file.ts); the crash itself is in test/server.test.ts. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { removeTemporaryCopies, writeFileWhole } from '../src/shared/whole-file.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-whole-file-');

it('removes the copies a stopped writer left of one file, and nothing else', () => {
  const dir = tempDir();
  const others = ['tls-cert.pem', 'tls-cert.pem.lock', 'tls-cert.pem.x1.tmp', 'tls-cert.pem.tmp', 'tls-key.pem.41.tmp', 'development-key.txt.7.tmp'];
  for (const name of [...others, 'tls-cert.pem.41.tmp', 'tls-cert.pem.9999999.tmp']) writeFileSync(join(dir, name), 'x');
  removeTemporaryCopies(dir, ['tls-cert.pem']);
  assert.deepEqual(readdirSync(dir).sort(), [...others].sort());
  writeFileWhole(join(dir, 'tls-cert.pem'), 'whole');
  assert.equal(readFileSync(join(dir, 'tls-cert.pem'), 'utf8'), 'whole');
  assert.deepEqual(readdirSync(dir).sort(), [...others].sort());
});

/** The development key of a new store is made once, however many starts find the store empty (src/cli/development-key.ts). */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeyStore } from '../src/store/key-store.js';
import { PlanStore } from '../src/store/plan-store.js';
import { DEVELOPMENT_KEY_FILE, ensureDevelopmentKey } from '../src/cli/development-key.js';
import { tryLease } from '../src/store/lease.js';
import { onEachStore } from './support/store-suites.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-devkey-');

onEachStore('the development key', (s) => {
  it('is made by one of four starts that find the store without a key at once', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const db = s.store!.db;
    await new PlanStore(db).ensureDefaults();
    const keys = new KeyStore(db);
    const dirs = [tempDir(), tempDir(), tempDir(), tempDir()];
    const lines: string[][] = dirs.map(() => []);
    const made = await Promise.all(dirs.map((dir, i) => ensureDevelopmentKey(db, keys, dir, (line) => lines[i]!.push(line))));
    const maker = made.findIndex((key) => key !== undefined);
    const key = made[maker]!;
    assert.deepEqual(
      made.map((k) => k !== undefined),
      dirs.map((_, i) => i === maker),
    );
    assert.equal(await keys.count(), 1);
    const file = join(dirs[maker]!, DEVELOPMENT_KEY_FILE);
    assert.equal(readFileSync(file, 'utf8'), `${key}\n`);
    assert.deepEqual(lines[maker], [`Development API key (plan standard), also written to ${file}:`, key]);
    for (const [i, dir] of dirs.entries()) if (i !== maker) assert.deepEqual([lines[i], existsSync(join(dir, DEVELOPMENT_KEY_FILE))], [[], false]);
    // The key is the store's: a later start makes none.
    assert.equal(await ensureDevelopmentKey(db, keys, tempDir(), () => {}), undefined);
    assert.equal(await keys.count(), 1);
  });

  it('waits while another start holds the lease, and makes none once that start made its key', async (t) => {
    if (s.skip) return t.skip(s.skip);
    const db = s.store!.db;
    await db.deleteFrom('api_keys').execute();
    const keys = new KeyStore(db);
    assert.equal(await keys.count(), 0);
    const lease = (await tryLease(db, 'development-key', 'another-start', 60_000))!;
    assert.ok(lease);
    const dir = tempDir();
    let settled = false;
    const waiting = ensureDevelopmentKey(db, keys, dir, () => {}).finally(() => (settled = true));
    await sleep(300);
    assert.equal(settled, false, 'waits for the lease');
    await keys.create({ plan: 'standard', name: 'development' });
    await lease.release();
    assert.equal(await waiting, undefined);
    assert.equal(await keys.count(), 1);
    assert.equal(existsSync(join(dir, DEVELOPMENT_KEY_FILE)), false);
  });
});

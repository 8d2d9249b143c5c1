/**
 * The development API key of a new store: `serve` makes one when the store has no key, for the
 * README's first curl, prints it and writes it to the data directory. Starts that share a new
 * store (replicas on one database, or several started at once on one directory) make it once:
 * the start that takes the store's lease (src/store/lease.ts) makes it, and the others wait
 * until a key exists. Without the lease each of them saw no key and made its own, and the file
 * held whichever was written last.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { KeyStore } from '../store/key-store.js';
import { tryLease } from '../store/lease.js';
import type { Database } from '../store/schema.js';
import { writeFileWhole } from '../shared/whole-file.js';

export const DEVELOPMENT_KEY_FILE = 'development-key.txt';
const DEVELOPMENT_KEY_PLAN = 'standard';

const LEASE = 'development-key';
/** Long enough to make a key and write a file; a start that died holding the lease holds it no longer. */
const LEASE_MS = 10_000;
/** How often a start that waits looks for the key, or for the lease of a start that died. */
const POLL_MS = 50;

/**
 * Makes the development key if the store has none; returns it, or undefined when the store had
 * a key or another start made it.
 */
export async function ensureDevelopmentKey(db: Kysely<Database>, keys: KeyStore, dataDir: string, out: (line: string) => void): Promise<string | undefined> {
  const holder = randomUUID();
  while ((await keys.count()) === 0) {
    const lease = await tryLease(db, LEASE, holder, LEASE_MS);
    if (lease === undefined) {
      await sleep(POLL_MS);
      continue;
    }
    try {
      // Another start may have made it between the count and the lease.
      if ((await keys.count()) > 0) return undefined;
      const { key } = await keys.create({ plan: DEVELOPMENT_KEY_PLAN, name: 'development' });
      // The store itself keeps only the hash. Delete the file (or revoke the key) on a real
      // deployment (`ginko doctor` warns of it).
      const file = join(dataDir, DEVELOPMENT_KEY_FILE);
      writeFileWhole(file, key + '\n', 0o600);
      out(`Development API key (plan ${DEVELOPMENT_KEY_PLAN}), also written to ${file}:`);
      out(key);
      return key;
    } finally {
      await lease.release();
    }
  }
  return undefined;
}

/**
 * A lease in the store: at most one process holds `name` at a time, on SQLite and PostgreSQL
 * alike, so that of several replicas only one checks the registry at once. It lives in the
 * settings table as `<holder> <expires at ms>` and is taken by compare-and-swap; a holder that
 * died leaves a lease that expires.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface Lease {
  release(): Promise<void>;
}

const keyOf = (name: string) => `lease:${name}`;

/** Takes the lease for `ttlMs` if nobody holds it (or the holder's time ran out); undefined otherwise. */
export async function tryLease(db: Kysely<Database>, name: string, holder: string, ttlMs: number, now = Date.now()): Promise<Lease | undefined> {
  const key = keyOf(name);
  const value = `${holder} ${now + ttlMs}`;
  const inserted = await db.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
  let taken = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  if (!taken) {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    const expiresAt = Number(row?.value.split(' ')[1] ?? 0);
    if (row && !(expiresAt > now)) {
      const swapped = await db.updateTable('settings').set({ value }).where('key', '=', key).where('value', '=', row.value).executeTakeFirst();
      taken = Number(swapped.numUpdatedRows) === 1;
    }
  }
  if (!taken) return undefined;
  return {
    async release() {
      await db.deleteFrom('settings').where('key', '=', key).where('value', '=', value).execute();
    },
  };
}

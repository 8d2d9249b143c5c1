/** Server-wide values kept in the store, such as signing secrets shared by every replica. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Returns the secret called `name`, creating a random one the first time it is asked for. */
export async function sharedSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  await db
    .insertInto('settings')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

export async function getSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function putSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

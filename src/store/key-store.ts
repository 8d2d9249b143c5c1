/** API keys in the SQL store, driven by the CLI and the console (docs/access.md#api-keys). */
import type { Kysely } from 'kysely';
import { type ApiKeyRecord, generateApiKey, generateKeyId, hashApiKey, type KeyRecords, keyHint, type NewKey } from '../access/api-key.js';
import { parseIpRule } from '../access/cidr.js';
import { referrerPatternProblem } from '../access/referrer.js';
import type { Database } from './schema.js';

type KeyRow = Database['api_keys'];

export class KeyStore implements KeyRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Stores a new key and returns it with the plaintext, which exists only in this result. */
  async create(input: NewKey): Promise<{ key: string; record: ApiKeyRecord }> {
    const plan = await this.db.selectFrom('plans').select('name').where('name', '=', input.plan).executeTakeFirst();
    if (!plan) throw new Error(`unknown plan "${input.plan}"`);
    for (const pattern of input.referrers ?? []) {
      const problem = referrerPatternProblem(pattern);
      if (problem) throw new Error(`invalid referrer pattern "${pattern}": ${problem}`);
    }
    for (const ip of input.ips ?? []) parseIpRule(ip);
    const key = generateApiKey();
    const row: KeyRow = {
      id: generateKeyId(),
      key_hash: hashApiKey(key),
      key_hint: keyHint(key),
      plan: input.plan,
      name: input.name ?? '',
      referrers: JSON.stringify(input.referrers ?? []),
      ips: JSON.stringify(input.ips ?? []),
      created_at: this.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.insertInto('api_keys').values(row).execute();
    return { key, record: fromRow(row) };
  }

  async list(): Promise<ApiKeyRecord[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute();
    return rows.map(fromRow);
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Replaces a key's label and restrictions; false when no such key exists. */
  async update(id: string, change: { readonly name?: string; readonly referrers: readonly string[]; readonly ips: readonly string[] }): Promise<boolean> {
    for (const pattern of change.referrers) {
      const problem = referrerPatternProblem(pattern);
      if (problem) throw new Error(`invalid referrer pattern "${pattern}": ${problem}`);
    }
    for (const ip of change.ips) parseIpRule(ip);
    const result = await this.db
      .updateTable('api_keys')
      .set({ referrers: JSON.stringify(change.referrers), ips: JSON.stringify(change.ips), ...(change.name !== undefined ? { name: change.name } : {}) })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async get(id: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Hashes of the keys created at or after `since` (an ISO time), or of all keys. */
  async hashesCreatedSince(since?: string): Promise<string[]> {
    let query = this.db.selectFrom('api_keys').select('key_hash');
    if (since !== undefined) query = query.where('created_at', '>=', since);
    return (await query.execute()).map((r) => r.key_hash);
  }

  /** Whether `id` is a key that exists and is not revoked, read from the store now (no cache). */
  async isActive(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('api_keys').select('revoked_at').where('id', '=', id).executeTakeFirst();
    return row !== undefined && row.revoked_at === null;
  }

  /** Marks a key revoked; returns false when no such key exists. */
  async revoke(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.now().toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return true;
    return (await this.db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async touch(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('api_keys').set({ last_used_at: at.toISOString() }).where('id', 'in', [...ids]).execute();
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function fromRow(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    keyHash: row.key_hash,
    keyHint: row.key_hint,
    plan: row.plan,
    name: row.name,
    referrers: JSON.parse(row.referrers) as string[],
    ips: JSON.parse(row.ips) as string[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

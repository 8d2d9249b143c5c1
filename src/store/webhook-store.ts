/**
 * Webhooks in the SQL store (docs/webhooks.md): each belongs to one API key, and every read and
 * change here is by key and id, so a key never reaches another's. The signing secrets are read
 * only by the delivery (secretsOf, and the outbox's lease) and never returned with a webhook.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

type WebhookRow = Database['webhooks'];

export interface WebhookRecord {
  readonly id: string;
  readonly keyId: string;
  readonly url: string;
  readonly codes: readonly string[];
  readonly description: string | null;
  readonly createdAt: string;
  /** When deliveries stopped (the receiver answered 410 Gone); null while enabled. */
  readonly disabledAt: string | null;
  readonly disabledReason: string | null;
  /** Until when (epoch ms) the secret the last rotation replaced still signs; null when none does. */
  readonly previousSecretUntil: number | null;
}

export interface NewWebhook {
  readonly keyId: string;
  readonly url: string;
  readonly codes: readonly string[];
  readonly description: string | null;
  readonly secret: string;
  readonly createdAt: string;
}

/** What PATCH may change; absent fields stay. `enabled: true` lifts a 410's disabling, `false` disables it at `at`. */
export interface WebhookChange {
  readonly url?: string;
  readonly codes?: readonly string[];
  readonly description?: string | null;
  readonly enabled?: boolean;
  readonly at: string;
}

/** Why a webhook its key disabled is disabled. */
export const DISABLED_BY_KEY = 'disabled with enabled: false';

/** A webhook's secrets: the current one, and the one its last rotation replaced with when that stops signing (epoch ms). */
export interface StoredSecrets {
  readonly secret: string;
  readonly previousSecret: string | null;
  readonly previousSecretUntil: number | null;
}

/** Whether the secret a rotation replaced still signs at `now`, given when it stops (null: it does not). */
export function previousSigns(previousSecretUntil: number | null, now: number): boolean {
  return previousSecretUntil !== null && now < previousSecretUntil;
}

/** The secrets that sign a delivery at `now`: the current one first, and the replaced one until it expires. */
export function signingSecrets(stored: StoredSecrets, now: number): string[] {
  const { secret, previousSecret, previousSecretUntil } = stored;
  return previousSecret !== null && previousSigns(previousSecretUntil, now) ? [secret, previousSecret] : [secret];
}

/** The key already has as many webhooks as its plan allows. */
export class WebhookLimitReached extends Error {}

/** `wh_` and 16 hex digits. */
export const WEBHOOK_ID = /^wh_[0-9a-f]{16}$/;

export function newWebhookId(): string {
  return `wh_${randomBytes(8).toString('hex')}`;
}

const PUBLIC_COLUMNS = ['id', 'key_id', 'url', 'codes', 'description', 'created_at', 'disabled_at', 'disabled_reason', 'previous_secret_until'] as const;

export class WebhookStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the webhook unless its key already has `maxPerKey` (WebhookLimitReached). The count and
   * the insert are one transaction that first locks the key's row, so two creates at once
   * cannot both take the last place (SQLite transactions here take the write lock up front).
   */
  async create(input: NewWebhook, maxPerKey: number): Promise<WebhookRecord> {
    const row: WebhookRow = {
      id: newWebhookId(),
      key_id: input.keyId,
      url: input.url,
      codes: JSON.stringify(input.codes),
      description: input.description,
      secret: input.secret,
      previous_secret: null,
      previous_secret_until: null,
      created_at: input.createdAt,
      disabled_at: null,
      disabled_reason: null,
    };
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('api_keys').set((eb) => ({ id: eb.ref('id') })).where('id', '=', input.keyId).execute();
      const held = await trx.selectFrom('webhooks').select((eb) => eb.fn.countAll().as('n')).where('key_id', '=', input.keyId).executeTakeFirst();
      if (Number(held?.n ?? 0) >= maxPerKey) throw new WebhookLimitReached();
      await trx.insertInto('webhooks').values(row).execute();
      return fromRow(row);
    });
  }

  /** A key's webhooks, oldest first. */
  async list(keyId: string): Promise<WebhookRecord[]> {
    const rows = await this.db.selectFrom('webhooks').select(PUBLIC_COLUMNS).where('key_id', '=', keyId).orderBy('created_at').orderBy('id').execute();
    return rows.map(fromRow);
  }

  /** Every key's webhooks, by key then age (the console). */
  async listAll(): Promise<WebhookRecord[]> {
    const rows = await this.db.selectFrom('webhooks').select(PUBLIC_COLUMNS).orderBy('key_id').orderBy('created_at').orderBy('id').execute();
    return rows.map(fromRow);
  }

  /** The key's webhook `id`; undefined for another key's, as for none. */
  async get(keyId: string, id: string): Promise<WebhookRecord | undefined> {
    const row = await this.db.selectFrom('webhooks').select(PUBLIC_COLUMNS).where('id', '=', id).where('key_id', '=', keyId).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** The webhook's secrets, to sign with (signingSecrets). */
  async secretsOf(id: string): Promise<StoredSecrets | undefined> {
    const row = await this.db.selectFrom('webhooks').select(['secret', 'previous_secret', 'previous_secret_until']).where('id', '=', id).executeTakeFirst();
    return row ? storedSecrets(row) : undefined;
  }

  /**
   * Gives the key's webhook the new `secret`; the one it replaces signs beside it until
   * `previousUntil` (epoch ms; null: not at all). One statement, so two rotations at once leave
   * one secret current and the other as the previous. Undefined when the key has no such webhook.
   */
  async rotateSecret(keyId: string, id: string, secret: string, previousUntil: number | null): Promise<WebhookRecord | undefined> {
    await this.db
      .updateTable('webhooks')
      .set((eb) => ({ previous_secret: previousUntil === null ? null : eb.ref('secret'), previous_secret_until: previousUntil, secret }))
      .where('id', '=', id)
      .where('key_id', '=', keyId)
      .execute();
    return this.get(keyId, id);
  }

  /** Applies `change` to the key's webhook; undefined when it has none with that id. */
  async update(keyId: string, id: string, change: WebhookChange): Promise<WebhookRecord | undefined> {
    const set = {
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.codes !== undefined ? { codes: JSON.stringify(change.codes) } : {}),
      ...(change.description !== undefined ? { description: change.description } : {}),
      ...(change.enabled === true ? { disabled_at: null, disabled_reason: null } : {}),
    };
    if (Object.keys(set).length > 0) await this.db.updateTable('webhooks').set(set).where('id', '=', id).where('key_id', '=', keyId).execute();
    if (change.enabled === false) await this.disable(id, change.at, DISABLED_BY_KEY, keyId);
    return this.get(keyId, id);
  }

  /** Stops deliveries to a webhook (a 410 Gone from its receiver; or its key, when `keyId` is given and owns it). */
  async disable(id: string, at: string, reason: string, keyId?: string): Promise<void> {
    let query = this.db.updateTable('webhooks').set({ disabled_at: at, disabled_reason: reason }).where('id', '=', id).where('disabled_at', 'is', null);
    if (keyId !== undefined) query = query.where('key_id', '=', keyId);
    await query.execute();
  }

  /** Deletes the key's webhook with its events and delivery log; false when it has none with that id. */
  async delete(keyId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('webhooks').where('id', '=', id).where('key_id', '=', keyId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await trx.deleteFrom('webhook_events').where('webhook_id', '=', id).execute();
      await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
      return true;
    });
  }
}

function fromRow(row: Pick<WebhookRow, (typeof PUBLIC_COLUMNS)[number]>): WebhookRecord {
  return {
    id: row.id,
    keyId: row.key_id,
    url: row.url,
    codes: JSON.parse(row.codes) as string[],
    description: row.description,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
    disabledReason: row.disabled_reason,
    previousSecretUntil: row.previous_secret_until === null ? null : Number(row.previous_secret_until),
  };
}

/** The secrets of a row as signing reads them. */
export function storedSecrets(row: Pick<WebhookRow, 'secret' | 'previous_secret' | 'previous_secret_until'>): StoredSecrets {
  return { secret: row.secret, previousSecret: row.previous_secret, previousSecretUntil: row.previous_secret_until === null ? null : Number(row.previous_secret_until) };
}

/**
 * The outbox of webhook events and the log of their deliveries (docs/webhooks.md#delivery). An
 * import writes its events in its own transaction (appendEvents, src/history/webhook-events.ts),
 * so an event exists exactly when the change it tells of does. Replicas lease due events one at
 * a time by compare-and-swap on the row (state pending, lease free or run out), so two never
 * send one event at once, on SQLite and PostgreSQL alike; a replica that died holding a lease
 * leaves one that runs out, and the event is sent again.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { type StoredSecrets, storedSecrets } from './webhook-store.js';

export const EVENT_STATES = ['pending', 'delivered', 'failed'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_BATCH = 200;

export interface NewEvent {
  readonly id: string;
  readonly webhookId: string;
  readonly updateId: string | null;
  /** The JSON body, delivered and listed as it is. */
  readonly payload: string;
  readonly createdAt: string;
  /** Epoch ms: when it is first due, and after when a failure gives it up. */
  readonly dueAt: number;
  readonly giveUpAt: number;
}

/**
 * A webhook whose events are written: one of a key that is not revoked. A disabled webhook's
 * events are written too and wait until it is enabled, so nothing is lost meanwhile.
 */
export interface WatchingWebhook {
  readonly id: string;
  readonly codes: readonly string[];
}

/** An event leased for delivery, with what sending it needs. */
export interface LeasedEvent {
  readonly id: string;
  readonly webhookId: string;
  readonly url: string;
  /** The webhook's secrets, to sign it with (signingSecrets). */
  readonly secrets: StoredSecrets;
  readonly payload: string;
  /** The number of this attempt, 1 for the first. */
  readonly attempt: number;
  readonly giveUpAt: number;
}

/** One attempt, as the log keeps it. */
export interface AttemptRecord {
  readonly eventId: string;
  readonly webhookId: string;
  readonly attempt: number;
  /** When it was made (JST, milliseconds). */
  readonly at: string;
  readonly status: number | null;
  readonly latencyMs: number;
  readonly outcome: string;
  readonly error: string | null;
}

/** An event as the console lists it. */
export interface EventSummary {
  readonly id: string;
  readonly webhookId: string;
  readonly createdAt: string;
  readonly state: EventState;
  readonly attempts: number;
  readonly nextAttemptAt: number;
}

/** The webhooks an import writes events for. */
export async function watchingWebhooks(db: Kysely<Database>): Promise<WatchingWebhook[]> {
  const rows = await db
    .selectFrom('webhooks')
    .innerJoin('api_keys', 'api_keys.id', 'webhooks.key_id')
    .select(['webhooks.id', 'webhooks.codes'])
    .where('api_keys.revoked_at', 'is', null)
    .orderBy('webhooks.id')
    .execute();
  return rows.map((r) => ({ id: r.id, codes: JSON.parse(r.codes) as string[] }));
}

/** Appends events after every event written before, in their order (inside the import's transaction). */
export async function appendEvents(db: Kysely<Database>, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const last = await db.selectFrom('webhook_events').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
  const first = Number(last?.seq ?? 0) + 1;
  const rows = events.map((e, i) => ({
    id: e.id,
    seq: first + i,
    webhook_id: e.webhookId,
    update_id: e.updateId,
    payload: e.payload,
    created_at: e.createdAt,
    state: 'pending',
    attempts: 0,
    next_attempt_at: e.dueAt,
    give_up_at: e.giveUpAt,
    leased_by: null,
    lease_until: null,
    delivered_at: null,
  }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) await db.insertInto('webhook_events').values(rows.slice(i, i + INSERT_BATCH)).execute();
}

export class WebhookOutbox {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Leases up to `limit` due events for `holder` until `now + leaseMs`, oldest due first, each
   * by a compare-and-swap of its row; counts the attempt as begun.
   */
  async lease(holder: string, now: number, leaseMs: number, limit: number): Promise<LeasedEvent[]> {
    const due = await this.db
      .selectFrom('webhook_events')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_events.webhook_id')
      .innerJoin('api_keys', 'api_keys.id', 'webhooks.key_id')
      .select(['webhook_events.id', 'webhook_events.attempts'])
      .where('webhook_events.state', '=', 'pending')
      .where('webhook_events.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('webhook_events.lease_until', 'is', null), eb('webhook_events.lease_until', '<', now)]))
      .where('webhooks.disabled_at', 'is', null)
      .where('api_keys.revoked_at', 'is', null)
      .orderBy('webhook_events.next_attempt_at')
      .orderBy('webhook_events.seq')
      .limit(limit)
      .execute();
    const leased: LeasedEvent[] = [];
    for (const candidate of due) {
      const taken = await this.db
        .updateTable('webhook_events')
        .set({ leased_by: holder, lease_until: now + leaseMs, attempts: Number(candidate.attempts) + 1 })
        .where('id', '=', candidate.id)
        .where('state', '=', 'pending')
        .where('attempts', '=', Number(candidate.attempts))
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      const row = await this.db
        .selectFrom('webhook_events')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_events.webhook_id')
        .select(['webhook_events.id', 'webhook_events.webhook_id', 'webhooks.url', 'webhooks.secret', 'webhooks.previous_secret', 'webhooks.previous_secret_until', 'webhook_events.payload', 'webhook_events.attempts', 'webhook_events.give_up_at'])
        .where('webhook_events.id', '=', candidate.id)
        .executeTakeFirst();
      // Deleted with its webhook meanwhile.
      if (!row) continue;
      leased.push({ id: row.id, webhookId: row.webhook_id, url: row.url, secrets: storedSecrets(row), payload: row.payload, attempt: Number(row.attempts), giveUpAt: Number(row.give_up_at) });
    }
    return leased;
  }

  /** The attempt delivered the event. */
  async delivered(event: LeasedEvent, holder: string, at: string): Promise<void> {
    await this.#settle(event, holder, { state: 'delivered', delivered_at: at });
  }

  /** The attempt failed: due again at `dueAt` (also when its webhook was disabled: it waits for it to be enabled). */
  async retryAt(event: LeasedEvent, holder: string, dueAt: number): Promise<void> {
    await this.#settle(event, holder, { next_attempt_at: dueAt });
  }

  /** The attempt failed and the event's time is up. */
  async givenUp(event: LeasedEvent, holder: string): Promise<void> {
    await this.#settle(event, holder, { state: 'failed' });
  }

  /** Ends the lease with `set`, if `holder` still holds it. */
  async #settle(event: LeasedEvent, holder: string, set: { state?: EventState; delivered_at?: string; next_attempt_at?: number }): Promise<void> {
    await this.db
      .updateTable('webhook_events')
      .set({ ...set, leased_by: null, lease_until: null })
      .where('id', '=', event.id)
      .where('leased_by', '=', holder)
      .where('attempts', '=', event.attempt)
      .execute();
  }

  async recordAttempt(record: AttemptRecord): Promise<void> {
    await this.db
      .insertInto('webhook_deliveries')
      .values({ event_id: record.eventId, webhook_id: record.webhookId, attempt: record.attempt, at: record.at, status: record.status, latency_ms: record.latencyMs, outcome: record.outcome, error: record.error })
      .onConflict((oc) => oc.columns(['event_id', 'attempt']).doNothing())
      .execute();
  }

  /**
   * The webhook's events after event `after` (from the first without it), `limit` at most, in
   * order; undefined when `after` is not one of its events.
   */
  async feed(webhookId: string, after: string | undefined, limit: number): Promise<{ payloads: string[]; hasMore: boolean } | undefined> {
    let from = 0;
    if (after !== undefined) {
      const row = await this.db.selectFrom('webhook_events').select('seq').where('id', '=', after).where('webhook_id', '=', webhookId).executeTakeFirst();
      if (!row) return undefined;
      from = Number(row.seq);
    }
    const rows = await this.db.selectFrom('webhook_events').select('payload').where('webhook_id', '=', webhookId).where('seq', '>', from).orderBy('seq').limit(limit + 1).execute();
    return { payloads: rows.slice(0, limit).map((r) => r.payload), hasMore: rows.length > limit };
  }

  /** The webhook's last `limit` attempts, newest first. */
  async attempts(webhookId: string, limit: number): Promise<AttemptRecord[]> {
    const rows = await this.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('at', 'desc').orderBy('attempt', 'desc').orderBy('event_id').limit(limit).execute();
    return rows.map((r) => ({ eventId: r.event_id, webhookId: r.webhook_id, attempt: Number(r.attempt), at: r.at, status: r.status === null ? null : Number(r.status), latencyMs: Number(r.latency_ms), outcome: r.outcome, error: r.error }));
  }

  /** The webhook's last `limit` events, newest first (the console). */
  async recentEvents(webhookId: string, limit: number): Promise<EventSummary[]> {
    const rows = await this.db
      .selectFrom('webhook_events')
      .select(['id', 'webhook_id', 'created_at', 'state', 'attempts', 'next_attempt_at'])
      .where('webhook_id', '=', webhookId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, webhookId: r.webhook_id, createdAt: r.created_at, state: r.state as EventState, attempts: Number(r.attempts), nextAttemptAt: Number(r.next_attempt_at) }));
  }

  /**
   * Makes an event that failed (given up, or still being retried) due now, with another
   * `windowMs` before it is given up again (the console's retry); false for another webhook's,
   * a delivered one, or one being sent right now.
   */
  async retryNow(webhookId: string, eventId: string, now: number, windowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_events')
      .set({ state: 'pending', next_attempt_at: now, give_up_at: now + windowMs })
      .where('id', '=', eventId)
      .where('webhook_id', '=', webhookId)
      .where('state', '!=', 'delivered')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes events no longer pending, and attempts, made before `before` (ISO text of the same form). */
  async prune(before: string): Promise<void> {
    await this.db.deleteFrom('webhook_events').where('state', '!=', 'pending').where('created_at', '<', before).execute();
    await this.db.deleteFrom('webhook_deliveries').where('at', '<', before).execute();
  }
}

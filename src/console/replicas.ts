/**
 * Replica heartbeats: each running server writes its row every HEARTBEAT_INTERVAL_MS, so the
 * console can list the replicas seen recently (the Service page).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export const HEARTBEAT_INTERVAL_MS = 15_000;
/** A replica not heard from for this long is no longer listed; its row is deleted after a day. */
export const REPLICA_SEEN_WINDOW_MS = 2 * 60_000;
const REPLICA_FORGET_MS = 86_400_000;

export interface Replica {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly version: string;
  readonly startedAt: string;
  readonly seenAt: string;
}

export class ReplicaHeartbeat {
  readonly id = 'replica_' + randomBytes(6).toString('hex');
  readonly #startedAt: string;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly version: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#startedAt = new Date(now()).toISOString();
  }

  /** Writes the first beat now, then one every interval. */
  async start(onError: (err: unknown) => void = () => {}, intervalMs = HEARTBEAT_INTERVAL_MS): Promise<void> {
    await this.beat();
    this.#timer = setInterval(() => void this.beat().catch(onError), intervalMs);
    this.#timer.unref();
  }

  async beat(): Promise<void> {
    const seen = new Date(this.now()).toISOString();
    await this.db
      .insertInto('replicas')
      .values({ id: this.id, host: hostname(), pid: process.pid, version: this.version, started_at: this.#startedAt, seen_at: seen })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: seen }))
      .execute();
  }

  /** Stops beating and removes this replica's row (a clean shutdown is not "seen recently"). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.db.deleteFrom('replicas').where('id', '=', this.id).execute();
  }
}

/** Replicas heard from within REPLICA_SEEN_WINDOW_MS, most recent first. */
export async function recentReplicas(db: Kysely<Database>, now = Date.now()): Promise<Replica[]> {
  await db.deleteFrom('replicas').where('seen_at', '<', new Date(now - REPLICA_FORGET_MS).toISOString()).execute();
  const rows = await db
    .selectFrom('replicas')
    .selectAll()
    .where('seen_at', '>=', new Date(now - REPLICA_SEEN_WINDOW_MS).toISOString())
    .orderBy('seen_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, host: r.host, pid: Number(r.pid), version: r.version, startedAt: r.started_at, seenAt: r.seen_at }));
}

/**
 * Servers that update themselves (`ginko serve --update-interval`, docs/history.md#schedules).
 * Every interval, plus a random share of it so that replicas do not ask together, a server
 * takes the store's update lease; the holder runs the same check as `ginko update`, records
 * when it ran, and lets go. A replica that finds the lease taken, or a check made by another
 * within half an interval, skips: the others pick an import up through their poll of the
 * store. A failed check is reported and tried again at the next interval; it never stops the
 * server.
 */
import { randomUUID } from 'node:crypto';
import type { RegistryOptions } from '../dataset/registry-client.js';
import type { SqlStore } from '../store/open.js';
import { tryLease } from '../store/lease.js';
import { getSetting, putSetting } from '../store/settings.js';
import { checkForUpdate, type UpdateOutcome } from './updater.js';

/** What one scheduled check came to; the label of ginko_dataset_update_checks_total. */
export const CHECK_OUTCOMES = ['current', 'updated', 'unreachable', 'integrity', 'malformed', 'too_large', 'invalid', 'error', 'skipped'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export interface UpdateScheduleOptions {
  readonly intervalMs: number;
  readonly registry: RegistryOptions;
  /** Share of the interval added at random to each wait; 0.1 by default. */
  readonly jitter?: number;
  /** How long a check may hold the lease before another replica may take it. */
  readonly leaseMs?: number;
}

/** The store lease of update checks: scheduled ones and the console's. */
export const UPDATE_LEASE = 'dataset-update';
const LAST_CHECK = 'dataset-update:last-check';
const LAST_SUCCESS = 'dataset-update:last-success';
const DEFAULT_JITTER = 0.1;
const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * Records that a check ran (and, unless it failed, that it succeeded), for every replica to
 * see: scheduled checks wait an interval after it, and /metrics reports the last success.
 * `ginko update` records its checks too.
 */
export async function recordCheck(store: SqlStore, result: UpdateOutcome, now = Date.now()): Promise<void> {
  await putSetting(store.db, LAST_CHECK, JSON.stringify({ at: now, outcome: outcomeOf(result) }));
  if (result.kind !== 'failed') await putSetting(store.db, LAST_SUCCESS, String(now));
}

/**
 * One check on demand (the console's "check for updates now", docs/console.md): the same
 * check as `ginko update`, under the same lease as the scheduled checks so that two replicas
 * never import at once, recorded like them. Undefined when another process holds the lease.
 * Unlike a scheduled check it does not skip after a recent check: an operator asked for it.
 */
export async function checkUnderLease(store: SqlStore, registry: RegistryOptions, leaseMs = DEFAULT_LEASE_MS): Promise<UpdateOutcome | undefined> {
  const lease = await tryLease(store.db, UPDATE_LEASE, randomUUID(), leaseMs);
  if (!lease) return undefined;
  try {
    const result = await checkForUpdate(store, registry);
    await recordCheck(store, result);
    return result;
  } finally {
    await lease.release();
  }
}

function outcomeOf(result: UpdateOutcome): CheckOutcome {
  switch (result.kind) {
    case 'current':
      return 'current';
    case 'updated':
    case 'would_update':
      return 'updated';
    case 'failed':
      return result.reason;
  }
}

export class UpdateSchedule {
  readonly #holder = randomUUID();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #running: Promise<unknown> | undefined;
  /** Unix ms of the last successful check by any replica on the store, once known. */
  lastSuccessAt: number | undefined;
  /** Called after every check with its outcome and, for an update or a failure, a message. */
  onCheck: (outcome: CheckOutcome, message?: string) => void = () => {};
  /** Called after this replica imported a new snapshot, e.g. to load it without waiting for the poll. */
  onUpdated: () => Promise<unknown> = async () => {};

  constructor(
    private readonly store: SqlStore,
    private readonly options: UpdateScheduleOptions,
  ) {}

  #wait(base: number): number {
    return Math.max(0, base) + Math.random() * (this.options.jitter ?? DEFAULT_JITTER) * this.options.intervalMs;
  }

  /** Schedules the first check for when the last one on the store is an interval old. */
  async start(): Promise<void> {
    const last = await this.#lastCheckAt();
    this.lastSuccessAt = await this.#lastSuccessAt();
    this.#schedule(this.#wait(last === undefined ? 0 : Math.min(this.options.intervalMs, last + this.options.intervalMs - Date.now())));
  }

  /** No more checks; resolves once a check under way has finished, so the store can close. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.tick().finally(() => this.#schedule(this.#wait(this.options.intervalMs)));
    }, ms);
    this.#timer.unref();
  }

  async #lastCheckAt(): Promise<number | undefined> {
    const value = await getSetting(this.store.db, LAST_CHECK);
    return value === undefined ? undefined : (JSON.parse(value) as { at: number }).at;
  }

  async #lastSuccessAt(): Promise<number | undefined> {
    const value = await getSetting(this.store.db, LAST_SUCCESS);
    return value === undefined ? undefined : Number(value);
  }

  /** One scheduled check; never throws. */
  async tick(): Promise<CheckOutcome> {
    let outcome: CheckOutcome;
    let message: string | undefined;
    try {
      [outcome, message] = await this.#check();
      this.lastSuccessAt = (await this.#lastSuccessAt()) ?? this.lastSuccessAt;
    } catch (err) {
      outcome = 'error';
      message = (err as Error).message;
    }
    this.onCheck(outcome, message);
    return outcome;
  }

  async #check(): Promise<[CheckOutcome, string?]> {
    const lease = await tryLease(this.store.db, UPDATE_LEASE, this.#holder, this.options.leaseMs ?? DEFAULT_LEASE_MS);
    if (!lease) return ['skipped', 'another replica is checking'];
    try {
      const last = await this.#lastCheckAt();
      if (last !== undefined && Date.now() - last < this.options.intervalMs / 2) return ['skipped', 'another replica checked within half an interval'];
      const result = await checkForUpdate(this.store, this.options.registry);
      const outcome = outcomeOf(result);
      await recordCheck(this.store, result);
      if (result.kind === 'updated') {
        await this.onUpdated();
        return [outcome, `imported ${result.updateId} (zengin-code@${result.version}): ${result.changes} changes`];
      }
      return result.kind === 'failed' ? [outcome, result.message] : [outcome];
    } finally {
      await lease.release();
    }
  }
}

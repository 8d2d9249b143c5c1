/**
 * The requests counted for every (bucket, key, day) since the last flush, added to the store
 * every USAGE_FLUSH_INTERVAL_MS and at shutdown (src/store/usage-store.ts), so that in-process
 * rate limiting survives a restart: see the store's comment.
 */
export const USAGE_FLUSH_INTERVAL_MS = 5_000;
/** Rows of days older than this are deleted at start. */
export const USAGE_RETENTION_DAYS = 31;

export interface UsageCount {
  readonly bucket: string;
  readonly keyId: string;
  readonly day: string;
  readonly count: number;
}

/** Where the counts are added (src/store/usage-store.ts). */
export interface UsageCounts {
  add(deltas: readonly UsageCount[]): Promise<void>;
}

/** Requests counted since the last flush, kept under their id and added to by later requests. */
interface Pending {
  readonly id: string;
  readonly bucket: string;
  readonly keyId: string;
  readonly day: string;
  count: number;
}

export class UsageJournal {
  readonly #pending = new Map<string, Pending>();
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: UsageCounts,
    private readonly onError: (err: unknown) => void = () => {},
    intervalMs = USAGE_FLUSH_INTERVAL_MS,
  ) {
    this.#timer = setInterval(() => void this.flush(), intervalMs);
    this.#timer.unref();
  }

  /**
   * Adds `delta` requests to the next flush; cheap enough for every request. `id` names the
   * (bucket, key, day): callers that keep such a name (the rate limiter's counter key) pass it
   * to save building one per request.
   */
  record(bucket: string, keyId: string, day: string, delta: number, id = `${bucket}\n${keyId}\n${day}`): void {
    const pending = this.#pending.get(id);
    if (pending) pending.count += delta;
    else this.#pending.set(id, { id, bucket, keyId, day, count: delta });
  }

  /** Writes what was recorded since the last flush. Flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (this.#pending.size === 0) return;
      const batch = [...this.#pending.values()];
      this.#pending.clear();
      try {
        await this.store.add(batch.map(({ bucket, keyId, day, count }) => ({ bucket, keyId, day, count })));
      } catch (err) {
        // The transaction added none of them: put them back, added to what arrived meanwhile.
        for (const c of batch) this.record(c.bucket, c.keyId, c.day, c.count, c.id);
        this.onError(err);
      }
    });
    return this.#flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}

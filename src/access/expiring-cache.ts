/**
 * Values read from the store and kept for a fixed time, for the request path: a kept value can
 * be read at once (`peek`), requests that ask while a read is under way share that read,
 * and a failed read is not kept. Plans (plan-cache.ts) and API key lookups (authenticator.ts).
 * A value the owner says not to keep (`keep`) is answered to the requests that waited for it
 * and then dropped: the API key cache keeps only keys that exist, so that lookups of made-up
 * keys cannot fill it and, when it starts again, evict the keys in use.
 */
/** A value as read, and the time (epoch ms) until which it is kept. */
export interface Kept<V> {
  readonly value: V;
  readonly expires: number;
}

interface Slot<V> {
  readonly expires: number;
  readonly reading: Promise<Kept<V>>;
  /** Set once the read has finished. */
  kept?: Kept<V>;
}

export class ExpiringCache<V> {
  readonly #slots = new Map<string, Slot<V>>();

  constructor(
    private readonly read: (key: string) => Promise<V>,
    private readonly ttlMs: number,
    /** Past this many keys the cache starts again. */
    private readonly maxEntries = Number.POSITIVE_INFINITY,
    /** Whether a value read is kept; values not kept are read again next time. */
    private readonly keep: (value: V) => boolean = () => true,
  ) {}

  /** Drops what is kept for `key`: the next get reads it again. */
  forget(key: string): void {
    this.#slots.delete(key);
  }

  /** The value kept for `key` at `now` once its read has finished; undefined otherwise. */
  peek(key: string, now: number): Kept<V> | undefined {
    const hit = this.#slots.get(key);
    return hit && hit.expires > now ? hit.kept : undefined;
  }

  /** The value kept for `key` at `now`, or the read that is under way or starts now. */
  get(key: string, now: number): Promise<Kept<V>> {
    const hit = this.#slots.get(key);
    if (hit && hit.expires > now) return hit.reading;
    if (this.#slots.size >= this.maxEntries) this.#slots.clear();
    const expires = now + this.ttlMs;
    const slot: Slot<V> = {
      expires,
      reading: this.read(key).then(
        (value) => {
          const kept = { value, expires };
          if (this.keep(value)) slot.kept = kept;
          else if (this.#slots.get(key) === slot) this.#slots.delete(key);
          return kept;
        },
        (err: unknown) => {
          if (this.#slots.get(key) === slot) this.#slots.delete(key);
          throw err;
        },
      ),
    };
    this.#slots.set(key, slot);
    return slot.reading;
  }
}

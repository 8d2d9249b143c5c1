/**
 * Values read from the store and kept for a fixed time, for the request path: a kept value is
 * answered at once (no promise), requests that ask while a read is under way share that read,
 * and a failed read is not kept. Plans (plan-cache.ts) and API key lookups (authenticator.ts).
 */
import type { MaybePromise } from './maybe-promise.js';

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
  ) {}

  /** The value kept for `key` at `now`, or the read that is under way or starts now. */
  get(key: string, now: number): MaybePromise<Kept<V>> {
    const hit = this.#slots.get(key);
    if (hit && hit.expires > now) return hit.kept ?? hit.reading;
    if (this.#slots.size >= this.maxEntries) this.#slots.clear();
    const expires = now + this.ttlMs;
    const slot: Slot<V> = {
      expires,
      reading: this.read(key).then(
        (value) => (slot.kept = { value, expires }),
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

import type { Doorkeeper } from './doorkeeper.js';

/**
 * What one kept entry costs beyond its key's characters and its value's own contents, for
 * weights in bytes: the entry object, its Map slot (with the table's slack), its queue slot, the
 * key string's header and a small wrapper object around the value. Measured with heap snapshots
 * of full caches; without it, caches of many small values held well over their bound.
 */
const LRU_ENTRY_BYTES = 200;

interface Entry<V> {
  readonly key: string;
  readonly value: V;
  readonly weight: number;
  used: boolean;
}

/** What a queue slot holds once its entry has been taken from the front. */
const SPENT: Entry<never> = Object.freeze({ key: '', value: undefined as never, weight: 0, used: false }) as Entry<never>;

/**
 * A map bounded by a total size that drops the entries least recently used, approximately:
 * each entry weighs `weigh(key, value)` (1 by default, so the bound is a count). A hit only
 * marks its entry, so a read never reorders anything; when room is needed, entries are looked
 * at oldest first, and a marked one is unmarked and moved to the back (a second chance) rather
 * than dropped: the CLOCK approximation of LRU.
 *
 * The order is a queue of its own, not the Map's: a Map whose oldest entries are deleted one by
 * one keeps their slots until it is rehashed, and every walk from its start steps over them, so
 * a full cache under a stream of new keys (distinct requests) would pay more for each insertion.
 */
export class Lru<V> {
  readonly #entries = new Map<string, Entry<V>>();
  /** Entries oldest first from `#head`; an entry no longer in the map is skipped when met. */
  #queue: Entry<V>[] = [];
  #head = 0;
  #total = 0;

  constructor(
    /** The largest total weight kept. */
    readonly capacity: number,
    private readonly weigh: (key: string, value: V) => number = () => 1,
    /** When given, `admit` lets a key in only the second time it is asked about (doorkeeper.ts). */
    private readonly admission?: Doorkeeper,
  ) {}

  /**
   * A cache bounded in bytes: each entry weighs what it costs beside its contents
   * (LRU_ENTRY_BYTES), its key's characters (two bytes each) and `valueBytes(value)`.
   */
  static inBytes<V>(capacity: number, valueBytes: (value: V) => number, admission?: Doorkeeper): Lru<V> {
    return new Lru<V>(capacity, (key, value) => LRU_ENTRY_BYTES + 2 * key.length + valueBytes(value), admission);
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  /**
   * Whether a value for `key`, just made because `get` found none, should be `set`: always
   * without an admission rule, else the second time a key is asked about. Asked once per value
   * made, before making what only the cache needs (a kept answer's own copy of its bytes).
   */
  admit(key: string): boolean {
    return this.admission === undefined || this.admission.secondSighting(key);
  }

  /** Keeps `value` unless it alone weighs more than the capacity. */
  set(key: string, value: V): void {
    const weight = this.weigh(key, value);
    if (weight > this.capacity) return;
    const old = this.#entries.get(key);
    if (old !== undefined) {
      this.#entries.delete(key);
      this.#total -= old.weight;
    }
    // Marked entries go to the back unmarked and are met again after the others: this ends.
    while (this.#total + weight > this.capacity) {
      const oldest = this.#queue[this.#head]!;
      // The spent slot lets go of its entry at once: an evicted entry's value must not stay
      // reachable from the queue until the next compaction (that held caches at twice their bound).
      this.#queue[this.#head++] = SPENT;
      if (this.#entries.get(oldest.key) !== oldest) continue;
      if (oldest.used) {
        oldest.used = false;
        this.#queue.push(oldest);
      } else {
        this.#entries.delete(oldest.key);
        this.#total -= oldest.weight;
      }
    }
    const entry: Entry<V> = { key, value, weight, used: false };
    this.#entries.set(key, entry);
    this.#queue.push(entry);
    this.#total += weight;
    // Drop the queue's spent front now and then: it never holds more than twice what it must.
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head).filter((e) => this.#entries.get(e.key) === e);
      this.#head = 0;
    }
  }
}

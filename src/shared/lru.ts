import { type Doorkeeper, MAX_COUNT } from './doorkeeper.js';

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
  /** The admission rule's halvings when its count of the key was seen at the top; -1 before. */
  topSince: number;
}

/** What a queue slot holds once its entry has been taken from the front. */
const SPENT: Entry<never> = Object.freeze({ key: '', value: undefined as never, weight: 0, used: false, topSince: -1 }) as Entry<never>;

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
  /** Set once an entry was pushed out for another: from then on, admission compares the two. */
  #full = false;

  constructor(
    /** The largest total weight kept. */
    readonly capacity: number,
    private readonly weigh: (key: string, value: V) => number = () => 1,
    /**
     * When given, `admit` lets a key in from the second time it is asked about on, and into a
     * full cache only if asked about more often than the key it would push out (doorkeeper.ts).
     */
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
    // A hit counts as a request for the key, as a miss does in `admit`: kept keys are compared
    // with newcomers by how often they are asked for, not by how often they were made. A key
    // whose count is at the top, as a repeated one's soon is, stays there until the next halving.
    const admission = this.admission;
    if (admission !== undefined) {
      const halvings = admission.halvings;
      if (entry.topSince === halvings) admission.sightingAtTop();
      // Not at the top if this very sighting brought the next halving.
      else if (admission.sighting(key) === MAX_COUNT && admission.halvings === halvings) entry.topSince = halvings;
    }
    return entry.value;
  }

  /**
   * Whether a value for `key`, just made because `get` found none, should be `set`: always
   * without an admission rule; else from the second time the key is asked about on and, once
   * the cache is full, only if the key was asked about more often than the key of the entry the
   * next `set` would push out first. Asked once per value made, before making what only the
   * cache needs (a kept answer's own copy of its bytes).
   */
  admit(key: string): boolean {
    if (this.admission === undefined) return true;
    const asked = this.admission.sighting(key);
    if (asked < 2) return false;
    if (!this.#full) return true;
    const victim = this.#victim();
    return victim === undefined || asked > this.admission.count(victim.key);
  }

  /**
   * The entry to push out next, as CLOCK chooses it: the oldest not used since the hand last
   * passed it. Entries used meanwhile are unmarked and moved to the back on the way (their
   * second chance); the victim stays at the front until `set` needs its room.
   */
  #victim(): Entry<V> | undefined {
    // Marked entries go to the back unmarked and are met again after the others: this ends.
    while (this.#head < this.#queue.length) {
      const oldest = this.#queue[this.#head]!;
      if (this.#entries.get(oldest.key) !== oldest) {
        this.#queue[this.#head++] = SPENT;
        continue;
      }
      if (!oldest.used) return oldest;
      oldest.used = false;
      this.#queue[this.#head++] = SPENT;
      this.#queue.push(oldest);
    }
    return undefined;
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
    while (this.#total + weight > this.capacity) {
      const victim = this.#victim()!;
      // The spent slot lets go of its entry at once: an evicted entry's value must not stay
      // reachable from the queue until the next compaction (that held caches at twice their bound).
      this.#queue[this.#head++] = SPENT;
      this.#entries.delete(victim.key);
      this.#total -= victim.weight;
      this.#full = true;
    }
    const entry: Entry<V> = { key, value, weight, used: false, topSince: -1 };
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

/**
 * A map bounded by a total size that drops the entries least recently used, approximately:
 * each entry weighs `weigh(key, value)` (1 by default, so the bound is a count). A hit only
 * marks its entry, so a read never reorders the map; when room is needed, entries are looked
 * at oldest first, and a marked one is unmarked and moved to the back (a second chance) rather
 * than dropped: the CLOCK approximation of LRU.
 */
interface Entry<V> {
  readonly value: V;
  readonly weight: number;
  used: boolean;
}

export class Lru<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #total = 0;

  constructor(
    /** The largest total weight kept. */
    readonly capacity: number,
    private readonly weigh: (key: string, value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
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
    // Entries moved to the back are met again after the others, unmarked: this ends.
    for (const [oldest, entry] of this.#entries) {
      if (this.#total + weight <= this.capacity) break;
      this.#entries.delete(oldest);
      if (entry.used) {
        entry.used = false;
        this.#entries.set(oldest, entry);
      } else {
        this.#total -= entry.weight;
      }
    }
    this.#entries.set(key, { value, weight, used: false });
    this.#total += weight;
  }
}

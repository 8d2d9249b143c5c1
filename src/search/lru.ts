/**
 * A least-recently-used map bounded by a total size: each entry weighs `weigh(key, value)`
 * (1 by default, so the bound is a count), and adding past the bound drops the entries used
 * longest ago. A Map keeps insertion order, so a hit is moved to the end and the oldest-used
 * entry is always first.
 */
export class Lru<V> {
  readonly #entries = new Map<string, { readonly value: V; readonly weight: number }>();
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
    this.#entries.delete(key);
    this.#entries.set(key, entry);
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
    for (const [oldest, entry] of this.#entries) {
      if (this.#total + weight <= this.capacity) break;
      this.#entries.delete(oldest);
      this.#total -= entry.weight;
    }
    this.#entries.set(key, { value, weight });
    this.#total += weight;
  }
}

/**
 * Who is let into a full cache: the admission rule of the bounded caches (lru.ts), after
 * TinyLFU. A cache that keeps every answer it makes spends, under users' traffic, most of its
 * work and memory on answers nobody asks for again (each distinct lookup, prefix or name): each
 * is copied, inserted, survives into the old generation of the heap and is evicted later.
 *
 * So the doorkeeper counts how often each key was asked for, approximately, and a cache keeps
 * a value only from the second request for its key on; once full, only if its key was asked
 * for more often than the key of the entry it would push out. A one-off answer costs nothing
 * beyond its making, a repeated one a lookup from its third request on, and a stream of keys
 * that come back only after more others than the cache holds (a file resolved again, a scan of
 * every branch) no longer replaces the cache with values pushed out again unread: what is kept
 * stays and is found (docs/benchmarks.md#caches-that-keep-what-is-asked-for-again).
 *
 * The counts are a count-min sketch: DEPTH rows of SLOTS byte counters (256 KiB), a key
 * counted in one counter of each row and estimated by the smallest, so a count is never under
 * the truth and seldom over it. Counts stop at MAX_COUNT, and are halved every AGE_AFTER
 * sightings so that what was asked for often long ago gives way to what is asked for now.
 */

/** Counters in each row of the sketch. */
export const DOORKEEPER_SLOTS = 1 << 16;
const DEPTH = 4;
/** Where counts stop. */
export const MAX_COUNT = 15;
/** Sightings between two halvings of every count. */
const AGE_AFTER = 10 * DOORKEEPER_SLOTS;

export class Doorkeeper {
  readonly #counts = new Uint8Array(DEPTH * DOORKEEPER_SLOTS);
  readonly #slots = new Int32Array(DEPTH);
  #sightings = 0;
  #halvings = 0;

  /** Counts a request for `key`; how often it was asked for, this time included. */
  sighting(key: string): number {
    const count = this.#locate(key);
    // Conservative update: only the smallest counters grow, so that keys sharing a counter
    // with a frequent one are not counted up with it.
    if (count < MAX_COUNT) {
      for (let row = 0; row < DEPTH; row++) if (this.#counts[this.#slots[row]!] === count) this.#counts[this.#slots[row]!] = count + 1;
    }
    this.#tick();
    return Math.min(count + 1, MAX_COUNT);
  }

  /** Halvings of every count so far: a count that reached MAX_COUNT stays there until the next. */
  get halvings(): number {
    return this.#halvings;
  }

  /**
   * Counts a request for a key whose count reached MAX_COUNT since the last halving, toward the
   * next halving only: its counters are at the top, and `sighting` would change none of them.
   * A cache hit on a key asked for often (lru.ts) thus costs no hashing of the key.
   */
  sightingAtTop(): void {
    this.#tick();
  }

  /** How often `key` was asked for (estimated, never under the truth until a halving). */
  count(key: string): number {
    return this.#locate(key);
  }

  /** Fills #slots with the key's counter in each row; returns the smallest count. */
  #locate(key: string): number {
    // FNV-1a over the UTF-16 code units, then for each row mixed with the row's own seed as
    // MurmurHash3 finishes its hash: FNV's low bits spread similar keys poorly, and rows that
    // took the same bits would share every collision.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    let least = MAX_COUNT;
    for (let row = 0; row < DEPTH; row++) {
      let x = h ^ Math.imul(row + 1, 0x9e3779b9);
      x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
      x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
      x ^= x >>> 16;
      const slot = row * DOORKEEPER_SLOTS + (x & (DOORKEEPER_SLOTS - 1));
      this.#slots[row] = slot;
      least = Math.min(least, this.#counts[slot]!);
    }
    return least;
  }

  /** One sighting more toward the next halving. */
  #tick(): void {
    if (++this.#sightings >= AGE_AFTER) this.#age();
  }

  #age(): void {
    for (let i = 0; i < this.#counts.length; i++) this.#counts[i] = this.#counts[i]! >> 1;
    this.#sightings = 0;
    this.#halvings++;
  }
}

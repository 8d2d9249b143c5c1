/**
 * Which keys were asked for once before, approximately: the admission rule of the bounded caches
 * (lru.ts). A cache that keeps every answer it makes spends, under users' traffic, most of its
 * work and memory on answers nobody asks for again (each distinct lookup, prefix or name): each
 * is copied, inserted, survives into the old generation of the heap and is evicted later. Kept
 * from the second request for the same key instead, a repeated answer still costs one lookup
 * from its third request on, and a one-off answer costs nothing beyond its making.
 *
 * A fixed table of 32-bit hashes (SLOTS of them, 256 KiB): a key's hash in its slot means "seen
 * once". Two keys sharing a slot overwrite each other, which only delays an admission; a hash
 * collision in the same slot admits early, which only keeps an answer that is still right.
 */

/** Slots of the table: a key asked for again within about this many other first requests is admitted. */
export const DOORKEEPER_SLOTS = 1 << 16;

export class Doorkeeper {
  readonly #seen = new Int32Array(DOORKEEPER_SLOTS);

  /** True when `key` was seen once before (it is then forgotten); otherwise remembers it and returns false. */
  secondSighting(key: string): boolean {
    // FNV-1a over the UTF-16 code units; 0 marks an empty slot, so a hash is never 0.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    // FNV's low bits spread similar keys poorly: mixed as MurmurHash3 finishes its hash.
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h = (h ^ (h >>> 16)) | 1;
    const slot = h & (DOORKEEPER_SLOTS - 1);
    if (this.#seen[slot] === h) {
      this.#seen[slot] = 0;
      return true;
    }
    this.#seen[slot] = h;
    return false;
  }
}

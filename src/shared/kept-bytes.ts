/**
 * Bytes kept for long, outside the JavaScript heap (the garbage collector neither copies nor
 * marks them) and never in memory shared with short-lived buffers. A small Buffer.from or
 * Buffer.allocUnsafe is a slice of Buffer's shared pool, whose 8 KiB slabs one kept slice
 * would hold whole, beside the answers made from the same slab. So bytes kept as long as a
 * snapshot (its records' JSON) are packed in an arena of their own, and bytes kept for a while
 * (a cache entry, evicted on its own) get a copy of their own.
 */

import { mostUtf8Bytes } from './text-bytes.js';

const SLAB_BYTES = 64 * 1024;

/** What a kept buffer costs beside its bytes (its objects on the heap, its backing store's record), for caches' weights. */
export const KEPT_BUFFER_BYTES = 250;

/** UTF-8 text kept as long as the arena's owner; nothing is freed before the whole arena. */
export class ByteArena {
  #slab: Buffer | undefined;
  #used = 0;

  /** `text` in UTF-8, kept in the arena. */
  keep(text: string): Buffer {
    const most = mostUtf8Bytes(text);
    // A long text gets memory of its exact length, and the slab being filled stays.
    if (most > SLAB_BYTES / 4) return ownCopy(Buffer.from(text));
    if (this.#slab === undefined || this.#used + most > this.#slab.length) {
      this.#slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      this.#used = 0;
    }
    const start = this.#used;
    this.#used += this.#slab.write(text, start);
    return this.#slab.subarray(start, this.#used);
  }
}

/** `bytes` in memory of their own (the same buffer when it already is), for a cache entry. */
export function ownCopy(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

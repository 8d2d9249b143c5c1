/**
 * Values by text: the exact lookups of the Resolve index (a name, a reading, a stem to the
 * entries that carry it). Nearly every text names one entry, so a single value is stored as
 * itself and only a text shared by several entries gets an array; a one-element array per text
 * cost more than the entries themselves. The map is made on the first value: most banks have no
 * numeral or former branch names at all.
 */
export class Postings<T extends object> {
  // A value is never an array itself (entries are plain objects), so Array.isArray tells the two apart.
  #map: Map<string, T | T[]> | undefined;

  get size(): number {
    return this.#map?.size ?? 0;
  }

  /** Adds `value` under `key` once; the empty text is not indexed. */
  add(key: string, value: T): void {
    if (key === '') return;
    this.#map ??= new Map();
    const current = this.#map.get(key);
    if (current === undefined) this.#map.set(key, value);
    else if (Array.isArray(current)) {
      if (!current.includes(value)) current.push(value);
    } else if (current !== value) this.#map.set(key, [current, value]);
  }

  /** The values under `key`, in the order they were added. */
  get(key: string): readonly T[] {
    const found = this.#map?.get(key);
    return found === undefined ? NONE : Array.isArray(found) ? found : [found];
  }
}

const NONE: readonly never[] = Object.freeze([]);

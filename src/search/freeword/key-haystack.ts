/**
 * The folded keys of many records in one flat string, searched with `indexOf`: a scan of the
 * string finds every record with a key holding the query, ranked as rankKeys ranks (rank.ts),
 * with no loop over records and keys and no object per candidate. The engine's string search
 * runs over a flat string far faster than `startsWith` and `includes` called key by key: a
 * bank's branches (up to 717, four or five keys each) are searched this way.
 *
 * Layout: each key is preceded by SEPARATOR and the text ends with one, so that a match never
 * spans two keys (no query holds SEPARATOR: such a query matches nothing), a match starts a key
 * when the character before it is SEPARATOR, and is the whole key when the character after it
 * is one too.
 */
import { EXACT, INFIX, NO_MATCH, PREFIX } from './rank.js';

const SEPARATOR = '\u0000';
const SEPARATOR_CODE = 0;

export class KeyHaystack {
  readonly #text: string;
  /** Record i's keys lie in [#starts[i], #starts[i + 1]); a record without keys has an empty range. */
  readonly #starts: Int32Array;

  /** `keysOf(i)`: the folded keys of record i (empty keys are left out: they hold no query). */
  constructor(count: number, keysOf: (i: number) => readonly string[]) {
    const parts: string[] = [];
    const starts = new Int32Array(count + 1);
    let at = 0;
    for (let i = 0; i < count; i++) {
      starts[i] = at;
      for (const key of keysOf(i)) {
        if (key === '') continue;
        parts.push(SEPARATOR, key);
        at += 1 + key.length;
      }
    }
    starts[count] = at;
    parts.push(SEPARATOR);
    this.#text = parts.join('');
    this.#starts = starts;
  }

  /** How many records the haystack holds. */
  get size(): number {
    return this.#starts.length - 1;
  }

  /** Records with a key holding `query`, best rank first (EXACT, PREFIX, INFIX), then in record order. */
  search(query: string): number[] {
    const { found, ranks } = this.#matches(query);
    const ordered: number[] = [];
    for (let tier = EXACT; tier <= INFIX && ordered.length < found.length; tier++) for (let i = 0; i < found.length; i++) if (ranks[i] === tier) ordered.push(found[i]!);
    return ordered;
  }

  /** Records with a key holding `query`, in record order. */
  holding(query: string): number[] {
    return this.#matches(query).found;
  }

  /**
   * From one scan: the records with a key holding `query`, in record order (as `holding`), and
   * each record's rank for it, by record (NO_MATCH where no key holds it).
   */
  holdingRanked(query: string): { readonly holding: number[]; readonly ranks: Uint8Array } {
    const all = new Uint8Array(this.size).fill(NO_MATCH);
    const { found, ranks } = this.#matches(query);
    for (let i = 0; i < found.length; i++) all[found[i]!] = ranks[i]!;
    return { holding: found, ranks: all };
  }

  /** The records holding `query`, in record order, each with its best rank. */
  #matches(query: string): { found: number[]; ranks: number[] } {
    const found: number[] = [];
    const ranks: number[] = [];
    if (query === '' || query.includes(SEPARATOR)) return { found, ranks };
    const text = this.#text;
    const starts = this.#starts;
    let record = -1;
    for (let p = text.indexOf(query, 1); p !== -1; p = text.indexOf(query, p + 1)) {
      // Matches come in text order, so the record only moves forward.
      if (record < 0 || starts[record + 1]! <= p) {
        record++;
        while (starts[record + 1]! <= p) record++;
        found.push(record);
        ranks.push(NO_MATCH);
      }
      const rank = text.charCodeAt(p - 1) !== SEPARATOR_CODE ? INFIX : text.charCodeAt(p + query.length) === SEPARATOR_CODE ? EXACT : PREFIX;
      const last = ranks.length - 1;
      if (rank < ranks[last]!) ranks[last] = rank;
    }
    return { found, ranks };
  }
}

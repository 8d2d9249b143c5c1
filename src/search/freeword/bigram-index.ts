/**
 * Candidate lookup by character bigrams over folded keys: a query of n ≥ 2 characters can only
 * be inside keys that hold every one of its bigrams, so the rarest bigram's postings bound the
 * work; a one-character query uses the postings of that character.
 */
export class BigramIndex {
  readonly #postings = new Map<string, number[]>();
  #size = 0;

  /** `keysOf(i)` are the folded keys of record i, for the first `size` records; more may be added. */
  constructor(size = 0, keysOf: (i: number) => readonly string[] = () => []) {
    for (let i = 0; i < size; i++) this.add(keysOf(i));
  }

  /** Adds the next record (records are numbered in the order added) with its folded keys. */
  add(keys: readonly string[]): void {
    const i = this.#size++;
    const seen = new Set<string>();
    for (const key of keys) {
      const chars = Array.from(key);
      for (let c = 0; c + 1 < chars.length; c++) seen.add(chars[c]! + chars[c + 1]!);
      // Single characters too, so that a one-character query also has postings.
      for (const ch of chars) seen.add(ch);
    }
    for (const gram of seen) {
      const list = this.#postings.get(gram);
      if (list) list.push(i);
      else this.#postings.set(gram, [i]);
    }
  }

  /** Records that may contain `query`, in ascending order. */
  candidates(query: string): Iterable<number> {
    const chars = Array.from(query);
    if (chars.length === 0) return range(this.#size);
    if (chars.length === 1) return this.#postings.get(chars[0]!) ?? [];
    const lists: number[][] = [];
    for (let c = 0; c + 1 < chars.length; c++) {
      const list = this.#postings.get(chars[c]! + chars[c + 1]!);
      if (!list) return [];
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    // The rarest list, narrowed by the next three rarest (ranking checks every candidate, so
    // the rest would only cost time). Postings are ascending: each narrowing is a search in
    // the sorted list from where the last one stopped, with no set built per query.
    let found = lists[0]!;
    for (let l = 1; l < lists.length && l <= 3 && found.length > 0; l++) found = intersect(found, lists[l]!);
    return found;
  }
}

/** The numbers of ascending `few` that are in ascending `many`, in order. */
function intersect(few: readonly number[], many: readonly number[]): number[] {
  const out: number[] = [];
  let from = 0;
  for (const i of few) {
    let lo = from;
    let hi = many.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (many[mid]! < i) lo = mid + 1;
      else hi = mid;
    }
    if (lo === many.length) break;
    if (many[lo] === i) out.push(i);
    from = lo;
  }
  return out;
}

function* range(n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield i;
}

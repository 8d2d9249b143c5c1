/**
 * Finds the stored names within one edit of an input (typos) or that the input abbreviates,
 * without comparing against every name: a name one edit away shares its first or second
 * character with the input in one of four ways, so four buckets hold every candidate.
 *
 *   edit at position ≥ 1, or an abbreviation      name[0] = input[0]
 *   input[0] deleted, or input[0..1] swapped       name[0] = input[1]
 *   input[0] replaced                              name[1] = input[1]
 *   a character inserted before input[0]           name[1] = input[0]
 *
 * The buckets are ranges of sorted arrays rather than lists per character: one index per bank
 * of a few dozen names would otherwise hold two maps and a list per distinct character.
 *
 * Within a bucket the texts are sorted by length, so that a search reads only the lengths that
 * can match: a typo is at most one character longer or shorter than the input, and only the
 * first bucket (name[0] = input[0]) can hold abbreviations, up to longestAbbreviated(input).
 * The other three buckets hold typos only. The four buckets of a bank input hold about 340 of
 * the banks' names, of which about 100 have such lengths.
 */
import { isAbbreviationOf, isOneEditApart, longestAbbreviated } from './keys.js';

export type NearKind = 'typo' | 'abbreviation';

export class NearIndex<T> {
  /** The texts by their first character, then by length; texts of one length keep the order they were given in. */
  readonly #texts: readonly string[];
  readonly #values: readonly T[];
  /** Positions in #texts of the texts of two or more characters, by their second character, then by length, likewise. */
  readonly #bySecond: Uint32Array;

  /** The (folded text, value) pairs; each pair once. Empty texts are left out. */
  constructor(pairs: readonly (readonly [text: string, value: T])[]) {
    const given = pairs.filter(([text]) => text.length > 0);
    const byChar = (at: number) => (a: number, b: number) => {
      const ta = given[a]![0];
      const tb = given[b]![0];
      return ta.charCodeAt(at) - tb.charCodeAt(at) || ta.length - tb.length || a - b;
    };
    const first = given.map((_, i) => i).sort(byChar(0));
    const position = new Uint32Array(given.length);
    first.forEach((i, p) => (position[i] = p));
    this.#texts = first.map((i) => given[i]![0]);
    this.#values = first.map((i) => given[i]![1]);
    const second = given.flatMap((pair, i) => (pair[0].length > 1 ? [i] : [])).sort(byChar(1));
    this.#bySecond = Uint32Array.from(second, (i) => position[i]!);
  }

  /**
   * Calls `visit` for every stored text one edit from `input`, or that `input` abbreviates, each
   * once, bucket by bucket in the order of the table above (first characters, then second), and
   * within a bucket shorter texts first.
   */
  near(input: string, visit: (value: T, kind: NearKind) => void): void {
    if (input.length === 0) return;
    const c0 = input.charCodeAt(0);
    // -1 where the input has one character, or its second is its first: no second bucket then.
    const c1 = input.length > 1 && input.charCodeAt(1) !== c0 ? input.charCodeAt(1) : -1;
    // One edit changes the length by at most one; an abbreviated name is longer than the input.
    const shortest = input.length - 1;
    const longestTypo = input.length + 1;
    this.#visitFirst(input, c0, shortest, Math.max(longestTypo, longestAbbreviated(input.length)), visit);
    if (c1 >= 0) this.#visitFirst(input, c1, shortest, longestTypo, visit);
    this.#visitSecond(input, c0, c1, c0, shortest, longestTypo, visit);
    if (c1 >= 0) this.#visitSecond(input, c0, c1, c1, shortest, longestTypo, visit);
  }

  /** The texts whose first character is `c`, of `shortest` to `longest` characters. */
  #visitFirst(input: string, c: number, shortest: number, longest: number, visit: (value: T, kind: NearKind) => void): void {
    const texts = this.#texts;
    for (let p = this.#firstAt(c, shortest); p < texts.length; p++) {
      const text = texts[p]!;
      if (text.charCodeAt(0) !== c || text.length > longest) return;
      this.#check(input, text, p, visit);
    }
  }

  /** The texts whose second character is `c`, of `shortest` to `longest` characters, but for those starting with c0 or c1: #visitFirst saw them. */
  #visitSecond(input: string, c0: number, c1: number, c: number, shortest: number, longest: number, visit: (value: T, kind: NearKind) => void): void {
    const texts = this.#texts;
    const bySecond = this.#bySecond;
    for (let s = this.#secondAt(c, shortest); s < bySecond.length; s++) {
      const p = bySecond[s]!;
      const text = texts[p]!;
      if (text.charCodeAt(1) !== c || text.length > longest) return;
      const t0 = text.charCodeAt(0);
      if (t0 !== c0 && t0 !== c1) this.#check(input, text, p, visit);
    }
  }

  #check(input: string, text: string, p: number, visit: (value: T, kind: NearKind) => void): void {
    if (isOneEditApart(input, text)) visit(this.#values[p]!, 'typo');
    else if (isAbbreviationOf(input, text)) visit(this.#values[p]!, 'abbreviation');
  }

  /** The first position of the texts starting with code unit `c` and at least `length` long (or where they would be). */
  #firstAt(c: number, length: number): number {
    return firstAtLeast(this.#texts.length, (p) => this.#texts[p]!, 0, c, length);
  }

  /** The first place in #bySecond of the texts whose second code unit is `c` and at least `length` long. */
  #secondAt(c: number, length: number): number {
    return firstAtLeast(this.#bySecond.length, (s) => this.#texts[this.#bySecond[s]!]!, 1, c, length);
  }
}

/**
 * Binary search over `count` texts sorted by the code unit at `at`, then by length: the first
 * place whose text has code unit `c` there and is at least `length` long, or where it would be.
 */
function firstAtLeast(count: number, textAt: (place: number) => string, at: number, c: number, length: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const text = textAt(mid);
    const t = text.charCodeAt(at);
    if (t < c || (t === c && text.length < length)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

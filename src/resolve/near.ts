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
 */
import { isAbbreviationOf, isOneEditApart } from './keys.js';

export type NearKind = 'typo' | 'abbreviation';

export class NearIndex<T> {
  /** The texts by their first character; texts of one character keep the order they were given in. */
  readonly #texts: readonly string[];
  readonly #values: readonly T[];
  /** Positions in #texts of the texts of two or more characters, by their second character, likewise in the given order. */
  readonly #bySecond: Uint32Array;

  /** The (folded text, value) pairs; each pair once. Empty texts are left out. */
  constructor(pairs: readonly (readonly [text: string, value: T])[]) {
    const given = pairs.filter(([text]) => text.length > 0);
    const byChar = (at: number) => (a: number, b: number) => given[a]![0].charCodeAt(at) - given[b]![0].charCodeAt(at) || a - b;
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
   * once, bucket by bucket in the order of the table above (first characters, then second).
   */
  near(input: string, visit: (value: T, kind: NearKind) => void): void {
    if (input.length === 0) return;
    const c0 = input.charCodeAt(0);
    // -1 where the input has one character, or its second is its first: no second bucket then.
    const c1 = input.length > 1 && input.charCodeAt(1) !== c0 ? input.charCodeAt(1) : -1;
    this.#visitFirst(input, c0, visit);
    if (c1 >= 0) this.#visitFirst(input, c1, visit);
    this.#visitSecond(input, c0, c1, c0, visit);
    if (c1 >= 0) this.#visitSecond(input, c0, c1, c1, visit);
  }

  /** The texts whose first character is `c`. */
  #visitFirst(input: string, c: number, visit: (value: T, kind: NearKind) => void): void {
    const texts = this.#texts;
    for (let p = this.#firstAt(c); p < texts.length && texts[p]!.charCodeAt(0) === c; p++) this.#check(input, p, visit);
  }

  /** The texts whose second character is `c`, but for those starting with c0 or c1: #visitFirst saw them. */
  #visitSecond(input: string, c0: number, c1: number, c: number, visit: (value: T, kind: NearKind) => void): void {
    const texts = this.#texts;
    const bySecond = this.#bySecond;
    for (let s = this.#secondAt(c); s < bySecond.length; s++) {
      const p = bySecond[s]!;
      const text = texts[p]!;
      if (text.charCodeAt(1) !== c) return;
      const t0 = text.charCodeAt(0);
      if (t0 !== c0 && t0 !== c1) this.#check(input, p, visit);
    }
  }

  #check(input: string, p: number, visit: (value: T, kind: NearKind) => void): void {
    const text = this.#texts[p]!;
    if (isOneEditApart(input, text)) visit(this.#values[p]!, 'typo');
    else if (isAbbreviationOf(input, text)) visit(this.#values[p]!, 'abbreviation');
  }

  /** The first position of the texts starting with code unit `c` (or where they would be). */
  #firstAt(c: number): number {
    let lo = 0;
    let hi = this.#texts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#texts[mid]!.charCodeAt(0) < c) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first place in #bySecond of the texts whose second code unit is `c`. */
  #secondAt(c: number): number {
    let lo = 0;
    let hi = this.#bySecond.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#texts[this.#bySecond[mid]!]!.charCodeAt(1) < c) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Finds the stored names within one edit of an input (typos) or that the input abbreviates,
 * without comparing against every name: a name one edit away shares its first or second
 * character with the input in one of four ways, so four buckets hold every candidate.
 *
 *   edit at position ≥ 1, or an abbreviation      name[0] = input[0]
 *   input[0] deleted, or input[0..1] swapped       name[0] = input[1]
 *   input[0] replaced                              name[1] = input[1]
 *   a character inserted before input[0]           name[1] = input[0]
 */
import { isAbbreviationOf, isOneEditApart } from './keys.js';

interface Item<T> {
  readonly text: string;
  readonly value: T;
  /** The last query that visited this item: one visit per query across buckets. */
  seen: number;
}

export type NearKind = 'typo' | 'abbreviation';

export class NearIndex<T> {
  readonly #byFirst = new Map<string, Item<T>[]>();
  readonly #bySecond = new Map<string, Item<T>[]>();
  #query = 0;

  /** Adds a folded text; callers add each (text, value) pair once. */
  add(text: string, value: T): void {
    if (text.length === 0) return;
    const item: Item<T> = { text, value, seen: 0 };
    bucket(this.#byFirst, text[0]!).push(item);
    if (text.length > 1) bucket(this.#bySecond, text[1]!).push(item);
  }

  /** Calls `visit` for every stored text one edit from `input`, or that `input` abbreviates. */
  near(input: string, visit: (value: T, kind: NearKind) => void): void {
    if (input.length === 0) return;
    const query = ++this.#query;
    const buckets = [this.#byFirst.get(input[0]!), input.length > 1 ? this.#byFirst.get(input[1]!) : undefined, this.#bySecond.get(input[0]!), input.length > 1 ? this.#bySecond.get(input[1]!) : undefined];
    for (const list of buckets) {
      if (!list) continue;
      for (const item of list) {
        if (item.seen === query) continue;
        item.seen = query;
        if (isOneEditApart(input, item.text)) visit(item.value, 'typo');
        else if (isAbbreviationOf(input, item.text)) visit(item.value, 'abbreviation');
      }
    }
  }
}

function bucket<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/**
 * Comparison keys. Every name, reading and input is compared through two keys of the shared
 * fold (src/domain/fold.ts): `folded` (voicing ignored) finds the match, `strict` (voicing
 * kept) tells whether the person typed the reading exactly, which separates 金閣寺 from 銀閣寺
 * and 湘南 from 城南. Variant kanji and the joining kana of place names are folded first
 * (src/domain/kanji-variants.ts), on names and inputs alike.
 */
import { foldForSearch, foldKeepingVoicing } from '../domain/fold.js';
import { foldKanjiVariants } from '../domain/kanji-variants.js';

export interface Key {
  readonly strict: string;
  readonly folded: string;
}

export function keyOf(text: string): Key {
  const strict = foldKeepingVoicing(foldKanjiVariants(text));
  const folded = foldForSearch(strict);
  // One string where both are the same (most kanji names): the index holds ~80,000 keys.
  return { strict, folded: folded === strict ? strict : folded };
}

/** A key with `suffix` (an already folded key) removed from its end, or undefined. */
export function withoutSuffix(key: Key, suffix: Key): Key | undefined {
  if (!key.folded.endsWith(suffix.folded) || key.folded.length === suffix.folded.length) return undefined;
  const strict = key.strict.endsWith(suffix.strict) ? key.strict.slice(0, key.strict.length - suffix.strict.length) : foldKeepingVoicing(key.strict.slice(0, key.strict.length - suffix.strict.length));
  return { strict, folded: key.folded.slice(0, key.folded.length - suffix.folded.length) };
}

/** A key with `prefix` removed from its start, or undefined. */
export function withoutPrefix(key: Key, prefix: Key): Key | undefined {
  if (!key.folded.startsWith(prefix.folded) || key.folded.length === prefix.folded.length) return undefined;
  if (!key.strict.startsWith(prefix.strict)) return undefined;
  return { strict: key.strict.slice(prefix.strict.length), folded: key.folded.slice(prefix.folded.length) };
}

/** Strings shorter than this are never matched by typo (one edit in two characters is a different name). */
export const MIN_TYPO_LENGTH = 3;
/** An abbreviation must be at least this long and cover at least ABBREVIATION_RATIO of the name. */
export const MIN_ABBREVIATION_LENGTH = 2;
export const ABBREVIATION_RATIO = 0.5;

/**
 * True when a and b differ by exactly one insertion, deletion, substitution or swap of two
 * neighbours (Damerau), and both are long enough for that to mean a typo.
 */
export function isOneEditApart(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (a === b || Math.abs(la - lb) > 1 || Math.max(la, lb) < MIN_TYPO_LENGTH || Math.min(la, lb) < MIN_TYPO_LENGTH - 1) return false;
  let i = 0;
  while (i < la && i < lb && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (la === lb) {
    if (sameTail(a, i + 1, b, i + 1)) return true; // substitution
    return i + 1 < la && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i) && sameTail(a, i + 2, b, i + 2); // swap
  }
  return la > lb ? sameTail(a, i + 1, b, i) : sameTail(a, i, b, i + 1); // deletion, insertion
}

/** a from ia equals b from ib (no substrings: this runs for every name of every bank). */
function sameTail(a: string, ia: number, b: string, ib: number): boolean {
  if (a.length - ia !== b.length - ib) return false;
  for (; ia < a.length; ia++, ib++) if (a.charCodeAt(ia) !== b.charCodeAt(ib)) return false;
  return true;
}

/** The longest name an input of `length` characters can abbreviate: the largest n with length ≥ n × ABBREVIATION_RATIO. */
export function longestAbbreviated(length: number): number {
  let n = Math.floor(length / ABBREVIATION_RATIO);
  // A ratio that division does not give exactly could round n up by one.
  while (n * ABBREVIATION_RATIO > length) n--;
  return n;
}

/** True when `input` is the start of `name` and long enough to stand for it. */
export function isAbbreviationOf(input: string, name: string): boolean {
  return input.length >= MIN_ABBREVIATION_LENGTH && input.length < name.length && input.length >= name.length * ABBREVIATION_RATIO && name.startsWith(input);
}

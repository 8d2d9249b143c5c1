/**
 * How well a record's spoken keys match the readings of a romaji query, on a scale twice as
 * fine as rank.ts: each tier (exact, prefix, partial) is split in two, the records whose
 * reading the query spells exactly (long vowels as typed: `ono` 小野 オノ) before those it
 * meets only with long vowels folded (`ono` 大野 オオノ). A literal match of the Latin text
 * (`ufj` in 三菱ＵＦＪ) counts as exact in its tier.
 *
 * A partial match must start where a syllable starts: `ono` is in o-no-mi-chi but not in
 * shi-no-no-me or shin-yō-nō-gyō, whose letters hold it only across syllables.
 */
import type { SpokenKeys } from '../../domain/romaji/spoken-forms.js';
import type { SpokenKey } from '../../domain/romaji/spoken-key.js';
import { EXACT, INFIX, NO_MATCH, PREFIX } from './rank.js';

export const NO_SPOKEN_MATCH = 2 * NO_MATCH;

/** 2 × the tier of a literal match of the text: it always spells what was typed. */
export const literalRank = (rank: number): number => 2 * rank;

const VOWELS = 'aiueo';

/** Whether a syllable starts at position i of a key: after a vowel, or after an n that ends one (ン). */
function startsSyllable(key: string, i: number): boolean {
  if (i === 0) return true;
  const before = key[i - 1]!;
  return VOWELS.includes(before) || (before === 'n' && !VOWELS.includes(key[i]!) && key[i] !== 'y');
}

function rankKey(key: string, query: string): number {
  if (key === query) return EXACT;
  if (key.startsWith(query)) return PREFIX;
  for (let i = key.indexOf(query, 1); i !== -1; i = key.indexOf(query, i + 1)) if (startsSyllable(key, i)) return INFIX;
  return NO_MATCH;
}

function rankKeys(keys: readonly string[], query: string): number {
  let best = NO_MATCH;
  for (const key of keys) best = Math.min(best, rankKey(key, query));
  return best;
}

export function rankSpoken(keys: SpokenKeys, readings: readonly SpokenKey[]): number {
  let best = NO_SPOKEN_MATCH;
  for (const reading of readings) {
    const loose = rankKeys(keys.loose, reading.loose);
    if (loose === NO_MATCH) continue;
    const rank = 2 * loose + (rankKeys(keys.exact, reading.exact) === loose ? 0 : 1);
    if (rank < best) best = rank;
  }
  return best;
}

/**
 * How well a record's keys match a folded query: the ranking of docs/freeword.md. Lower is
 * better; records that do not match get NO_MATCH.
 */
export const EXACT = 0;
export const PREFIX = 1;
export const INFIX = 2;
export const NO_MATCH = 3;

export function rankKeys(keys: readonly string[], query: string): number {
  let best = NO_MATCH;
  for (const key of keys) {
    if (key === query) return EXACT;
    if (best > PREFIX && key.startsWith(query)) best = PREFIX;
    else if (best > INFIX && key.includes(query)) best = INFIX;
  }
  return best;
}

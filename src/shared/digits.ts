/**
 * The decimal digits of a whole number, made without V8's number-string cache.
 *
 * `String(n)` (and `${n}`, `'' + n`) keeps each number's text in a table of the old generation.
 * A number that is new at every request, such as the day's remaining requests of a key, thus
 * puts a string into that table per request, and a string the table holds survives every
 * scavenge until it is promoted, to be freed only by a mark-compact: about a quarter of what the
 * server promoted per request under distinct Resolve calls
 * (docs/benchmarks.md#numbers-as-text-without-the-cache).
 *
 * The digits are joined two at a time from a table of "00" to "99", in young strings that die
 * with their answer. `toFixed(0)`, which did this before, leaves JavaScript for the runtime at
 * each call: about 1,000 instructions, nearly twice as many as the pairs take for the
 * rate-limit headers' numbers (docs/benchmarks.md#measured, 2026-11-27, 21:27–22:31).
 */
const PAIRS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));

export function digitsOf(whole: number): string {
  // Anything but a whole number from 0 to 2^53 - 1 (none of the edge's) keeps toFixed's text.
  if (!(whole >= 0 && whole <= Number.MAX_SAFE_INTEGER && Math.floor(whole) === whole)) return whole.toFixed(0);
  let text = '';
  while (whole >= 100) {
    const rest = Math.floor(whole / 100);
    text = PAIRS[whole - rest * 100]! + text;
    whole = rest;
  }
  return (whole < 10 ? PAIRS[whole]![1]! : PAIRS[whole]!) + text;
}

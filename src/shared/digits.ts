/**
 * The decimal digits of a whole number, made without V8's number-string cache.
 *
 * `String(n)` (and `${n}`, `'' + n`) keeps each number's text in a table of the old generation.
 * A number that is new at every request, such as the day's remaining requests of a key, thus
 * puts a string into that table per request, and a string the table holds survives every
 * scavenge until it is promoted, to be freed only by a mark-compact: about a quarter of what the
 * server promoted per request under distinct Resolve calls
 * (docs/benchmarks.md#numbers-as-text-without-the-cache).
 * `toFixed(0)` makes the same digits for a whole number below 1e21, in a young string that dies
 * with its answer.
 */
export function digitsOf(whole: number): string {
  return whole.toFixed(0);
}

/**
 * The decimal digits of a whole number, made without V8's number-string cache.
 *
 * `String(n)` (and `${n}`, `'' + n`) keeps each number's text in a table of the old generation.
 * A number that is new at every request, such as the day's remaining requests of a key, thus
 * puts a string into that table per request, and a string the table holds survives every
 * scavenge until it is promoted: measured, about 25 bytes of old generation per conversion at a
 * request's pace, enough to bring a mark-compact (a pause of 3–25 ms) every half minute at
 * 10,000 requests a second (docs/benchmarks.md#numbers-as-text-without-the-cache).
 * `toFixed(0)` makes the same digits for a whole number below 1e21, in a young string that dies
 * with its answer.
 */
export function digitsOf(whole: number): string {
  return whole.toFixed(0);
}

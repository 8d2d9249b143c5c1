/**
 * The Japanese calendar day (JST, UTC+9, no daylight saving) that per-day limits count in
 * (docs/access.md#plans-and-rate-limits): the day a timestamp falls on and how long until the
 * next JST midnight.
 */

const JST_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The JST date of `ms` (epoch milliseconds) as YYYY-MM-DD. */
export function jstDay(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch milliseconds of the first JST midnight strictly after `ms`. */
export function nextJstMidnight(ms: number): number {
  return (Math.floor((ms + JST_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - JST_OFFSET_MS;
}

/** Whole seconds until the next JST midnight, rounded up: 1 to 86,400. */
export function secondsUntilJstMidnight(ms: number): number {
  return Math.ceil((nextJstMidnight(ms) - ms) / 1000);
}

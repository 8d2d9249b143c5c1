/** Durations on the command line and in the environment: `24h`, `6h`, `30m`, `1h30m`, `45s`, `0`. */
import { InvalidArgumentError } from 'commander';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = /^(?:\d+(?:ms|s|m|h|d))+$/;

/** Milliseconds; `0` (or `0s`…) means off. Throws InvalidArgumentError with the accepted forms. */
export function parseDuration(value: string): number {
  const text = value.trim();
  if (/^0+$/.test(text)) return 0;
  if (!DURATION.test(text)) throw new InvalidArgumentError(`must be a duration such as 24h, 6h, 30m or 0 (off), not "${value}"`);
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)(ms|s|m|h|d)/g)) ms += Number(n) * UNIT_MS[unit!]!;
  if (!Number.isSafeInteger(ms)) throw new InvalidArgumentError(`is too long: "${value}"`);
  return ms;
}

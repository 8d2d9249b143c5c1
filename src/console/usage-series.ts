/**
 * Turns stored usage rows into what the Usage page draws and tabulates: one value per time slot
 * (every slot present, zero when nothing was counted), split by API and by outcome. Pure.
 */
import { jstDay } from '../access/jst.js';
import { USAGE_APIS, USAGE_OUTCOMES, type UsageApi, type UsageOutcome } from './usage-kinds.js';
import type { UsageRow } from './usage-log.js';
import { minuteOf } from './usage-recorder.js';

export interface UsageSeries {
  /** The slots: JST days `YYYY-MM-DD` or UTC minutes `YYYY-MM-DDThh:mm`, oldest first. */
  readonly slots: readonly string[];
  readonly byApi: Readonly<Record<UsageApi, readonly number[]>>;
  readonly byOutcome: Readonly<Record<UsageOutcome, readonly number[]>>;
  readonly total: readonly number[];
}

/** The last `n` JST days up to the day of `now`. */
export function lastDays(now: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => jstDay(now - (n - 1 - i) * 86_400_000));
}

/** The last `n` UTC minutes up to the minute of `now`. */
export function lastMinutes(now: number, n: number): string[] {
  return Array.from({ length: n }, (_, i) => minuteOf(now - (n - 1 - i) * 60_000));
}

export function usageSeries(slots: readonly string[], rows: readonly UsageRow[]): UsageSeries {
  const index = new Map(slots.map((s, i) => [s, i]));
  const zeros = () => slots.map(() => 0);
  const byApi = Object.fromEntries(USAGE_APIS.map((a) => [a, zeros()])) as Record<UsageApi, number[]>;
  const byOutcome = Object.fromEntries(USAGE_OUTCOMES.map((o) => [o, zeros()])) as Record<UsageOutcome, number[]>;
  const total = zeros();
  for (const row of rows) {
    const i = index.get(row.at);
    if (i === undefined) continue;
    if (row.api in byApi) byApi[row.api as UsageApi][i]! += row.count;
    if (row.outcome in byOutcome) byOutcome[row.outcome as UsageOutcome][i]! += row.count;
    total[i]! += row.count;
  }
  return { slots, byApi, byOutcome, total };
}

/**
 * Plans as the request path sees them: read from the store at most once per PLAN_CACHE_TTL_MS
 * per plan, so `ginko plans set` takes effect on running servers within that time and a
 * request almost never waits on the store.
 */
import { ExpiringCache } from './expiring-cache.js';
import type { Plan, PlanSource } from './plans.js';

export const PLAN_CACHE_TTL_MS = 2_000;

export class PlanCache {
  readonly #plans: ExpiringCache<Plan | undefined>;

  constructor(
    plans: PlanSource,
    private readonly now: () => number = Date.now,
  ) {
    this.#plans = new ExpiringCache((name) => plans.get(name), PLAN_CACHE_TTL_MS);
  }

  async get(name: string): Promise<Plan | undefined> {
    return (await this.#plans.get(name, this.now())).value;
  }
}

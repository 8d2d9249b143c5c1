/**
 * Plans as the request path sees them: read from the store at most once per PLAN_CACHE_TTL_MS
 * per plan, so `ginko plans set` takes effect on running servers within that time and a
 * request almost never waits on the store.
 */
import type { Plan, PlanStore } from './plans.js';

export const PLAN_CACHE_TTL_MS = 2_000;

interface Entry {
  readonly plan: Promise<Plan | undefined>;
  readonly expires: number;
}

export class PlanCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly plans: Pick<PlanStore, 'get'>,
    private readonly now: () => number = Date.now,
  ) {}

  get(name: string): Promise<Plan | undefined> {
    const now = this.now();
    const hit = this.#entries.get(name);
    if (hit && hit.expires > now) return hit.plan;
    // Concurrent requests share one lookup; a failed lookup is not cached.
    const plan = this.plans.get(name);
    this.#entries.set(name, { plan, expires: now + PLAN_CACHE_TTL_MS });
    plan.catch(() => {
      if (this.#entries.get(name)?.plan === plan) this.#entries.delete(name);
    });
    return plan;
  }
}

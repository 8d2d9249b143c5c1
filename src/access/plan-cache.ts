/**
 * Plans as the request path sees them: read from the store at most once per PLAN_CACHE_TTL_MS
 * per plan, so `ginko plans set` takes effect on running servers within that time and a
 * request almost never waits on the store.
 */
import type { MaybePromise } from './maybe-promise.js';
import type { Plan, PlanStore } from './plans.js';

export const PLAN_CACHE_TTL_MS = 2_000;

interface Entry {
  /** The plan once read; a promise while the read is under way. */
  plan: MaybePromise<Plan | undefined>;
  readonly expires: number;
}

export class PlanCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly plans: Pick<PlanStore, 'get'>,
    private readonly now: () => number = Date.now,
  ) {}

  get(name: string): MaybePromise<Plan | undefined> {
    const now = this.now();
    const hit = this.#entries.get(name);
    if (hit && hit.expires > now) return hit.plan;
    // Concurrent requests share one lookup; a failed lookup is not cached.
    const plan = this.plans.get(name);
    const entry: Entry = { plan, expires: now + PLAN_CACHE_TTL_MS };
    this.#entries.set(name, entry);
    plan.then(
      (value) => {
        entry.plan = value;
      },
      () => {
        if (this.#entries.get(name) === entry) this.#entries.delete(name);
      },
    );
    return plan;
  }
}

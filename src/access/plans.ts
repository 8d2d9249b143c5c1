/**
 * Plans: per-second and per-day request limits and the Master Export entitlement
 * (docs/access.md#plans). Stored by src/store/plan-store.ts.
 */

export interface Plan {
  readonly name: string;
  readonly perSecond: number;
  readonly perDay: number;
  readonly exportAllowed: boolean;
}

/** Created on first start of a store; operators change them with `ginko plans set`. */
export const DEFAULT_PLANS: readonly Plan[] = Object.freeze([
  { name: 'free', perSecond: 1, perDay: 350, exportAllowed: false },
  { name: 'standard', perSecond: 10, perDay: 100_000, exportAllowed: true },
  { name: 'pro', perSecond: 50, perDay: 1_000_000, exportAllowed: true },
  { name: 'unlimited', perSecond: 1_000_000, perDay: 1_000_000_000, exportAllowed: true },
]);

export const PLAN_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** Where plans are read from (src/store/plan-store.ts). */
export interface PlanSource {
  get(name: string): Promise<Plan | undefined>;
}

/** Why `plan` cannot be stored, or undefined when it can. */
export function planProblem(plan: Plan): string | undefined {
  if (!PLAN_NAME.test(plan.name)) return `plan name "${plan.name}" must match ${PLAN_NAME}`;
  if (!(Number.isSafeInteger(plan.perSecond) && plan.perSecond > 0)) return '--per-second must be a positive integer';
  if (!(Number.isSafeInteger(plan.perDay) && plan.perDay > 0)) return '--per-day must be a positive integer';
  return undefined;
}

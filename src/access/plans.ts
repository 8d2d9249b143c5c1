/**
 * Plans: per-second and per-day request limits, the Master Export entitlement and the webhook
 * limits (docs/access.md#plans). Stored by src/store/plan-store.ts.
 */

export interface Plan {
  readonly name: string;
  readonly perSecond: number;
  readonly perDay: number;
  readonly exportAllowed: boolean;
  /** Webhooks a key may have (docs/webhooks.md#limits); 0: none. */
  readonly webhooks: number;
  /** Codes one webhook may watch. */
  readonly webhookCodes: number;
}

/** A plan as `ginko plans set` and the console set it: webhook limits not given stay as they are (0 for a new plan). */
export type PlanChange = Omit<Plan, 'webhooks' | 'webhookCodes'> & Partial<Pick<Plan, 'webhooks' | 'webhookCodes'>>;

/** Created on first start of a store; operators change them with `ginko plans set`. */
export const DEFAULT_PLANS: readonly Plan[] = Object.freeze([
  { name: 'free', perSecond: 1, perDay: 350, exportAllowed: false, webhooks: 1, webhookCodes: 20 },
  { name: 'standard', perSecond: 10, perDay: 100_000, exportAllowed: true, webhooks: 10, webhookCodes: 1_000 },
  { name: 'pro', perSecond: 50, perDay: 1_000_000, exportAllowed: true, webhooks: 50, webhookCodes: 10_000 },
  { name: 'unlimited', perSecond: 1_000_000, perDay: 1_000_000_000, exportAllowed: true, webhooks: 1_000, webhookCodes: 30_000 },
]);

export const PLAN_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** Where plans are read from (src/store/plan-store.ts). */
export interface PlanSource {
  get(name: string): Promise<Plan | undefined>;
}

/** Why `plan` cannot be stored, or undefined when it can. */
export function planProblem(plan: PlanChange): string | undefined {
  if (!PLAN_NAME.test(plan.name)) return `plan name "${plan.name}" must match ${PLAN_NAME}`;
  if (!(Number.isSafeInteger(plan.perSecond) && plan.perSecond > 0)) return '--per-second must be a positive integer';
  if (!(Number.isSafeInteger(plan.perDay) && plan.perDay > 0)) return '--per-day must be a positive integer';
  if (plan.webhooks !== undefined && !(Number.isSafeInteger(plan.webhooks) && plan.webhooks >= 0)) return '--webhooks must be a non-negative integer';
  if (plan.webhookCodes !== undefined && !(Number.isSafeInteger(plan.webhookCodes) && plan.webhookCodes >= 0)) return '--webhook-codes must be a non-negative integer';
  return undefined;
}

/** Plans: per-second and per-day request limits and the Master Export entitlement. */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

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

export class PlanStore {
  constructor(private readonly db: Kysely<Database>) {}

  async ensureDefaults(): Promise<void> {
    for (const plan of DEFAULT_PLANS) {
      await this.db
        .insertInto('plans')
        .values(toRow(plan))
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
  }

  async list(): Promise<Plan[]> {
    const rows = await this.db.selectFrom('plans').selectAll().orderBy('per_day').orderBy('name').execute();
    return rows.map(fromRow);
  }

  async get(name: string): Promise<Plan | undefined> {
    const row = await this.db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Creates or replaces a plan. */
  async set(plan: Plan): Promise<void> {
    if (!PLAN_NAME.test(plan.name)) throw new Error(`plan name "${plan.name}" must match ${PLAN_NAME}`);
    if (!(Number.isSafeInteger(plan.perSecond) && plan.perSecond > 0)) throw new Error('--per-second must be a positive integer');
    if (!(Number.isSafeInteger(plan.perDay) && plan.perDay > 0)) throw new Error('--per-day must be a positive integer');
    const row = toRow(plan);
    await this.db
      .insertInto('plans')
      .values(row)
      .onConflict((oc) => oc.column('name').doUpdateSet({ per_second: row.per_second, per_day: row.per_day, export_allowed: row.export_allowed }))
      .execute();
  }
}

function toRow(plan: Plan) {
  return { name: plan.name, per_second: plan.perSecond, per_day: plan.perDay, export_allowed: plan.exportAllowed ? 1 : 0 };
}

function fromRow(row: { name: string; per_second: number; per_day: number; export_allowed: number }): Plan {
  return { name: row.name, perSecond: Number(row.per_second), perDay: Number(row.per_day), exportAllowed: Number(row.export_allowed) === 1 };
}

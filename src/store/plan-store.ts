/** Plans in the SQL store (src/access/plans.ts says what a plan is). */
import type { Kysely } from 'kysely';
import { DEFAULT_PLANS, type Plan, type PlanSource, planProblem } from '../access/plans.js';
import type { Database } from './schema.js';

export class PlanStore implements PlanSource {
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
    const problem = planProblem(plan);
    if (problem) throw new Error(problem);
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

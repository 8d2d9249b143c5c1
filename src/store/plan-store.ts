/** Plans in the SQL store (src/access/plans.ts says what a plan is). */
import type { Kysely } from 'kysely';
import { DEFAULT_PLANS, type Plan, type PlanChange, type PlanSource, planProblem } from '../access/plans.js';
import type { Database } from './schema.js';

export class PlanStore implements PlanSource {
  constructor(private readonly db: Kysely<Database>) {}

  async ensureDefaults(): Promise<void> {
    for (const plan of DEFAULT_PLANS) {
      await this.db
        .insertInto('plans')
        .values({ ...toRow(plan), webhooks: plan.webhooks, webhook_codes: plan.webhookCodes })
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

  /** Creates or replaces a plan; webhook limits not given are kept (0 for a new plan). */
  async set(plan: PlanChange): Promise<void> {
    const problem = planProblem(plan);
    if (problem) throw new Error(problem);
    const row = toRow(plan);
    const webhookLimits = { ...(plan.webhooks === undefined ? {} : { webhooks: plan.webhooks }), ...(plan.webhookCodes === undefined ? {} : { webhook_codes: plan.webhookCodes }) };
    await this.db
      .insertInto('plans')
      .values({ ...row, webhooks: plan.webhooks ?? 0, webhook_codes: plan.webhookCodes ?? 0 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ per_second: row.per_second, per_day: row.per_day, export_allowed: row.export_allowed, ...webhookLimits }))
      .execute();
  }
}

function toRow(plan: PlanChange) {
  return { name: plan.name, per_second: plan.perSecond, per_day: plan.perDay, export_allowed: plan.exportAllowed ? 1 : 0 };
}

function fromRow(row: { name: string; per_second: number; per_day: number; export_allowed: number; webhooks: number; webhook_codes: number }): Plan {
  return { name: row.name, perSecond: Number(row.per_second), perDay: Number(row.per_day), exportAllowed: Number(row.export_allowed) === 1, webhooks: Number(row.webhooks), webhookCodes: Number(row.webhook_codes) };
}

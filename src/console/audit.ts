/** The audit log of operator actions (who, when, what, from where), in the SQL store. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export interface AuditEntry {
  readonly at: string;
  readonly operator: string;
  /** What was done, e.g. `key.create`, `plan.set`, `maintenance.on`, `signin.failed`. */
  readonly action: string;
  /** What it was done to: a key id, a plan or operator name; empty when nothing in particular. */
  readonly target: string;
  readonly detail: Readonly<Record<string, unknown>>;
  /** The client address, or `cli` for the command line. */
  readonly ip: string;
}

export interface AuditQuery {
  readonly operator?: string | undefined;
  readonly limit?: number | undefined;
}

export class AuditLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(entry: Omit<AuditEntry, 'at'>): Promise<void> {
    const at = this.now().toISOString();
    // The time first, so that ids of one instant sort in insertion order closely enough.
    await this.db
      .insertInto('audit_log')
      .values({ id: `${at}-${randomBytes(4).toString('hex')}`, at, operator: entry.operator, action: entry.action, target: entry.target, detail: JSON.stringify(entry.detail), ip: entry.ip })
      .execute();
  }

  /** Newest first. */
  async list(query: AuditQuery = {}): Promise<AuditEntry[]> {
    let q = this.db.selectFrom('audit_log').selectAll();
    if (query.operator) q = q.where('operator', '=', query.operator);
    const rows = await q
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(Math.max(query.limit ?? 100, 1), 10_000))
      .execute();
    return rows.map((r) => ({ at: r.at, operator: r.operator, action: r.action, target: r.target, detail: JSON.parse(r.detail) as Record<string, unknown>, ip: r.ip }));
  }
}

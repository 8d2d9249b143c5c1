/** Operators of the console in the SQL store: names and password hashes (docs/console.md). */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './password.js';

export const OPERATOR_NAME = /^[a-z][a-z0-9._-]{0,31}$/;

export interface Operator {
  readonly name: string;
  readonly createdAt: string;
  readonly passwordChangedAt: string;
}

export class OperatorStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async add(name: string, password: string): Promise<Operator> {
    if (!OPERATOR_NAME.test(name)) throw new Error(`operator name "${name}" must match ${OPERATOR_NAME} (lower-case letters, digits, . _ -)`);
    const problem = passwordProblem(password);
    if (problem) throw new Error(problem);
    if (await this.get(name)) throw new Error(`operator "${name}" already exists`);
    const at = this.now().toISOString();
    await this.db.insertInto('operators').values({ name, password_hash: await hashPassword(password), created_at: at, password_changed_at: at }).execute();
    return { name, createdAt: at, passwordChangedAt: at };
  }

  async get(name: string): Promise<Operator | undefined> {
    const row = await this.db.selectFrom('operators').select(['name', 'created_at', 'password_changed_at']).where('name', '=', name).executeTakeFirst();
    return row ? { name: row.name, createdAt: row.created_at, passwordChangedAt: row.password_changed_at } : undefined;
  }

  async list(): Promise<Operator[]> {
    const rows = await this.db.selectFrom('operators').select(['name', 'created_at', 'password_changed_at']).orderBy('name').execute();
    return rows.map((row) => ({ name: row.name, createdAt: row.created_at, passwordChangedAt: row.password_changed_at }));
  }

  /** Removes the operator and every session of theirs; false when there is no such operator. */
  async remove(name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('operators').where('name', '=', name).executeTakeFirst();
    await this.db.deleteFrom('operator_sessions').where('operator', '=', name).execute();
    return Number(result.numDeletedRows) > 0;
  }

  /** Changes the password and ends the operator's sessions; false when there is no such operator. */
  async setPassword(name: string, password: string): Promise<boolean> {
    const problem = passwordProblem(password);
    if (problem) throw new Error(problem);
    const result = await this.db
      .updateTable('operators')
      .set({ password_hash: await hashPassword(password), password_changed_at: this.now().toISOString() })
      .where('name', '=', name)
      .executeTakeFirst();
    await this.db.deleteFrom('operator_sessions').where('operator', '=', name).execute();
    return Number(result.numUpdatedRows) > 0;
  }

  /** True for a known operator with this password; as slow for an unknown name as for a wrong password. */
  async verify(name: string, password: string): Promise<boolean> {
    const row = OPERATOR_NAME.test(name) ? await this.db.selectFrom('operators').select('password_hash').where('name', '=', name).executeTakeFirst() : undefined;
    const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
    return row !== undefined && matches;
  }
}

/**
 * Console sessions in the SQL store, so that every replica accepts a session any of them began.
 * The cookie carries a random token; the store keeps only its SHA-256, with the session's CSRF
 * token. A session ends at sign-out, after IDLE_TIMEOUT_MS without a request, when its
 * operator is removed or changes password.
 */
import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export const IDLE_TIMEOUT_MS = 30 * 60_000;
/** A session's last-seen time is written at most this often (one write per request is waste). */
const TOUCH_EVERY_MS = 30_000;

export interface Session {
  readonly operator: string;
  readonly csrfToken: string;
  readonly createdAt: string;
}

const hashToken = (token: string) => hash('sha256', token, 'hex');
export const SESSION_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Begins a session; the token goes into the cookie and exists nowhere else. */
  async create(operator: string, ip: string): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const at = new Date(this.now()).toISOString();
    const session = { operator, csrfToken: randomBytes(32).toString('base64url'), createdAt: at };
    await this.db.insertInto('operator_sessions').values({ id_hash: hashToken(token), operator, csrf_token: session.csrfToken, created_at: at, last_seen_at: at, ip }).execute();
    // Sessions of others that ran out are cleared here, not on a timer of every replica.
    await this.db.deleteFrom('operator_sessions').where('last_seen_at', '<', new Date(this.now() - IDLE_TIMEOUT_MS).toISOString()).execute();
    return { token, session };
  }

  /** The live session of a token, marking it seen; undefined when unknown or idle too long. */
  async find(token: string | undefined): Promise<Session | undefined> {
    if (token === undefined || !SESSION_TOKEN_SHAPE.test(token)) return undefined;
    const idHash = hashToken(token);
    const row = await this.db.selectFrom('operator_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    if (!row) return undefined;
    const now = this.now();
    const lastSeen = Date.parse(row.last_seen_at);
    if (now - lastSeen > IDLE_TIMEOUT_MS) {
      await this.db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute();
      return undefined;
    }
    if (now - lastSeen > TOUCH_EVERY_MS) await this.db.updateTable('operator_sessions').set({ last_seen_at: new Date(now).toISOString() }).where('id_hash', '=', idHash).execute();
    return { operator: row.operator, csrfToken: row.csrf_token, createdAt: row.created_at };
  }

  async destroy(token: string): Promise<void> {
    if (!SESSION_TOKEN_SHAPE.test(token)) return;
    await this.db.deleteFrom('operator_sessions').where('id_hash', '=', hashToken(token)).execute();
  }
}

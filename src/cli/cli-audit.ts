/** Operator actions taken on the command line go to the same audit log as the console's. */
import type { Kysely } from 'kysely';
import { AuditLog } from '../console/audit.js';
import type { Database } from '../store/schema.js';

/** The address the audit log gives actions taken on the command line. */
export const CLI_ADDRESS = 'cli';

/** Who acted on the command line: the system user, as far as the environment tells. */
export function cliOperator(): string {
  return `cli:${process.env.USER ?? process.env.LOGNAME ?? 'unknown'}`;
}

export function auditCli(db: Kysely<Database>, action: string, target: string, detail: Record<string, unknown> = {}): Promise<void> {
  return new AuditLog(db).record({ operator: cliOperator(), action, target, detail, ip: CLI_ADDRESS });
}

/**
 * The console's services over one store, opened once by `ginko serve` (and by tests): operators,
 * sessions, the audit log, usage counts, this replica's heartbeat and the Data page's update
 * check. The HTTP plugin (src/http/apis/admin/) and the usage hook depend on this object alone.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { AuditLog } from './audit.js';
import { OperatorStore } from './operators.js';
import { ConsoleRequestLimit } from './request-limit.js';
import { ReplicaHeartbeat } from './replicas.js';
import { SessionStore } from './sessions.js';
import { DEFAULT_SIGNIN_LIMIT, SigninLimiter, type SigninLimitOptions } from './signin-limiter.js';
import { UsageLog } from './usage-log.js';
import { UsageRecorder } from './usage-recorder.js';
import { UpdateCheck, type UpdateCheckOptions } from './update-check.js';

export interface ConsoleOptions {
  readonly db: Kysely<Database>;
  /** The version shown on the Service page and written with the heartbeat. */
  readonly version: string;
  /** Where the store lives, for the Service page (a file path or a URL without password). */
  readonly storeLocation: string;
  readonly signinLimit?: SigninLimitOptions;
  readonly usageFlushMs?: number;
  /** The console's own request limit per address and minute. */
  readonly requestsPerMinute?: number;
  readonly onError?: (err: unknown, what: string) => void;
  /** The Data page's "check for updates now"; absent, the page offers no check. */
  readonly updates?: UpdateCheckOptions;
}

export interface ConsoleServices {
  readonly db: Kysely<Database>;
  readonly version: string;
  readonly storeLocation: string;
  readonly operators: OperatorStore;
  readonly sessions: SessionStore;
  readonly audit: AuditLog;
  readonly usage: UsageLog;
  readonly recorder: UsageRecorder;
  readonly heartbeat: ReplicaHeartbeat;
  readonly signins: SigninLimiter;
  readonly requests: ConsoleRequestLimit;
  readonly updates: UpdateCheck | undefined;
  close(): Promise<void>;
}

export async function openConsole(options: ConsoleOptions): Promise<ConsoleServices> {
  const onError = options.onError ?? (() => {});
  const usage = new UsageLog(options.db);
  const recorder = new UsageRecorder(usage, (err) => onError(err, 'could not write usage counts'), Date.now, options.usageFlushMs);
  await recorder.prune();
  const heartbeat = new ReplicaHeartbeat(options.db, options.version);
  await heartbeat.start((err) => onError(err, 'could not write the replica heartbeat'));
  return {
    db: options.db,
    version: options.version,
    storeLocation: options.storeLocation,
    operators: new OperatorStore(options.db),
    sessions: new SessionStore(options.db),
    audit: new AuditLog(options.db),
    usage,
    recorder,
    heartbeat,
    signins: new SigninLimiter(options.signinLimit ?? DEFAULT_SIGNIN_LIMIT),
    requests: new ConsoleRequestLimit(options.requestsPerMinute),
    updates: options.updates ? new UpdateCheck(options.updates) : undefined,
    async close() {
      await recorder.close();
      await heartbeat.stop().catch((err: unknown) => onError(err, 'could not remove the replica heartbeat'));
    },
  };
}

/**
 * Opens access control (src/access/) over the stores, as open.ts opens the store: counters in memory
 * (with the day's counts restored from the store and journaled back to it) or in Redis, the
 * maintenance poll, the plan cache and the abuse guard. Used by `ginko serve` and the tests.
 */
import type { Kysely } from 'kysely';
import { AbuseGuard, type AbuseOptions, DEFAULT_ABUSE_OPTIONS } from '../access/abuse.js';
import { AccessControl, type AccessLog } from '../access/access-control.js';
import type { Authenticator } from '../access/authenticator.js';
import { type Counters, MemoryCounters } from '../access/counters.js';
import { MaintenanceSwitch } from '../access/maintenance.js';
import { PlanCache } from '../access/plan-cache.js';
import { RateLimiter } from '../access/rate-limiter.js';
import { USAGE_RETENTION_DAYS, UsageJournal } from '../access/usage-journal.js';
import { readMaintenance } from './maintenance-setting.js';
import { PlanStore } from './plan-store.js';
import type { Database } from './schema.js';
import { UsageStore } from './usage-store.js';

export interface AccessOptions {
  readonly db: Kysely<Database>;
  /** Shared with the caller, who closes it. */
  readonly auth: Authenticator;
  /** Counters in Redis (several replicas, one limit); in process memory without it. */
  readonly redisUrl?: string | undefined;
  /** Prefix of the Redis keys; default `ginko`. */
  readonly redisKeyPrefix?: string;
  readonly abuse?: AbuseOptions;
  /** Maintenance mode for this process whatever the store says. */
  readonly maintenance?: boolean;
  readonly maintenancePollMs?: number;
  /** The clock of the JST day (tests). */
  readonly now?: () => number;
  /** How long start-up waits for Redis before serving on the insurance counters. */
  readonly redisConnectTimeoutMs?: number;
}

export async function openAccessControl(options: AccessOptions): Promise<AccessControl> {
  const owned: { close(): unknown }[] = [];
  let control: AccessControl | undefined;
  const log: AccessLog = (level, message, detail) => control?.log(level, message, detail);
  const now = options.now ?? Date.now;

  let counters: Counters;
  let journal: UsageJournal | undefined;
  let restore: UsageStore | undefined;
  if (options.redisUrl) {
    if (!/^rediss?:\/\//.test(options.redisUrl)) throw new Error('--redis-url must start with redis:// or rediss://');
    // The Redis client and rate-limiter libraries are loaded only when Redis is configured.
    const { RedisCounters } = await import('./redis-counters.js');
    const redis = await RedisCounters.open({
      url: options.redisUrl,
      ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}),
      onStatus: (status, detail) =>
        status === 'down'
          ? log('warn', 'Redis is unreachable: each server now enforces rate limits on its own (in-memory insurance) until it is back', { detail })
          : log('info', 'Redis is connected: rate-limit counters are shared', {}),
    });
    await redis.ready(options.redisConnectTimeoutMs ?? 2_000);
    counters = redis;
  } else {
    counters = new MemoryCounters();
    const usage = new UsageStore(options.db);
    journal = new UsageJournal(usage, (err) => log('error', 'could not write usage counts', { err }));
    restore = usage;
  }
  const limiter = new RateLimiter(counters, { now, journal });
  let maintenance: MaintenanceSwitch;
  try {
    await options.auth.loadKnownKeys();
    if (restore) {
      const today = limiter.today();
      await restore.deleteBefore(new Date(Date.parse(today) - USAGE_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10));
      await limiter.restore(await restore.load(today));
    }
    maintenance = await MaintenanceSwitch.watch(() => readMaintenance(options.db), {
      forced: options.maintenance ?? false,
      ...(options.maintenancePollMs ? { pollIntervalMs: options.maintenancePollMs } : {}),
      onError: (err) => log('error', 'could not read the maintenance setting', { err }),
    });
  } catch (err) {
    await journal?.close();
    await counters.close();
    throw err;
  }
  // Close order: stop polling, write the last counts, then drop the counters.
  owned.push(maintenance, ...(journal ? [journal] : []), counters);
  control = new AccessControl({
    auth: options.auth,
    plans: new PlanCache(new PlanStore(options.db)),
    counters,
    limiter,
    abuse: new AbuseGuard(counters, options.abuse ?? DEFAULT_ABUSE_OPTIONS),
    maintenance,
    owned,
  });
  return control;
}

/**
 * The access decision for a keyed request, in this order: maintenance → API key (counting
 * failures for abuse protection; a key only the store can judge is looked up only if abuse
 * protection lets the client cost a lookup) → the key's referrer and IP restrictions → the
 * plan's rate limits. Expected refusals are values here; the HTTP edge (src/http/edge/access-guard.ts) turns
 * them into statuses, headers and error bodies.
 */
import type { Plan } from './plans.js';
import type { AbuseGuard, Client } from './abuse.js';
import type { Authenticator, AuthResult, PendingLookup } from './authenticator.js';
import type { Counters } from './counters.js';
import type { ApiKeyRecord } from './api-key.js';
import type { MaintenanceSwitch } from './maintenance.js';
import type { PlanCache } from './plan-cache.js';
import type { Limits, RateLimiter, RateLimitResult } from './rate-limiter.js';
import { checkRestrictions, type RestrictionFailure } from './restrictions.js';

/** Which limits a route counts against: its bucket, and fixed limits instead of the plan's. */
export const UNLIMITED_PLAN = 'unlimited';

export interface LimitPolicy {
  /** Requests are counted per key and bucket: `search`, later `history`, `resolve`, … */
  readonly bucket: string;
  /** Limits for every key regardless of plan (e.g. History: 2/s, 5,000/day), except plan `unlimited`. */
  readonly limits?: Limits;
}

export interface AccessRequest extends Client {
  readonly presentedKey: string | undefined;
}

export type Denial =
  | { readonly kind: 'maintenance' }
  | { readonly kind: 'unauthenticated'; readonly reason: 'missing' | 'invalid' | 'revoked' }
  | { readonly kind: 'blocked'; readonly retryAfterSeconds: number }
  | { readonly kind: 'restricted'; readonly reason: RestrictionFailure }
  | { readonly kind: 'unknown_plan'; readonly plan: string }
  | { readonly kind: 'rate_limited'; readonly rate: RateLimitResult };

export type AccessDecision =
  | { readonly ok: true; readonly key: ApiKeyRecord; readonly plan: Plan; readonly rate: RateLimitResult }
  /** `key`: the valid key of a refused request (restricted, unknown plan, rate limited), for usage counts. */
  | { readonly ok: false; readonly denial: Denial; readonly key?: ApiKeyRecord | undefined };

/** The decision for a request without a key on a route open to such requests, counted per client address. */
export type AddressDecision = { readonly ok: true; readonly rate: RateLimitResult } | { readonly ok: false; readonly denial: Denial };

export type AccessLog = (level: 'info' | 'warn' | 'error', message: string, detail?: Record<string, unknown>) => void;

export interface AccessParts {
  readonly auth: Authenticator;
  readonly plans: PlanCache;
  readonly counters: Counters;
  readonly limiter: RateLimiter;
  readonly abuse: AbuseGuard;
  readonly maintenance: MaintenanceSwitch;
  /** Closed with the access control (the journal, the counters and the maintenance poll). */
  readonly owned?: readonly { close(): unknown }[];
}

export class AccessControl {
  /** Where operational events go (Redis lost and back, failed flushes); set by the composition root. */
  log: AccessLog = () => {};

  constructor(readonly parts: AccessParts) {}

  get maintenance(): boolean {
    return this.parts.maintenance.on;
  }

  /**
   * The decision for one request: from memory when the key and its plan are cached and the
   * counters are in process (the common case); the store or Redis is asked otherwise.
   */
  async check(request: AccessRequest, policy: LimitPolicy): Promise<AccessDecision> {
    if (this.parts.maintenance.on) return MAINTENANCE;
    const known = this.parts.auth.fromMemory(request.presentedKey);
    if ('hash' in known) return this.#lookUp(known, request, policy);
    return this.#authenticated(known, request, policy);
  }

  /** A key only the store can judge: a key it had is looked up; another only if abuse protection allows. */
  async #lookUp(pending: PendingLookup, request: AccessRequest, policy: LimitPolicy): Promise<AccessDecision> {
    const { auth, abuse } = this.parts;
    if (pending.known) return this.#authenticated(await auth.lookUp(pending), request, policy);
    const block = await abuse.beforeLookup(request);
    if (block.blocked) return deny({ kind: 'blocked', retryAfterSeconds: block.retryAfterSeconds ?? abuse.options.blockSeconds });
    const result = await auth.lookUp(pending);
    if (result.ok || result.reason === 'revoked') await abuse.lookupFoundKey(request);
    return this.#authenticated(result, request, policy);
  }

  async #authenticated(result: AuthResult, request: AccessRequest, policy: LimitPolicy): Promise<AccessDecision> {
    if (!result.ok) return this.#refuse(result.reason, request);
    const key = result.key;
    const restricted = checkRestrictions(key, request);
    if (restricted) return deny({ kind: 'restricted', reason: restricted }, key);
    const plan = await this.parts.plans.get(key.plan);
    if (!plan) return deny({ kind: 'unknown_plan', plan: key.plan }, key);
    return admitted(key, plan, await this.parts.limiter.consume(policy.bucket, key.id, limitsOf(key, plan, policy)));
  }

  async #refuse(reason: 'missing' | 'invalid' | 'revoked', request: AccessRequest): Promise<AccessDecision> {
    const { abuse } = this.parts;
    const block = await abuse.keylessRequest(request);
    if (block.blocked) return deny({ kind: 'blocked', retryAfterSeconds: block.retryAfterSeconds ?? abuse.options.blockSeconds });
    return deny({ kind: 'unauthenticated', reason });
  }

  /**
   * A request without a key on a route an operator opened to such requests (the zengin-code
   * JSON files, docs/search-api.md#the-zengin-code-json-shape): maintenance, then `limits` per
   * client address in `bucket`.
   */
  async checkAddress(request: AccessRequest, bucket: string, limits: Limits): Promise<AddressDecision> {
    if (this.parts.maintenance.on) return { ok: false, denial: { kind: 'maintenance' } };
    const rate = await this.parts.limiter.consume(bucket, `ip:${request.ip}`, limits);
    return rate.allowed ? { ok: true, rate } : { ok: false, denial: { kind: 'rate_limited', rate } };
  }

  /**
   * Counts `units` more requests of the day for a key the check admitted, all or none, and none
   * more of the second: a Resolve batch of N names counts as N requests of the day and as one
   * request of the second, the check having counted the first (docs/resolve.md#batch). When they
   * do not fit, the check's request is given back too: a refused batch is not counted.
   */
  async charge(key: ApiKeyRecord, plan: Plan, policy: LimitPolicy, units: number): Promise<RateLimitResult> {
    const { limiter } = this.parts;
    const rate = await limiter.consume(policy.bucket, key.id, limitsOf(key, plan, policy), units, 0);
    if (rate.allowed) return rate;
    await limiter.refund(policy.bucket, key.id, 1);
    return { ...rate, remainingDay: Math.min(rate.limitDay, rate.remainingDay + 1) };
  }

  async close(): Promise<void> {
    for (const part of this.parts.owned ?? []) await part.close();
  }
}

/**
 * An API's own limits (History) bind every plan but `unlimited`, which is for internal use and
 * benchmarks (docs/access.md#plans-and-rate-limits).
 */
function limitsOf(key: ApiKeyRecord, plan: Plan, policy: LimitPolicy): Limits {
  return policy.limits && key.plan !== UNLIMITED_PLAN ? policy.limits : plan;
}

function deny(denial: Denial, key?: ApiKeyRecord): AccessDecision {
  return key ? { ok: false, denial, key } : { ok: false, denial };
}

const MAINTENANCE = deny({ kind: 'maintenance' });

function admitted(key: ApiKeyRecord, plan: Plan, rate: RateLimitResult): AccessDecision {
  return rate.allowed ? { ok: true, key, plan, rate } : deny({ kind: 'rate_limited', rate }, key);
}

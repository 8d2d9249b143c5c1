/**
 * The onRequest hook of every keyed route: runs the access decision (src/access/access-control.ts)
 * and maps it to the HTTP interface. Successful requests and 429s carry the rate-limit headers
 * (writer.ts); refusals are ApiErrors, answered in the shape of the route's API.
 *
 *   apis/search:        guard: accessGuard(services, { bucket: 'search' })
 *   a History route:    guard: accessGuard(services, { bucket: 'history', limits: { perSecond: 2, perDay: 5000 } })
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessRequest, Denial, LimitPolicy } from '../../access/access-control.js';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../access/maintenance.js';
import type { Plan } from '../../access/plans.js';
import type { Limits, RateLimitResult } from '../../access/rate-limiter.js';
import type { Metrics } from '../../metrics/metrics.js';
import { ApiError } from './api-error.js';
import type { TrustedProxies } from '../../access/trusted-proxies.js';
import { clientAddress } from './client-address.js';
import { presentedKey } from './presented-key.js';
import { addRate, rateLimitHeaders } from './writer.js';
import type { AppServices } from '../services.js';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The page a browser request came from: Referer, else Origin (sent even under no-referrer policies). */
export function requestReferrer(headers: IncomingHttpHeaders): string | undefined {
  const referer = header(headers, 'referer');
  if (referer) return referer;
  const origin = header(headers, 'origin');
  return origin && origin !== 'null' ? origin + '/' : undefined;
}

export const MESSAGES = {
  maintenance: 'the service is temporarily offline for maintenance; try again later',
  missing: 'an API key is required: send it in the x-api-key header or the apikey query parameter',
  invalid: 'the API key is not valid',
  revoked: 'the API key has been revoked',
  blocked: 'too many requests without a valid API key from this address or referrer; access is restricted for a while',
  ip_not_allowed: 'the API key is not allowed from this IP address',
  referrer_not_allowed: 'the API key is not allowed from this referrer',
  referrer_missing: 'the API key only accepts requests from its allowed referrers, and this request has no Referer',
  rate_limited: 'rate limit exceeded',
} as const;

export function denialError(denial: Denial): ApiError {
  switch (denial.kind) {
    case 'maintenance':
      return new ApiError(503, MESSAGES.maintenance, [], { 'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS) });
    case 'unauthenticated':
      return new ApiError(401, MESSAGES[denial.reason]);
    case 'blocked':
      return new ApiError(403, MESSAGES.blocked, [], { 'retry-after': String(denial.retryAfterSeconds) });
    case 'restricted':
      return new ApiError(403, MESSAGES[denial.reason]);
    case 'unknown_plan':
      return new ApiError(403, `the plan "${denial.plan}" of this API key does not exist`);
    case 'rate_limited':
      return new ApiError(429, MESSAGES.rate_limited, [], rateLimitHeaders(denial.rate));
  }
}

/** The reason label of a refusal in the metrics (ginko_access_denials_total). */
export function denialReason(denial: Denial): string {
  switch (denial.kind) {
    case 'unauthenticated':
    case 'restricted':
      return denial.reason;
    default:
      return denial.kind;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    rateLimit?: RateLimitResult;
    /** The plan of the request's key (entitlements such as Master Export). */
    plan?: Plan;
    /** The id of a valid key whose request was refused (restriction, rate limit): usage counts it. */
    refusedKeyId?: string;
  }
}

/**
 * Declares what the guard sets on a request, so every request object has these properties from
 * its construction: adding them to some requests only would give requests several shapes and
 * slow every property access in the pipeline.
 */
export function decorateAccessedRequests(app: FastifyInstance): void {
  app.decorateRequest('apiKey', undefined);
  app.decorateRequest('plan', undefined);
  app.decorateRequest('rateLimit', undefined);
  app.decorateRequest('refusedKeyId', undefined);
}

/**
 * A request as the access decision sees it. The client's address and referrer are read only if
 * a check needs them (a key with restrictions, a request without a valid key).
 */
export class AccessedRequest implements AccessRequest {
  constructor(
    private readonly raw: IncomingMessage,
    readonly presentedKey: string | undefined,
    private readonly trustProxy: TrustedProxies | undefined,
  ) {}

  get ip(): string {
    return clientAddress(this.raw, this.trustProxy) ?? '';
  }

  get referrer(): string | undefined {
    return requestReferrer(this.raw.headers);
  }
}

/** A refusal: counted in the metrics, and the error to answer with. */
export function refuse(denial: Denial, policy: LimitPolicy, metrics: Metrics): ApiError {
  metrics.accessDenied(policy.bucket, denialReason(denial));
  return denialError(denial);
}

/**
 * A request of `items` items (a Resolve batch, a payee check) after the guard counted it once:
 * the other items-1 are charged to the day, or the whole request is refused with 429 and
 * nothing counted (docs/access.md#plans-and-rate-limits).
 */
export async function chargeItems(services: Pick<AppServices, 'access'>, request: FastifyRequest, reply: FastifyReply, policy: LimitPolicy, items: number, metrics: Metrics): Promise<void> {
  if (items <= 1) return;
  const rate = await services.access.charge(request.apiKey!, request.plan!, policy, items - 1);
  if (!rate.allowed) throw refuse({ kind: 'rate_limited', rate }, policy, metrics);
  addRate(reply, rate);
}

/** The onRequest hook of a keyed route: the request goes on with its key, plan and rate, or is refused. */
export function accessGuard(services: Pick<AppServices, 'access' | 'trustProxy'>, policy: LimitPolicy): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const { access, trustProxy } = services;
  return async function checkAccess(request, reply) {
    const decision = await access.check(new AccessedRequest(request.raw, presentedKey(request), trustProxy), policy);
    if (!decision.ok) {
      request.refusedKeyId = decision.key?.id;
      throw refuse(decision.denial, policy, request.server.metrics);
    }
    request.apiKey = decision.key;
    request.plan = decision.plan;
    request.rateLimit = decision.rate;
    addRate(reply, decision.rate);
  };
}

/**
 * The guard of a route an operator may open to requests without a key (`--open-zengin-json`):
 * a request that presents a key goes through `accessGuard` like any other; one without a key is
 * counted against `addressLimits` per client address (docs/access.md#keyless-abuse-protection).
 * Closed (`open` false), it is `accessGuard` alone.
 */
export function openableGuard(services: Pick<AppServices, 'access' | 'trustProxy'>, policy: LimitPolicy, open: boolean, addressLimits: Limits): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const keyed = accessGuard(services, policy);
  if (!open) return keyed;
  const { access, trustProxy } = services;
  return async function checkOpenAccess(request, reply) {
    if (presentedKey(request) !== undefined) return keyed(request, reply);
    const decision = await access.checkAddress(new AccessedRequest(request.raw, undefined, trustProxy), policy.bucket, addressLimits);
    if (!decision.ok) throw refuse(decision.denial, policy, request.server.metrics);
    addRate(reply, decision.rate);
  };
}

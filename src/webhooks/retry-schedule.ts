/**
 * When a delivery is tried again (docs/webhooks.md#retries): after the n-th failed attempt,
 * 5 s × 2^(n−1) (5, 10, 20, 40 s …), at most an hour, each stretched by up to a fifth at random
 * so that receivers coming back from an outage are not hit by every replica at once; an event
 * not delivered within 3 days of its first attempt is given up. What an answer means is here
 * too: 2xx ends it, 410 Gone disables the webhook, anything else is tried again.
 */

export interface RetryPolicy {
  /** The wait after the first failed attempt. */
  readonly firstDelayMs: number;
  /** The longest wait between two attempts. */
  readonly maxDelayMs: number;
  /** Each wait is stretched by a random fraction of itself up to this. */
  readonly jitter: number;
  /** How long after it was first due an event is given up. */
  readonly giveUpAfterMs: number;
}

export const RETRY_POLICY: RetryPolicy = Object.freeze({
  firstDelayMs: 5_000,
  maxDelayMs: 3_600_000,
  jitter: 0.2,
  giveUpAfterMs: 3 * 86_400_000,
});

/** The wait after `attempts` failed attempts (1 for the first), `random` in [0, 1). */
export function retryDelayMs(attempts: number, random: number, policy: RetryPolicy = RETRY_POLICY): number {
  const base = Math.min(policy.firstDelayMs * 2 ** Math.min(attempts - 1, 30), policy.maxDelayMs);
  return Math.round(base * (1 + policy.jitter * random));
}

/**
 * When to try again after the `attempts`-th failure at `now`, or undefined when that would be
 * past `giveUpAt` (the event is given up).
 */
export function nextAttemptAt(attempts: number, now: number, giveUpAt: number, random: number, policy: RetryPolicy = RETRY_POLICY): number | undefined {
  const at = now + retryDelayMs(attempts, random, policy);
  return at > giveUpAt ? undefined : at;
}

/** What an attempt came to: delivered (2xx), retry (any other answer, or none), gone (410). */
export const ATTEMPT_OUTCOMES = ['delivered', 'retry', 'gone'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** A status of the receiver's answer; undefined when there was none (refused, timed out, cut off). */
export function outcomeOf(status: number | undefined): AttemptOutcome {
  if (status !== undefined && status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return 'retry';
}

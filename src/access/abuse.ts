/**
 * Protection against repeated requests without a valid key (SPEC.md §5.5). Every request that
 * fails authentication (no key, malformed, unknown or revoked key) is counted against its
 * client address and, when it has one, the origin of its Referer. When either count goes over
 * `threshold` within `windowSeconds`, that address or referrer is blocked for `blockSeconds`:
 * its requests without a valid key get 403 until the block ends. Requests with a valid key are
 * never blocked by this (a shared address or a popular site must not lock out key holders,
 * whose own limits apply to them).
 */
import type { Counters } from './counters.js';

export interface AbuseOptions {
  /** Requests without a valid key allowed per address (and per referrer) in one window; 0 turns the protection off. */
  readonly threshold: number;
  /** Length of the counting window, in seconds. */
  readonly windowSeconds: number;
  /** How long an address or referrer stays blocked, in seconds. */
  readonly blockSeconds: number;
}

export const DEFAULT_ABUSE_OPTIONS: AbuseOptions = Object.freeze({ threshold: 20, windowSeconds: 60, blockSeconds: 600 });

export interface Client {
  readonly ip: string;
  /** The Referer (or Origin) the request came with, if any. */
  readonly referrer?: string | undefined;
}

export interface BlockState {
  readonly blocked: boolean;
  /** Seconds until the block ends (when blocked). */
  readonly retryAfterSeconds?: number;
}

const MAX_REFERRER_KEY_LENGTH = 256;

/** Referrers are counted by origin, so that varying the path does not escape a block. */
export function referrerSubject(referrer: string): string {
  try {
    const origin = new URL(referrer).origin;
    if (origin !== 'null') return origin.toLowerCase();
  } catch {
    // not a URL: count the text itself
  }
  return referrer.slice(0, MAX_REFERRER_KEY_LENGTH).toLowerCase();
}

export class AbuseGuard {
  constructor(
    private readonly counters: Counters,
    readonly options: AbuseOptions = DEFAULT_ABUSE_OPTIONS,
  ) {}

  /**
   * Counts one request without a valid key and says whether its client is blocked, either
   * already or from this request on.
   */
  async keylessRequest(client: Client): Promise<BlockState> {
    const { threshold, windowSeconds, blockSeconds } = this.options;
    if (threshold <= 0) return { blocked: false };
    const subjects = [`ip:${client.ip}`];
    if (client.referrer) subjects.push(`ref:${referrerSubject(client.referrer)}`);

    const blocks = await Promise.all(subjects.map((s) => this.counters.get(`abuse:block:${s}`)));
    const active = blocks.filter((b) => b !== undefined);
    if (active.length > 0) return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...active.map((b) => b.msBeforeReset)) / 1000)) };

    const counts = await Promise.all(subjects.map((s) => this.counters.add(`abuse:count:${s}`, 1, windowSeconds)));
    const over = subjects.filter((_, i) => counts[i]!.count > threshold);
    if (over.length === 0) return { blocked: false };
    await Promise.all(over.map((s) => this.counters.set(`abuse:block:${s}`, 1, blockSeconds)));
    return { blocked: true, retryAfterSeconds: blockSeconds };
  }
}

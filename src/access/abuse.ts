/**
 * Protection against repeated requests without a valid key
 * (docs/access.md#keyless-abuse-protection). Every request that fails authentication (no key,
 * malformed, unknown or revoked key) is counted against its client address and, when it has
 * one, the origin of its Referer. When either count goes over `threshold` within
 * `windowSeconds`, that address or referrer is blocked for `blockSeconds`: its requests without
 * a valid key get 403 until the block ends. Requests with a valid key are never blocked by this
 * (a shared address or a popular site must not lock out key holders, whose own limits apply to
 * them).
 *
 * The protection must also protect the store: a key that is not in memory costs a store lookup,
 * so before one is made for a key the store has never had (`beforeLookup`), a blocked address
 * or referrer is refused at once, and each address may cause at most
 * UNKNOWN_KEY_LOOKUPS_PER_WINDOW such lookups that find no key per window (a flood of made-up keys from one
 * address costs that many queries, then none). Keys the store had are looked up again freely:
 * a key holder behind a blocked address is still served.
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

/** Store lookups of keys not known to exist, per client address and abuse window. */
export const UNKNOWN_KEY_LOOKUPS_PER_WINDOW = 60;

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
   * Whether a client may cost a store lookup of a key not known to exist: not when its address
   * or referrer is blocked, nor past UNKNOWN_KEY_LOOKUPS_PER_WINDOW lookups from its address in
   * the window (then it is refused as blocked until the window ends).
   */
  async beforeLookup(client: Client): Promise<BlockState> {
    const { threshold, windowSeconds } = this.options;
    if (threshold > 0) {
      const block = await this.#activeBlock(this.#subjects(client));
      if (block.blocked) return block;
    }
    const lookups = await this.counters.add(lookupKey(client), 1, windowSeconds);
    if (lookups.count <= UNKNOWN_KEY_LOOKUPS_PER_WINDOW) return NOT_BLOCKED;
    await this.counters.add(lookupKey(client), -1, windowSeconds);
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(lookups.msBeforeReset / 1000)) };
  }

  /**
   * A lookup allowed by `beforeLookup` found a key: it does not count against the address
   * (only made-up keys do), so many key holders behind one address are never held back.
   */
  async lookupFoundKey(client: Client): Promise<void> {
    await this.counters.add(lookupKey(client), -1, this.options.windowSeconds);
  }

  #subjects(client: Client): string[] {
    const subjects = [`ip:${client.ip}`];
    if (client.referrer) subjects.push(`ref:${referrerSubject(client.referrer)}`);
    return subjects;
  }

  async #activeBlock(subjects: readonly string[]): Promise<BlockState> {
    const blocks = await Promise.all(subjects.map((s) => this.counters.get(`abuse:block:${s}`)));
    const active = blocks.filter((b) => b !== undefined);
    if (active.length === 0) return NOT_BLOCKED;
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...active.map((b) => b.msBeforeReset)) / 1000)) };
  }

  /**
   * Counts one request without a valid key and says whether its client is blocked, either
   * already or from this request on.
   */
  async keylessRequest(client: Client): Promise<BlockState> {
    const { threshold, windowSeconds, blockSeconds } = this.options;
    if (threshold <= 0) return NOT_BLOCKED;
    const subjects = this.#subjects(client);
    const block = await this.#activeBlock(subjects);
    if (block.blocked) return block;

    const counts = await Promise.all(subjects.map((s) => this.counters.add(`abuse:count:${s}`, 1, windowSeconds)));
    const over = subjects.filter((_, i) => counts[i]!.count > threshold);
    if (over.length === 0) return NOT_BLOCKED;
    await Promise.all(over.map((s) => this.counters.set(`abuse:block:${s}`, 1, blockSeconds)));
    return { blocked: true, retryAfterSeconds: blockSeconds };
  }
}

/** Counted before the lookup and given back when it finds a key, so that a flood never exceeds the limit. */
function lookupKey(client: Client): string {
  return `abuse:lookup:ip:${client.ip}`;
}

const NOT_BLOCKED: BlockState = Object.freeze({ blocked: false });

/**
 * Turns a presented API key into its record. Lookups are cached for a short time so that a
 * request does not wait on the store; revocations therefore take effect within CACHE_TTL_MS.
 * Keys that exist and hashes found to be no key are kept apart, each with its own bound, so
 * that made-up keys (which anyone can send by the thousand) never push out the keys in use.
 * The answer from memory (`fromMemory`) and the store lookup (`lookUp`) are separate steps so
 * that access control can refuse a blocked client before its made-up key costs a lookup.
 */
import { API_KEY_SHAPE, type ApiKeyRecord, hashApiKey, type KeyRecords, sameText } from './api-key.js';
import { ExpiringCache, type Kept } from './expiring-cache.js';

export const CACHE_TTL_MS = 2_000;
/** Keys whose lookups are kept; past this the cache starts again. */
export const CACHE_MAX_ENTRIES = 10_000;
/** Hashes found to be no key that are kept; past this that list (only) starts again. */
export const UNKNOWN_MAX_ENTRIES = 10_000;
const TOUCH_INTERVAL_MS = 60_000;
/** How often the hashes of keys created since are read (see loadKnownKeys). */
export const KNOWN_KEYS_REFRESH_MS = 5_000;
/** Keys created this long before the last read are read again: clocks of other writers may lag. */
const KNOWN_KEYS_OVERLAP_MS = 60_000;

export type AuthResult =
  | { readonly ok: true; readonly key: ApiKeyRecord }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' | 'revoked' };

const MISSING: AuthResult = Object.freeze({ ok: false, reason: 'missing' });
const INVALID: AuthResult = Object.freeze({ ok: false, reason: 'invalid' });
const REVOKED: AuthResult = Object.freeze({ ok: false, reason: 'revoked' });

/** A presented key that only the store can judge. */
export interface PendingLookup {
  readonly presented: string;
  readonly hash: string;
  /** The store had this hash as a key when it was last looked up (since this process started). */
  readonly known: boolean;
}

export class Authenticator {
  /** Records by key hash (undefined: no such key). */
  readonly #records: ExpiringCache<ApiKeyRecord | undefined>;
  /** Hashes the store had no key for, until when (epoch ms) that answer is kept. */
  readonly #unknown = new Map<string, number>();
  /**
   * Hashes the store has a key for: read at start and every KNOWN_KEYS_REFRESH_MS
   * (loadKnownKeys), and added by lookups. Their lookups are never held back from a blocked
   * client, so a key holder behind a blocked address is served. Only the store's keys get in.
   */
  readonly #known = new Set<string>();
  #knownRefresh: NodeJS.Timeout | undefined;
  #knownReadAt: number | undefined;
  readonly #used = new Set<string>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly keys: KeyRecords,
    private readonly now: () => number = Date.now,
  ) {
    this.#records = new ExpiringCache((hash) => keys.findByHash(hash), CACHE_TTL_MS, CACHE_MAX_ENTRIES, (record) => record !== undefined);
    this.#timer = setInterval(() => void this.flushLastUsed(), TOUCH_INTERVAL_MS);
    this.#timer.unref();
  }

  /** From memory while the key is in the cache; a store lookup otherwise. */
  async authenticate(presented: string | undefined): Promise<AuthResult> {
    const known = this.fromMemory(presented);
    return 'hash' in known ? this.lookUp(known) : known;
  }

  /** The verdict from memory alone, or the lookup the store must answer. */
  fromMemory(presented: string | undefined): AuthResult | PendingLookup {
    if (presented === undefined || presented === '') return MISSING;
    const now = this.now();
    // Anything not shaped like a key cannot be one; don't spend a lookup or a cache slot on it.
    if (!API_KEY_SHAPE.test(presented)) return INVALID;
    const hash = hashApiKey(presented);
    const entry = this.#records.peek(hash, now);
    if (entry) return this.#judge(entry, hash, presented);
    const unknownUntil = this.#unknown.get(hash);
    if (unknownUntil !== undefined && unknownUntil > now) return INVALID;
    return { presented, hash, known: this.#known.has(hash) };
  }

  /** Asks the store (sharing a lookup under way), then keeps the answer in memory. */
  async lookUp(pending: PendingLookup): Promise<AuthResult> {
    return this.#judge(await this.#records.get(pending.hash, this.now()), pending.hash, pending.presented);
  }

  #judge(entry: Kept<ApiKeyRecord | undefined>, hash: string, presented: string): AuthResult {
    const record = entry.value;
    if (record === undefined) {
      if (this.#unknown.size >= UNKNOWN_MAX_ENTRIES) this.#unknown.clear();
      this.#unknown.set(hash, entry.expires);
    } else {
      this.#known.add(hash);
    }
    const result = !record || !sameText(record.keyHash, hash) ? INVALID : record.revokedAt !== null ? REVOKED : { ok: true as const, key: record };
    return this.#noteUse(result);
  }

  /**
   * Forgets what this process keeps of the key with `keyHash` (revoked or changed in the console
   * of this server): its next request is judged from the store. Other servers notice within
   * CACHE_TTL_MS.
   */
  forget(keyHash: string): void {
    this.#records.forget(keyHash);
  }

  #noteUse(result: AuthResult): AuthResult {
    if (result.ok) this.#used.add(result.key.id);
    return result;
  }

  /**
   * Reads the hashes of the store's keys (then of the keys created since the last read) and
   * keeps reading them every KNOWN_KEYS_REFRESH_MS until close. Read errors leave the list as it
   * was; a key not listed yet is still looked up unless its client is blocked.
   */
  async loadKnownKeys(): Promise<void> {
    const startedAt = this.now();
    const since = this.#knownReadAt === undefined ? undefined : new Date(this.#knownReadAt - KNOWN_KEYS_OVERLAP_MS).toISOString();
    for (const hash of await this.keys.hashesCreatedSince(since)) this.#known.add(hash);
    this.#knownReadAt = startedAt;
    if (this.#knownRefresh === undefined) {
      this.#knownRefresh = setInterval(() => void this.loadKnownKeys().catch(() => {}), KNOWN_KEYS_REFRESH_MS);
      this.#knownRefresh.unref();
    }
  }

  /** Writes "last used" times; called periodically and at shutdown. */
  async flushLastUsed(): Promise<void> {
    if (this.#used.size === 0) return;
    const ids = [...this.#used];
    this.#used.clear();
    await this.keys.touch(ids, new Date(this.now()));
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    clearInterval(this.#knownRefresh);
    await this.flushLastUsed();
  }
}

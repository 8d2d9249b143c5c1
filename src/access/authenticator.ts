/**
 * Turns a presented API key into its record. Lookups are cached for a short time so that a
 * request does not wait on the store; revocations therefore take effect within CACHE_TTL_MS.
 */
import type { ApiKeyRecord, KeyStore } from './key-store.js';
import { API_KEY_SHAPE, hashApiKey, sameText } from './api-key.js';
import { ExpiringCache, type Kept } from './expiring-cache.js';
import { isPromise, type MaybePromise } from './maybe-promise.js';

export const CACHE_TTL_MS = 2_000;
/** Keys (and hashes found to be no key) whose lookups are kept; past this the cache starts again. */
export const CACHE_MAX_ENTRIES = 10_000;
const TOUCH_INTERVAL_MS = 60_000;

export type AuthResult =
  | { readonly ok: true; readonly key: ApiKeyRecord }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' | 'revoked' };

const MISSING: AuthResult = Object.freeze({ ok: false, reason: 'missing' });
const INVALID: AuthResult = Object.freeze({ ok: false, reason: 'invalid' });
const REVOKED: AuthResult = Object.freeze({ ok: false, reason: 'revoked' });

/** What one connection presented last and the verdict on it, good until the cache entry ends. */
interface ConnectionVerdict {
  readonly presented: string;
  readonly result: AuthResult;
  readonly expires: number;
}

export class Authenticator {
  /** Records by key hash (undefined: no such key). */
  readonly #records: ExpiringCache<ApiKeyRecord | undefined>;
  /**
   * The verdict on the key each connection presented last. A keep-alive client sends the same
   * key with every request; hashing it, looking the hash up and comparing digests again each
   * time was most of the access check's cost. The comparison with the remembered key is
   * constant-time like every other one of keys: behind a proxy one connection carries many
   * clients. A verdict lasts as long as the cache entry it came from, so revocations still take
   * effect within CACHE_TTL_MS, and it goes with the connection.
   */
  readonly #byConnection = new WeakMap<object, ConnectionVerdict>();
  readonly #used = new Set<string>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly keys: KeyStore,
    private readonly now: () => number = Date.now,
  ) {
    this.#records = new ExpiringCache((hash) => keys.findByHash(hash), CACHE_TTL_MS, CACHE_MAX_ENTRIES);
    this.#timer = setInterval(() => void this.flushLastUsed(), TOUCH_INTERVAL_MS);
    this.#timer.unref();
  }

  /**
   * Synchronous while the key is in the cache; a store lookup otherwise. `connection` (the
   * request's socket) lets a connection that presents the same key again reuse its verdict.
   */
  authenticate(presented: string | undefined, connection?: object): MaybePromise<AuthResult> {
    if (presented === undefined || presented === '') return MISSING;
    const now = this.now();
    if (connection !== undefined) {
      const last = this.#byConnection.get(connection);
      if (last !== undefined && last.expires > now && sameText(last.presented, presented)) return this.#noteUse(last.result);
    }
    // Anything not shaped like a key cannot be one; don't spend a lookup or a cache slot on it.
    if (!API_KEY_SHAPE.test(presented)) return INVALID;
    const hash = hashApiKey(presented);
    const entry = this.#records.get(hash, now);
    if (isPromise(entry)) return entry.then((e) => this.#judge(e, hash, presented, connection));
    return this.#judge(entry, hash, presented, connection);
  }

  #judge(entry: Kept<ApiKeyRecord | undefined>, hash: string, presented: string, connection: object | undefined): AuthResult {
    const record = entry.value;
    const result = !record || !sameText(record.keyHash, hash) ? INVALID : record.revokedAt !== null ? REVOKED : { ok: true as const, key: record };
    if (connection !== undefined) this.#byConnection.set(connection, { presented, result, expires: entry.expires });
    return this.#noteUse(result);
  }

  #noteUse(result: AuthResult): AuthResult {
    if (result.ok) this.#used.add(result.key.id);
    return result;
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
    await this.flushLastUsed();
  }
}

/**
 * Turns a presented API key into its record. Lookups are cached for a short time so that a
 * request does not wait on the store; revocations therefore take effect within CACHE_TTL_MS.
 */
import type { ApiKeyRecord, KeyStore } from './key-store.js';
import { API_KEY_SHAPE, hashApiKey, sameText } from './api-key.js';
import { isPromise, type MaybePromise } from './maybe-promise.js';

export const CACHE_TTL_MS = 2_000;
const CACHE_MAX_ENTRIES = 10_000;
const TOUCH_INTERVAL_MS = 60_000;

export type AuthResult =
  | { readonly ok: true; readonly key: ApiKeyRecord }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' | 'revoked' };

const MISSING: AuthResult = Object.freeze({ ok: false, reason: 'missing' });
const INVALID: AuthResult = Object.freeze({ ok: false, reason: 'invalid' });
const REVOKED: AuthResult = Object.freeze({ ok: false, reason: 'revoked' });

interface CacheEntry {
  readonly record: ApiKeyRecord | undefined;
  readonly expires: number;
}

export class Authenticator {
  readonly #cache = new Map<string, CacheEntry>();
  /**
   * The key last presented on each connection and its hash. A keep-alive client sends the same
   * key with every request, and hashing it again each time was most of the check's cost. The
   * comparison is constant-time like every other one of keys: behind a proxy one connection
   * carries many clients. The entry goes with the connection.
   */
  readonly #byConnection = new WeakMap<object, { readonly presented: string; readonly hash: string }>();
  readonly #used = new Set<string>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly keys: KeyStore,
    private readonly now: () => number = Date.now,
  ) {
    this.#timer = setInterval(() => void this.flushLastUsed(), TOUCH_INTERVAL_MS);
    this.#timer.unref();
  }

  /**
   * Synchronous while the key is in the cache; a store lookup otherwise. `connection` (the
   * request's socket) lets a connection that presents the same key again skip hashing it.
   */
  authenticate(presented: string | undefined, connection?: object): MaybePromise<AuthResult> {
    if (presented === undefined || presented === '') return MISSING;
    const last = connection === undefined ? undefined : this.#byConnection.get(connection);
    let hash: string;
    if (last !== undefined && sameText(last.presented, presented)) {
      hash = last.hash;
    } else {
      // Anything not shaped like a key cannot be one; don't spend a lookup or a cache slot on it.
      if (!API_KEY_SHAPE.test(presented)) return INVALID;
      hash = hashApiKey(presented);
      if (connection !== undefined) this.#byConnection.set(connection, { presented, hash });
    }
    const record = this.#lookup(hash);
    return isPromise(record) ? record.then((r) => this.#judge(r, hash)) : this.#judge(record, hash);
  }

  #judge(record: ApiKeyRecord | undefined, hash: string): AuthResult {
    if (!record || !sameText(record.keyHash, hash)) return INVALID;
    if (record.revokedAt !== null) return REVOKED;
    this.#used.add(record.id);
    return { ok: true, key: record };
  }

  #lookup(hash: string): MaybePromise<ApiKeyRecord | undefined> {
    const now = this.now();
    const hit = this.#cache.get(hash);
    if (hit && hit.expires > now) return hit.record;
    return this.keys.findByHash(hash).then((record) => {
      if (this.#cache.size >= CACHE_MAX_ENTRIES) this.#cache.clear();
      this.#cache.set(hash, { record, expires: now + CACHE_TTL_MS });
      return record;
    });
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

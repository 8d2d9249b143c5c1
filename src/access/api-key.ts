/**
 * API key format and hashing. A key is `gk_` plus 32 base64url characters (192 random bits):
 * URL-safe, so clients can paste it into a query string unencoded. Only its SHA-256 is stored;
 * a fast hash is enough because the key is random, not a password.
 */
import { hash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'gk_';
const KEY_RANDOM_BYTES = 24;
export const API_KEY_SHAPE = /^gk_[A-Za-z0-9_-]{32}$/;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(KEY_RANDOM_BYTES).toString('base64url');
}

export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/**
 * Constant-time equality of two strings of equal length (digests, keys): every character is
 * compared whatever the differences, like crypto.timingSafeEqual, without making buffers.
 */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The part of a key shown in listings: the prefix and four characters. */
export function keyHint(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4) + '…';
}

export function generateKeyId(): string {
  return 'key_' + randomBytes(6).toString('hex');
}

export interface ApiKeyRecord {
  readonly id: string;
  readonly keyHash: string;
  readonly keyHint: string;
  readonly plan: string;
  readonly name: string;
  readonly referrers: readonly string[];
  readonly ips: readonly string[];
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

export interface NewKey {
  readonly plan: string;
  readonly name?: string;
  readonly referrers?: readonly string[];
  readonly ips?: readonly string[];
}

/** What the authenticator reads of the stored keys (src/store/key-store.ts). */
export interface KeyRecords {
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  /** Hashes of the keys created at or after `since` (an ISO time), or of all keys. */
  hashesCreatedSince(since?: string): Promise<string[]>;
  touch(ids: readonly string[], at: Date): Promise<void>;
}

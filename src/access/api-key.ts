/**
 * API key format and hashing. A key is `gk_` plus 32 base64url characters (192 random bits):
 * URL-safe, so clients can paste it into a query string unencoded. Only its SHA-256 is stored;
 * a fast hash is enough because the key is random, not a password.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'gk_';
const KEY_RANDOM_BYTES = 24;
export const API_KEY_SHAPE = /^gk_[A-Za-z0-9_-]{32}$/;

export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(KEY_RANDOM_BYTES).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Constant-time equality of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The part of a key shown in listings: the prefix and four characters. */
export function keyHint(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4) + '…';
}

export function generateKeyId(): string {
  return 'key_' + randomBytes(6).toString('hex');
}

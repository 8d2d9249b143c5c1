/**
 * Operator passwords: scrypt from node:crypto (memory-hard, maintained with Node itself), with a
 * random salt per password. The stored form names its parameters so they can be raised later
 * without invalidating older hashes: `scrypt$N$r$p$salt$hash` (base64url). Plain passwords are
 * never stored, logged or echoed.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** 2^15 × 8 × 128 bytes = 32 MiB per hash; about 50–100 ms on one core. */
export const SCRYPT_PARAMS = Object.freeze({ N: 32_768, r: 8, p: 1 });
const KEY_BYTES = 32;
const SALT_BYTES = 16;
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1_024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a malformed or foreign hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (password.length > MAX_PASSWORD_LENGTH || expected.length !== KEY_BYTES) return false;
  const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), N, r, p);
  return timingSafeEqual(key, expected);
}

/**
 * A hash of no one's password, verified against when the name is unknown so that a sign-in
 * for an unknown operator costs the same time as one with a wrong password.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword(randomBytes(18).toString('base64url')));
}

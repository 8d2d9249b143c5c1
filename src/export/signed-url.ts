/**
 * Download URLs for Master Export files: a credential in itself, so HMAC-SHA-256-signed with a
 * secret kept in the store (shared by every replica) and short-lived. Each URL names the key that
 * asked for it (its id, signed with the rest), and a download is refused as soon as that key is
 * revoked: the key's status is read from the store for every download, not from the key cache.
 * Verification compares in constant time and tells tampering from expiry only in the message.
 * Each URL serves at most DOWNLOADS_PER_URL downloads.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_URL_TTL_SECONDS = 600;

/**
 * Downloads one URL allows (a retry or two, another machine of the same client); past them it
 * is refused, so a URL passed around cannot serve the file to any number of people in its ten
 * minutes (docs/export.md). Counted by the route in the shared counters.
 */
export const DOWNLOADS_PER_URL = 5;

export interface SignedDownload {
  readonly path: string;
  readonly expiresAt: number;
}

/** The query parameters of a download URL, as received. */
export interface DownloadQuery {
  readonly key?: string | undefined;
  readonly expires?: string | undefined;
  readonly signature?: string | undefined;
}

export type DownloadVerdict = 'ok' | 'invalid' | 'expired' | 'revoked';

/** Whether the key with this id exists and is not revoked, read from the store. */
export type KeyIsActive = (keyId: string) => Promise<boolean>;

/** Key ids as the key store makes them (src/access/api-key.ts); anything else is not looked up. */
const KEY_ID = /^key_[A-Za-z0-9_-]{1,64}$/;

export class DownloadSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly keyIsActive: KeyIsActive,
  ) {}

  sign(datasetId: string, keyId: string, nowSeconds: number, ttlSeconds = DOWNLOAD_URL_TTL_SECONDS): SignedDownload {
    const expiresAt = nowSeconds + ttlSeconds;
    return { path: `/master/v1/downloads/${datasetId}.zip?key=${keyId}&expires=${expiresAt}&signature=${this.#mac(datasetId, keyId, expiresAt)}`, expiresAt };
  }

  /** `ok`, or why the link is refused. Asks the store only for a URL this service signed and that has not expired. */
  async verify(datasetId: string, query: DownloadQuery, nowSeconds: number): Promise<DownloadVerdict> {
    const { key, expires, signature } = query;
    // The expiry exactly as signed: `0…` or another spelling of the number is not this URL.
    if (key === undefined || expires === undefined || signature === undefined || !KEY_ID.test(key) || !/^[1-9][0-9]{0,11}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.#mac(datasetId, key, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    if (Number(expires) < nowSeconds) return 'expired';
    return (await this.keyIsActive(key)) ? 'ok' : 'revoked';
  }

  #mac(datasetId: string, keyId: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${datasetId}\n${keyId}\n${expiresAt}`).digest('base64url');
  }
}

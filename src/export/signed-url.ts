/**
 * Download URLs for Master Export files: a credential in itself, so HMAC-SHA-256-signed with a
 * secret kept in the store (shared by every replica) and short-lived. Verification compares in
 * constant time and tells tampering from expiry only in the message.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_URL_TTL_SECONDS = 600;

export interface SignedDownload {
  readonly path: string;
  readonly expiresAt: number;
}

export class DownloadSigner {
  constructor(private readonly secret: Buffer) {}

  sign(datasetId: string, nowSeconds: number, ttlSeconds = DOWNLOAD_URL_TTL_SECONDS): SignedDownload {
    const expiresAt = nowSeconds + ttlSeconds;
    return { path: `/master/v1/downloads/${datasetId}.zip?expires=${expiresAt}&signature=${this.#mac(datasetId, expiresAt)}`, expiresAt };
  }

  /** `ok`, or why the link is refused. */
  verify(datasetId: string, expires: string | undefined, signature: string | undefined, nowSeconds: number): 'ok' | 'invalid' | 'expired' {
    if (expires === undefined || signature === undefined || !/^[0-9]{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.#mac(datasetId, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) < nowSeconds ? 'expired' : 'ok';
  }

  #mac(datasetId: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${datasetId}\n${expiresAt}`).digest('base64url');
  }
}

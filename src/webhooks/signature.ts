/**
 * The signature of a delivery (docs/webhooks.md#verifying-a-delivery), as Stripe and GitHub sign
 * theirs: `Ginko-Signature: t=<unix seconds>,v1=<hex>`, the hex being the HMAC-SHA256 of
 * `<t>.<body>` keyed with the secret's UTF-8 bytes; while a rotated secret still signs, a second
 * `v1` with it. @ginko/client's verifyWebhookSignature (clients/typescript/src/webhook-signature.ts)
 * checks exactly this.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'Ginko-Signature';
export const EVENT_ID_HEADER = 'Ginko-Event-Id';

/** `whsec_` and 32 base64url characters (192 random bits). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The header value signing `body` at `timestampSeconds` with each secret: the current one first. */
export function signatureHeader(secrets: readonly string[], body: string, timestampSeconds: number): string {
  const macs = secrets.map((secret) => `v1=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex')}`);
  return [`t=${timestampSeconds}`, ...macs].join(',');
}

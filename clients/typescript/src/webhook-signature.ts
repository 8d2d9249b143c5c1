/**
 * Checking the signature of a webhook delivery, for receivers. Ginko signs each delivery with the
 * webhook's secret: the header `Ginko-Signature: t=<unix seconds>,v1=<hex>` where the hex is the
 * HMAC-SHA256 of `<t>.<raw body>`, keyed with the secret's UTF-8 bytes. A delivery whose
 * timestamp is more than the tolerance (5 minutes) from the receiver's clock, either way, is
 * refused: a recorded delivery cannot be replayed later. Only Web Crypto is used, so this runs in
 * browsers, Node 20, Deno and workers alike; `crypto.subtle.verify` compares in constant time.
 */

/** The header carrying the signature. */
export const SIGNATURE_HEADER = 'Ginko-Signature';

/** How far a delivery's timestamp may be from now: 5 minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type SignatureFailure =
  /** The header is missing or not `t=<digits>,v1=<64 hex digits>`. */
  | 'malformed'
  /** The timestamp is further from now than the tolerance. */
  | 'stale'
  /** No `v1` signature matches the body and timestamp under this secret. */
  | 'mismatch';

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(
    readonly reason: SignatureFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyWebhookInput {
  /** The request body exactly as received (not parsed and serialized again). */
  readonly body: string | Uint8Array;
  /** The value of the `Ginko-Signature` header. */
  readonly signature: string | null | undefined;
  /** The webhook's secret, as shown once when the webhook was created. */
  readonly secret: string;
  /** Seconds a timestamp may be from now; default 300. */
  readonly toleranceSeconds?: number;
  /** The receiver's clock in milliseconds; default Date.now(). */
  readonly now?: number;
}

const encoder = new TextEncoder();

/**
 * Resolves with the delivery's timestamp (unix seconds) when the signature is valid; rejects with
 * a WebhookSignatureError saying why not.
 */
export async function verifyWebhookSignature(input: VerifyWebhookInput): Promise<{ timestamp: number }> {
  const { timestamp, signatures } = parseSignatureHeader(input.signature);
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - timestamp) > tolerance) {
    throw new WebhookSignatureError('stale', `the signature's timestamp ${timestamp} is more than ${tolerance} s from now (${nowSeconds})`);
  }
  const key = await crypto.subtle.importKey('raw', encoder.encode(input.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const body = typeof input.body === 'string' ? encoder.encode(input.body) : input.body;
  const signed = concat(encoder.encode(`${timestamp}.`), body);
  for (const signature of signatures) {
    if (await crypto.subtle.verify('HMAC', key, signature, signed)) return { timestamp };
  }
  throw new WebhookSignatureError('mismatch', 'no v1 signature matches the body under this secret');
}

/** `t=1767225600,v1=5f0c…` → the timestamp and each v1 signature's bytes (several while a secret is rotated). */
function parseSignatureHeader(header: string | null | undefined): { timestamp: number; signatures: Uint8Array<ArrayBuffer>[] } {
  let timestamp: number | undefined;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of (header ?? '').split(',')) {
    const [name, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(Uint8Array.from(value.match(/../g)!, (hex) => parseInt(hex, 16)));
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError('malformed', `${SIGNATURE_HEADER} must be t=<unix seconds>,v1=<64 hex digits>, not ${JSON.stringify(header ?? null)}`);
  }
  return { timestamp, signatures };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * @ginko/client on the security side: verifying a webhook delivery's signature (valid, tampered,
 * stale, malformed), checked against an HMAC computed here with node:crypto; and the API key
 * travelling only in the x-api-key header.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { orThrow, SearchApiError, verifyWebhookSignature, WebhookSignatureError } from '../clients/typescript/src/index.js';
import { serveForClient, type ServedClient } from './support/client.js';
import { useTempDirs } from './support/temp-dirs.js';

const SECRET = 'whsec_4f1c7a0e9b2d48e6a3c5f7081b9d2e4c';
const T = 1_788_000_000;
const BODY = JSON.stringify({
  id: 'evt_01',
  type: 'change',
  created_at: '2026-09-01T09:00:00+09:00',
  change: { change_id: 'chg-20260630-000001', change_type: 'removed', resource_type: 'bank', bank: { code: '0537', name: '福邦銀行' }, branch: null },
});

/** The header Ginko sends: HMAC-SHA256 of `<t>.<body>` keyed with the secret, in hex. */
const signatureOf = (t: number, body: string | Buffer, secret = SECRET) => `t=${t},v1=${createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex')}`;

async function failure(input: Parameters<typeof verifyWebhookSignature>[0]): Promise<WebhookSignatureError> {
  try {
    await verifyWebhookSignature(input);
  } catch (error) {
    assert.ok(error instanceof WebhookSignatureError, String(error));
    return error;
  }
  assert.fail('the signature was accepted');
}

describe('verifyWebhookSignature()', () => {
  it('accepts the signature of the body as sent, as a string or as bytes', async () => {
    assert.deepEqual(await verifyWebhookSignature({ body: BODY, signature: signatureOf(T, BODY), secret: SECRET, now: T * 1000 }), { timestamp: T });
    const bytes = new TextEncoder().encode(BODY);
    assert.deepEqual(await verifyWebhookSignature({ body: bytes, signature: signatureOf(T, Buffer.from(bytes)), secret: SECRET, now: T * 1000 }), { timestamp: T });
  });

  it('refuses a tampered body, a body parsed and serialized again, another secret and a moved timestamp: mismatch', async () => {
    const signature = signatureOf(T, BODY);
    const tampered = await failure({ body: BODY.replace('0537', '0538'), signature, secret: SECRET, now: T * 1000 });
    assert.deepEqual([tampered.reason, tampered.message], ['mismatch', 'no v1 signature matches the body under this secret']);
    const reserialized = JSON.stringify(JSON.parse(BODY), null, 1);
    assert.equal((await failure({ body: reserialized, signature, secret: SECRET, now: T * 1000 })).reason, 'mismatch');
    assert.equal((await failure({ body: BODY, signature, secret: SECRET + 'x', now: T * 1000 })).reason, 'mismatch');
    const moved = signature.replace(`t=${T}`, `t=${T + 1}`);
    assert.equal((await failure({ body: BODY, signature: moved, secret: SECRET, now: T * 1000 })).reason, 'mismatch');
  });

  it('refuses a timestamp more than 5 minutes from now either way: stale; exactly 5 minutes passes', async () => {
    const signature = signatureOf(T, BODY);
    const old = await failure({ body: BODY, signature, secret: SECRET, now: (T + 301) * 1000 });
    assert.deepEqual([old.reason, old.message], ['stale', `the signature's timestamp ${T} is more than 300 s from now (${T + 301})`]);
    assert.equal((await failure({ body: BODY, signature, secret: SECRET, now: (T - 301) * 1000 })).reason, 'stale');
    assert.deepEqual(await verifyWebhookSignature({ body: BODY, signature, secret: SECRET, now: (T + 300) * 1000 + 999 }), { timestamp: T });
    assert.deepEqual(await verifyWebhookSignature({ body: BODY, signature, secret: SECRET, now: (T - 300) * 1000 }), { timestamp: T });
    // A receiver may choose its own tolerance.
    assert.equal((await failure({ body: BODY, signature, secret: SECRET, now: (T + 61) * 1000, toleranceSeconds: 60 })).reason, 'stale');
    // Against the real clock: signed now passes, signed 6 minutes ago does not.
    const now = Math.floor(Date.now() / 1000);
    assert.deepEqual(await verifyWebhookSignature({ body: BODY, signature: signatureOf(now, BODY), secret: SECRET }), { timestamp: now });
    assert.equal((await failure({ body: BODY, signature: signatureOf(now - 360, BODY), secret: SECRET })).reason, 'stale');
  });

  it('refuses a missing or malformed header: malformed', async () => {
    const hex = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    for (const signature of [undefined, null, '', `v1=${hex}`, `t=${T}`, `t=abc,v1=${hex}`, `t=${T},v1=${hex.slice(1)}`, `t=${T},v0=${hex}`, `t=${T},v1=${hex}zz`]) {
      const error = await failure({ body: BODY, signature, secret: SECRET, now: T * 1000 });
      assert.equal(error.reason, 'malformed', String(signature));
    }
    assert.equal((await failure({ body: BODY, signature: 'sha256=abc', secret: SECRET, now: T * 1000 })).message, 'Ginko-Signature must be t=<unix seconds>,v1=<64 hex digits>, not "sha256=abc"');
  });

  it('accepts any one matching v1 of several (a secret being rotated), in either case of hex', async () => {
    const good = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    const other = createHmac('sha256', 'whsec_old').update(`${T}.${BODY}`).digest('hex');
    assert.deepEqual(await verifyWebhookSignature({ body: BODY, signature: `t=${T},v1=${other},v1=${good.toUpperCase()}`, secret: SECRET, now: T * 1000 }), { timestamp: T });
    assert.equal((await failure({ body: BODY, signature: `t=${T}, v1=${other}`, secret: SECRET, now: T * 1000 })).reason, 'mismatch');
  });
});

describe('the API key', () => {
  const tempDir = useTempDirs('ginko-client-security-');
  let s: ServedClient;
  before(async () => {
    s = await serveForClient(tempDir());
  });
  after(async () => s.close());

  it('travels in the x-api-key header only, never in the URL, where logs and proxies would keep it', async () => {
    const seen: Request[] = [];
    s.ginko.use({ onRequest: ({ request }) => void seen.push(request.clone()) });
    await orThrow(s.ginko.GET('/v3/banks/{code}', { params: { path: { code: '0001' } } }));
    await s.ginko.resolve({ bank_name: 'みずほ', branch_name: '東京' });
    for await (const change of s.ginko.paginate('/history/v1/changes', { bank_code: '0010' })) void change;
    assert.equal(seen.length, 3);
    for (const request of seen) {
      assert.equal(request.headers.get('x-api-key'), s.t.key);
      assert.ok(!request.url.includes(s.t.key), request.url);
      assert.ok(!/apikey/i.test(new URL(request.url).search), request.url);
    }
  });

  it('a wrong key is refused with 401, and the error does not repeat the key', async () => {
    const wrong = 'gk_wrong-key-0123456789';
    try {
      await orThrow(s.client({ apiKey: wrong }).GET('/v3/version'));
      assert.fail('accepted');
    } catch (error) {
      assert.ok(error instanceof SearchApiError);
      assert.deepEqual([error.status, error.code, error.message], [401, 'INVALID_API_KEY', '401 INVALID_API_KEY: the API key is not valid']);
      assert.ok(!JSON.stringify(error.body).includes(wrong));
    }
  });
});

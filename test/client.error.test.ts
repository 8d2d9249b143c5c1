/**
 * @ginko/client's failures: each error shape of Ginko as its typed error, from the live server,
 * and 429 answers waited out as the server asks, within the bounds (clients/typescript/src/backoff.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PlanStore } from '../src/store/plan-store.js';
import {
  createGinkoClient,
  DetailedApiError,
  GinkoError,
  orThrow,
  RateLimitError,
  type ResolveRequest,
  ResolveValidationError,
  SearchApiError,
} from '../clients/typescript/src/index.js';
import { serveForClient, type ServedClient } from './support/client.js';
import { useTempDirs } from './support/temp-dirs.js';

const tempDir = useTempDirs('ginko-client-errors-');
let s: ServedClient;
before(async () => {
  s = await serveForClient(tempDir());
});
after(async () => s.close());

/** The error a promise rejects with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected a rejection');
}

/** A new key of a new plan with these limits. */
async function keyOfPlan(name: string, perSecond: number, perDay: number): Promise<string> {
  await new PlanStore(s.t.store.db).set({ name, perSecond, perDay, exportAllowed: false });
  return (await s.t.keys.create({ plan: name, name })).key;
}

/** A sleep that really waits and records each wait in `waits`. */
const recordedSleep = (waits: number[]) => (ms: number) => {
  waits.push(ms);
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
};

describe('typed errors from the live server', () => {
  it('the Search error resource: SearchApiError with code, validationErrors and the request id', async () => {
    const error = await rejection(orThrow(s.ginko.GET('/v3/banks', { params: { query: { limit: 0 } } })));
    assert.ok(error instanceof SearchApiError && error instanceof GinkoError);
    assert.deepEqual([error.name, error.status, error.code, error.message], ['SearchApiError', 400, 'INVALID_PARAMETER', '400 INVALID_PARAMETER: limit must be an integer from 1 to 2000']);
    assert.deepEqual(error.validationErrors, [{ message: 'limit must be an integer from 1 to 2000', paramName: 'limit', invalidValue: '0' }]);
    assert.equal(error.requestId, error.headers.get('x-request-id'));
    assert.match(error.requestId!, /^req-/);

    const missing = await rejection(orThrow(s.ginko.GET('/v3/banks/{code}', { params: { path: { code: '0002' } } })));
    assert.ok(missing instanceof SearchApiError);
    assert.deepEqual([missing.status, missing.code, missing.message, missing.validationErrors], [404, 'NOT_FOUND', '404 NOT_FOUND: bank 0002 does not exist', []]);

    const keyless = await rejection(orThrow(s.client({ apiKey: undefined }).GET('/v3/version')));
    assert.ok(keyless instanceof SearchApiError);
    assert.deepEqual([keyless.status, keyless.code], [401, 'INVALID_API_KEY']);
  });

  it('the detailed shape: DetailedApiError with message, detail and request_id', async () => {
    const error = await rejection(orThrow(s.ginko.GET('/history/v1/changes', { params: { query: { limit: 0 } } })));
    assert.ok(error instanceof DetailedApiError);
    assert.deepEqual([error.name, error.status, error.message], ['DetailedApiError', 400, '400: limit must be an integer from 1 to 1000']);
    assert.deepEqual(error.detail, [{ type: 'value_error', loc: ['query', 'limit'], msg: 'limit must be an integer from 1 to 1000', input: '0' }]);
    assert.equal(error.requestId, (error.body as { request_id: string }).request_id);
    assert.equal(error.requestId, error.headers.get('x-request-id'));

    const missing = await rejection(orThrow(s.ginko.GET('/history/v1/changes/{change_id}', { params: { path: { change_id: 'nope' } } })));
    assert.ok(missing instanceof DetailedApiError);
    assert.deepEqual([missing.status, missing.message, missing.detail], [404, '404: change nope does not exist', []]);

    const unknownKey = await rejection(s.client({ apiKey: 'gk_not-a-key' }).resolve({ bank_name: 'みずほ', branch_name: '東京' }));
    assert.ok(unknownKey instanceof DetailedApiError);
    assert.deepEqual([unknownKey.status, unknownKey.message], [401, '401: the API key is not valid']);

    const yucho = await rejection(s.ginko.yuchoAccount({ symbol: '13030' }));
    assert.ok(yucho instanceof DetailedApiError);
    assert.equal(yucho.status, 404);
    assert.deepEqual(yucho.detail.map((d) => [d.type, d.loc, d.input]), [['not_found', ['query', 'symbol'], '13030']]);

    const kana = await rejection(s.ginko.normalizeKana('ア'.repeat(201)));
    assert.ok(kana instanceof DetailedApiError);
    assert.deepEqual([kana.status, kana.message, kana.detail[0]!.loc], [400, '400: text must be at most 200 characters', ['body', 'text']]);
  });

  it("Resolve's 422: ResolveValidationError with one entry per problem", async () => {
    const error = await rejection(s.ginko.resolve({} as ResolveRequest));
    assert.ok(error instanceof ResolveValidationError);
    assert.deepEqual([error.name, error.status, error.message], ['ResolveValidationError', 422, '422: body.bank_name: Field required; body.branch_name: Field required']);
    assert.deepEqual(error.detail, [
      { type: 'missing', loc: ['body', 'bank_name'], msg: 'Field required', input: {} },
      { type: 'missing', loc: ['body', 'branch_name'], msg: 'Field required', input: {} },
    ]);
    assert.equal(error.requestId, error.headers.get('x-request-id'));
  });

  it('paginate() rejects with the typed error of the page that failed', async () => {
    const pages = s.ginko.paginate('/v3/banks', { limit: 0 });
    const error = await rejection(pages.next());
    assert.ok(error instanceof SearchApiError);
    assert.deepEqual(error.validationErrors.map((e) => e.paramName), ['limit']);
  });

  it('an answer in no Ginko shape (a proxy in front) is a plain GinkoError with the text', async () => {
    const proxy = createGinkoClient({ baseUrl: 'https://ginko.test', fetch: async () => new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }) });
    const error = await rejection(orThrow(proxy.GET('/v3/version')));
    assert.ok(error instanceof GinkoError && !(error instanceof SearchApiError) && !(error instanceof DetailedApiError));
    assert.deepEqual([error.name, error.status, error.message, error.body, error.requestId], ['GinkoError', 502, '502 Bad Gateway', '<h1>Bad Gateway</h1>', undefined]);
  });
});

describe('429: waited out as the server asks', () => {
  it("a plan of 1 request a second: the second request within the second waits ratelimit-reset's 1 s once, then succeeds", async () => {
    const waits: number[] = [];
    const ginko = s.client({ apiKey: await keyOfPlan('client-per-second', 1, 1000), backoff: { sleep: recordedSleep(waits) } });
    const statuses: number[] = [];
    ginko.use({ onResponse: ({ response }) => void statuses.push(response.status) });
    const first = await orThrow(ginko.GET('/v3/banks/{code}', { params: { path: { code: '0001' } } }));
    const second = await orThrow(ginko.GET('/v3/banks/{code}', { params: { path: { code: '0005' } } }));
    assert.deepEqual([first.name, second.name], ['みずほ銀行', '三菱ＵＦＪ銀行']);
    assert.deepEqual(waits, [1000]);
    // Middleware sees the answer after the back-off: the 429 stayed inside the client.
    assert.deepEqual(statuses, [200, 200]);
  });

  it('without back-off the 429 is the answer: RateLimitError with retryAfterSeconds, the rate headers and no body on Search', async () => {
    const ginko = s.client({ apiKey: await keyOfPlan('client-no-backoff', 1, 1000), backoff: false });
    await orThrow(ginko.GET('/v3/version'));
    const refused = await ginko.GET('/v3/version');
    assert.equal(refused.response.status, 429);
    const error = await rejection(orThrow(Promise.resolve(refused)));
    assert.ok(error instanceof RateLimitError);
    assert.deepEqual([error.name, error.status, error.retryAfterSeconds, error.body, error.message], ['RateLimitError', 429, 1, undefined, '429: rate limit exceeded; retry in 1 s']);
    assert.deepEqual([error.headers.get('x-ratelimit-limit-second'), error.headers.get('x-ratelimit-limit-day')], ['1', '1000']);
  });

  it("History's 429 keeps its JSON body", async () => {
    // History allows 2 a second to every plan but unlimited (docs/history.md).
    const ginko = s.client({ apiKey: await keyOfPlan('client-history', 100, 1000), backoff: false });
    await orThrow(ginko.GET('/history/v1/updates/latest'));
    await orThrow(ginko.GET('/history/v1/updates/latest'));
    const error = await rejection(orThrow(ginko.GET('/history/v1/updates/latest')));
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.retryAfterSeconds, 1);
    assert.equal((error.body as { message: string }).message, 'rate limit exceeded');
    assert.equal(error.requestId, (error.body as { request_id: string }).request_id);
  });

  it("a day's limit is not slept through: a wait over maxDelayMs is answered at once", async () => {
    const waits: number[] = [];
    const ginko = s.client({ apiKey: await keyOfPlan('client-per-day', 100, 1), backoff: { maxDelayMs: 500, sleep: async (ms) => void waits.push(ms) } });
    await orThrow(ginko.GET('/v3/version'));
    const error = await rejection(orThrow(ginko.GET('/v3/version')));
    assert.ok(error instanceof RateLimitError);
    assert.deepEqual(waits, []);
    // Until the next JST midnight (docs/access.md).
    const untilMidnight = 86_400 - Math.floor(((Date.now() / 1000 + 9 * 3600) % 86_400));
    assert.ok(Math.abs(error.retryAfterSeconds! - untilMidnight) <= 2, `${error.retryAfterSeconds} s, ${untilMidnight} s to JST midnight`);
  });
});

describe('429: the bounds (a server that keeps refusing)', () => {
  /** A client whose every answer is a 429 with these headers; the waits and requests are counted. */
  function refusing(headers: Record<string, string>, backoff: { maxRetries?: number; maxDelayMs?: number; now?: () => number } = {}) {
    const waits: number[] = [];
    const bodies: string[] = [];
    const ginko = createGinkoClient({
      baseUrl: 'https://ginko.test',
      fetch: async (request) => {
        bodies.push(await request.text());
        return new Response(null, { status: 429, headers });
      },
      backoff: { ...backoff, sleep: async (ms) => void waits.push(ms) },
    });
    return { ginko, waits, bodies };
  }

  // A POST is sent again with its whole body at every try.
  it('Retry-After: 2 is waited 3 times (maxRetries), then the 429 is a RateLimitError', async () => {
    const { ginko, waits, bodies } = refusing({ 'retry-after': '2' });
    const error = await rejection(ginko.resolve({ bank_name: 'みずほ', branch_name: '東京' }));
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.retryAfterSeconds, 2);
    assert.deepEqual(waits, [2000, 2000, 2000]);
    // Four tries, each with the whole body.
    assert.deepEqual(bodies, Array(4).fill('{"bank_name":"みずほ","branch_name":"東京"}'));
  });

  it('Retry-After wins over ratelimit-reset; an HTTP date is read against the clock; maxRetries 0 sends once', async () => {
    const both = refusing({ 'retry-after': '3', 'ratelimit-reset': '1' }, { maxRetries: 1 });
    await both.ginko.GET('/v3/version');
    assert.deepEqual(both.waits, [3000]);
    const now = Date.parse('2026-09-01T00:00:00Z');
    const dated = refusing({ 'retry-after': 'Tue, 01 Sep 2026 00:00:05 GMT' }, { maxRetries: 1, now: () => now });
    await dated.ginko.GET('/v3/version');
    assert.deepEqual(dated.waits, [5000]);
    const once = refusing({ 'retry-after': '1' }, { maxRetries: 0 });
    const answer = await once.ginko.GET('/v3/version');
    assert.deepEqual([answer.response.status, once.waits, once.bodies.length], [429, [], 1]);
  });

  it('a 429 naming no wait backs off from 1 s, doubling', async () => {
    const { ginko, waits } = refusing({});
    const answer = await ginko.GET('/v3/version');
    assert.equal(answer.response.status, 429);
    assert.deepEqual(waits, [1000, 2000, 4000]);
  });
});

/**
 * The Watch API's errors (docs/webhooks.md#errors): every malformed body and parameter is a 400
 * in the detailed shape naming it, an unknown webhook a 404, a wrong method a 405 with the
 * path's Allow, an oversized body a 413.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../src/webhooks/limits.js';
import { callJson, type Json, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
let hook: string;

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: string) => callJson(t, method, url, { body: payload });

/** The 400 naming one field or parameter, in the detailed shape. */
async function assertInvalid(res: Promise<{ status: number; body: Json }>, loc: string[], input: string, msg: string, type = 'value_error') {
  const { status, body } = await res;
  assert.equal(status, 400, JSON.stringify(body));
  assert.match(String(body.request_id), /^req-/);
  assert.deepEqual({ ...body, request_id: '-' }, { message: msg, request_id: '-', detail: [{ type, loc, msg, input }] });
}

before(async () => {
  t = await startTestApp({ webhooks: { allowPrivate: true } });
  hook = (JSON.parse((await t.app.inject({ method: 'POST', url: '/watch/v1/webhooks', headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify({ url: 'http://127.0.0.1:9/x', codes: ['0001'] }) })).body) as Json).webhook.id;
});
after(() => t.close());

describe('bodies', () => {
  const create = (body: unknown) => send('POST', '/watch/v1/webhooks', JSON.stringify(body));

  it('name the field that is missing, of the wrong type, or not accepted', async () => {
    await assertInvalid(create({ codes: ['0001'] }), ['body', 'url'], '', 'url is required', 'missing');
    await assertInvalid(create({ url: 'https://example.jp/' }), ['body', 'codes'], '', 'codes is required', 'missing');
    await assertInvalid(create({ url: 42, codes: ['0001'] }), ['body', 'url'], '42', 'url must be a string');
    await assertInvalid(create({ url: 'https://example.jp/', codes: '0001' }), ['body', 'codes'], '0001', 'codes must be an array of codes');
    await assertInvalid(create({ url: 'https://example.jp/', codes: ['0001'], code: ['0005'] }), ['body', 'code'], '["0005"]', 'field "code" is not accepted here; accepted: url, codes, description');
    await assertInvalid(create(['https://example.jp/']), ['body'], '["https://example.jp/"]', 'the body must be a JSON object with url and codes', 'model_attributes_type');
    await assertInvalid(create({ url: 'https://example.jp/', codes: ['0001'], description: 'x'.repeat(201) }), ['body', 'description'], 'x'.repeat(200), 'description must be a string of at most 200 characters, or null');
  });

  it('name a code of the wrong shape, or codes no version of the data lists', async () => {
    const shape = 'each of codes must be a bank code (4 digits, e.g. 0537) or a bank and branch code (e.g. 0005-135)';
    for (const bad of ['053', '0005-13', '０００１', '0005 135', '0005-135-1']) await assertInvalid(create({ url: 'https://example.jp/', codes: ['0001', bad] }), ['body', 'codes'], bad, shape);
    await assertInvalid(create({ url: 'https://example.jp/', codes: [] }), ['body', 'codes'], '[]', 'codes must hold at least one code');
    await assertInvalid(create({ url: 'https://example.jp/', codes: ['0001', '9999', '0005-999'] }), ['body', 'codes'], '9999,0005-999', 'codes holds codes no version of the data lists: 9999, 0005-999');
  });

  it('name a URL that is not one, or too long', async () => {
    await assertInvalid(create({ url: 'example.jp/hooks', codes: ['0001'] }), ['body', 'url'], 'example.jp/hooks', 'url must be an absolute https:// URL');
    const long = `https://example.jp/${'a'.repeat(2040)}`;
    await assertInvalid(create({ url: long, codes: ['0001'] }), ['body', 'url'], long.slice(0, 200), 'url must be at most 2048 characters');
  });

  it('of PATCH change something, each field checked as on creation', async () => {
    await assertInvalid(send('PATCH', `/watch/v1/webhooks/${hook}`, '{}'), ['body'], '{}', 'the body must change at least one of url, codes, description, enabled');
    await assertInvalid(send('PATCH', `/watch/v1/webhooks/${hook}`, '{"enabled":"yes"}'), ['body', 'enabled'], 'yes', 'enabled must be true or false');
    await assertInvalid(send('PATCH', `/watch/v1/webhooks/${hook}`, '{"codes":["1"]}'), ['body', 'codes'], '1', 'each of codes must be a bank code (4 digits, e.g. 0537) or a bank and branch code (e.g. 0005-135)');
    await assertInvalid(send('PATCH', `/watch/v1/webhooks/${hook}`, '{"url":"ftp://example.jp/"}'), ['body', 'url'], 'ftp://example.jp/', 'url must be an https:// or http:// URL');
  });

  it('larger than the limit are refused with 413 before they are read', async () => {
    const big = JSON.stringify({ url: 'https://example.jp/', codes: new Array(WEBHOOK_BODY_LIMIT_BYTES / 8).fill('0001-001') });
    const res = await send('POST', '/watch/v1/webhooks', big);
    assert.deepEqual([res.status, res.body.message], [413, `the request body is larger than ${WEBHOOK_BODY_LIMIT_BYTES} bytes`]);
  });
});

describe('parameters', () => {
  it('name a bad cursor or limit of the feed and the log', async () => {
    await assertInvalid(send('GET', `/watch/v1/webhooks/${hook}/events?after=evt_1`), ['query', 'after'], 'evt_1', 'after must be the id of an event, evt_ and 24 hex digits');
    await assertInvalid(send('GET', `/watch/v1/webhooks/${hook}/events?after=evt_${'0'.repeat(24)}`), ['query', 'after'], `evt_${'0'.repeat(24)}`, `after is not the id of an event of webhook ${hook}`);
    await assertInvalid(send('GET', `/watch/v1/webhooks/${hook}/events?limit=101`), ['query', 'limit'], '101', 'limit must be an integer from 1 to 100');
    await assertInvalid(send('GET', `/watch/v1/webhooks/${hook}/deliveries?limit=0`), ['query', 'limit'], '0', 'limit must be an integer from 1 to 100');
    await assertInvalid(send('GET', '/watch/v1/webhooks?limit=1'), ['query', 'limit'], '1', 'this operation takes no query parameters');
  });

  it('answer 404 for a webhook id that is none', async () => {
    for (const id of ['wh_0000000000000000', 'x', 'wh_' + 'f'.repeat(90)]) {
      const res = await send('GET', `/watch/v1/webhooks/${id}`);
      assert.deepEqual([res.status, res.body.message], [404, `webhook ${id} does not exist`]);
    }
    await assertInvalid(send('GET', `/watch/v1/webhooks/${'x'.repeat(101)}`), ['path', 'id'], 'x'.repeat(101), 'id is not the id of a webhook');
  });
});

describe('methods', () => {
  it('not served on a path are 405 with its Allow', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/watch/v1/webhooks', 'GET, HEAD, POST, OPTIONS'],
      ['DELETE', '/watch/v1/webhooks', 'GET, HEAD, POST, OPTIONS'],
      ['POST', `/watch/v1/webhooks/${hook}`, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      ['PUT', `/watch/v1/webhooks/${hook}`, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
      ['GET', `/watch/v1/webhooks/${hook}/test`, 'POST, OPTIONS'],
      ['DELETE', `/watch/v1/webhooks/${hook}/events`, 'GET, HEAD, OPTIONS'],
    ] as const) {
      const res = await send(method, path);
      assert.deepEqual([res.status, res.headers.allow, res.body.message], [405, allow, `method not allowed; this resource allows ${allow}`], `${method} ${path}`);
    }
  });

  it('answer a browser preflight with PATCH and DELETE allowed', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: `/watch/v1/webhooks/${hook}`, headers: { origin: 'https://shop.example', 'access-control-request-method': 'PATCH' } });
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-methods'], 'GET, HEAD, POST, PATCH, DELETE, OPTIONS');
  });
});

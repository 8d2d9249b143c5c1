/**
 * Every limit of docs/limits.md at its edge: the largest accepted input passes, one more is
 * refused with the exact documented error. The table in the doc is checked against the
 * constants, so the two cannot drift apart.
 */
import assert from 'node:assert/strict';
import { FILTER_ALLOWANCE_KEYS } from '../src/access/filter-allowance.js';
import { CACHE_MAX_ENTRIES } from '../src/access/authenticator.js';
import { RESPONSE_CACHE_BYTES } from '../src/http/edge/answer-cache.js';
import { RESULT_CACHE_BYTES } from '../src/dataset/result-cache.js';
import { LOG_BUFFER_BYTES } from '../src/logging/log-sink.js';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MAX_CURSOR_LENGTH } from '../src/shared/cursor.js';
import { MAX_FIELDS_LENGTH } from '../src/search/fields.js';
import { FILTER_LIMITS } from '../src/search/filter/limits.js';
import { FREEWORD_MAX_LENGTH } from '../src/search/freeword/index.js';
import { MAX_LIMIT } from '../src/search/list-params.js';
import { MAX_SORT_LENGTH } from '../src/search/sort.js';
import { HISTORY_MAX_LIMIT } from '../src/history/history-view.js';
import { MAX_CALLBACK_LENGTH } from '../src/http/apis/search/jsonp.js';
import { BODY_LIMIT_BYTES, CONNECTIONS_CHECK_INTERVAL_MS, DRAIN_TIMEOUT_MS, HEADERS_TIMEOUT_MS, MAX_HEADER_BYTES, MAX_JSON_DEPTH, MAX_URL_LENGTH, REQUEST_TIMEOUT_MS } from '../src/http/edge/limits.js';
import { MAX_QUERY_PARAMETERS } from '../src/http/edge/query-string.js';
import { MAX_REQUEST_ID_LENGTH } from '../src/http/edge/request-id.js';
import { DOWNLOAD_URL_TTL_SECONDS, DOWNLOADS_PER_URL } from '../src/export/signed-url.js';
import { ARCHIVE_LIMITS } from '../src/dataset/archive-limits.js';
import { MAX_LINE_BYTES } from '../src/shared/input-lines.js';
import { MAX_RECORD_LINES } from '../src/shared/csv-records.js';
import { DEFAULT_SIGNIN_LIMIT } from '../src/console/signin-limiter.js';
import { CONSOLE_LIMIT_ADDRESSES } from '../src/console/request-limit.js';
import { MAX_INPUT_LENGTH } from '../src/resolve/resolve.js';
import { RESOLVE_PATH } from '../src/http/apis/resolve/resolve-api.js';
import { RESOLVE_BODY_LIMIT } from '../src/http/apis/resolve/limits.js';
import { DELIVERIES_MAX_LIMIT, DELIVERY_TIMEOUT_MS, EVENT_RETENTION_MS, FEED_MAX_LIMIT, LEASE_MS, MAX_CODES_PER_WEBHOOK, MAX_DESCRIPTION_LENGTH, MAX_ERROR_LENGTH, MAX_RECEIVER_URL_LENGTH, RESOLVE_TIMEOUT_MS, RESPONSE_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES } from '../src/webhooks/limits.js';
import { RETRY_POLICY } from '../src/webhooks/retry-schedule.js';
import { getJson, invalidParam, startTestApp, type TestApp } from './support/app.js';

const u = encodeURIComponent;
const error = (httpStatusCode: number, code: string, message: string) => ({ httpStatusCode, code, message, validationErrors: [] });

let t: TestApp;
before(async () => {
  t = await startTestApp({ trustProxy: true });
  // No API takes a body yet in this build (Resolve will); this stand-in shows the body limits
  // that every JSON route gets from the app.
  t.app.post('/test/body', async (request) => ({ received: typeof request.body }));
});
after(() => t.close());

/** GET with key and the proxy header the trust-proxy app needs. */
const get = (url: string) => getJson(t, url, { 'x-forwarded-proto': 'https' });
const post = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/test/body', headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...headers }, payload });

describe('URL, headers and body', () => {
  it(`URL: at most ${MAX_URL_LENGTH} characters, else 414`, async () => {
    const base = '/v3/banks?limit=1&_=';
    const fits = base + 'x'.repeat(MAX_URL_LENGTH - base.length);
    assert.equal((await get(fits)).status, 200);
    const res = await get(fits + 'x');
    assert.equal(res.status, 414);
    assert.deepEqual(res.body, error(414, 'URI_TOO_LONG', `the URL is longer than ${MAX_URL_LENGTH} characters`));
  });

  it(`query: at most ${MAX_QUERY_PARAMETERS} parameters, else 400 naming query`, async () => {
    const params = (n: number) => Array.from({ length: n - 1 }, (_, i) => `_${i}=1`).join('&') + '&limit=1';
    assert.equal((await get(`/v3/banks?${params(MAX_QUERY_PARAMETERS)}`)).status, 200);
    assert.deepEqual(
      (await get(`/v3/banks?${params(MAX_QUERY_PARAMETERS + 1)}`)).body,
      invalidParam('query', `more than ${MAX_QUERY_PARAMETERS} parameters`, `the query string has more than ${MAX_QUERY_PARAMETERS} parameters`),
    );
  });

  it('path parameters: as long as the URL allows; an over-long code is the 400 naming it', async () => {
    const long = '1'.repeat(300);
    assert.deepEqual((await get(`/v3/banks/${long}`)).body, invalidParam('code', long, 'code must be 4 half-width digits'));
  });

  /**
   * A request head sent over a raw connection in `pieces` (each written alone, after the
   * server has parsed the one before, as TLS hands the parser a record of 16 KB at a time);
   * resolves to what came back before the server closed the connection.
   */
  const rawHead = async (pieces: readonly string[]) => {
    if (t.app.server.address() === null) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    return new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', async () => {
        for (const piece of pieces) {
          if (socket.destroyed) break;
          socket.write(piece);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      let out = '';
      socket.on('data', (c) => (out += c));
      socket.on('close', () => resolve(out));
      socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    });
  };
  const refusal = (answer: string, status: number, reason: string, code: string, message: string) => {
    assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} ${reason}\r\n`));
    assert.match(answer, /\r\nConnection: close\r\n/);
    assert.deepEqual(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), error(status, code, message));
  };
  const clientErrors = async (reason: string) =>
    Number(new RegExp(`^ginko_http_client_errors_total\\{reason="${reason}"\\} (\\d+)$`, 'm').exec((await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-proto': 'https' } })).body)?.[1] ?? 0);

  it(`headers: at most ${MAX_HEADER_BYTES} bytes of request head, else 431 from the HTTP parser`, async () => {
    const start = 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: https\r\nConnection: close\r\nX-Pad: ';
    const head = (headBytes: number) => `${start}${'p'.repeat(headBytes - start.length - 4)}\r\n\r\n`;
    const before = await clientErrors('headers_too_large');
    assert.match(await rawHead([head(MAX_HEADER_BYTES - 100)]), /^HTTP\/1\.1 200 OK/);
    refusal(await rawHead([head(MAX_HEADER_BYTES + 100)]), 431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'the request headers are too large');
    // The same head in two pieces, the second starting inside the long header: still 431.
    const split = head(MAX_HEADER_BYTES + 100);
    refusal(await rawHead([split.slice(0, 8000), split.slice(8000)]), 431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'the request headers are too large');
    assert.equal(await clientErrors('headers_too_large'), before + 2);
  });

  it('a URL longer than the request head: 414, also when the head arrives in pieces', async () => {
    const before = await clientErrors('url_too_long');
    const head = (target: string) => `GET ${target} HTTP/1.1\r\nHost: x\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n`;
    const long = head(`/v3/banks?limit=1&_=${'x'.repeat(MAX_HEADER_BYTES + 1000)}`);
    const tooLong = ['URI Too Long', 'URI_TOO_LONG', `the URL is longer than ${MAX_URL_LENGTH} characters`] as const;
    refusal(await rawHead([long]), 414, ...tooLong);
    // As over TLS: the parser overflows in a piece that starts inside the request target.
    refusal(await rawHead([long.slice(0, 16_384), long.slice(16_384)]), 414, ...tooLong);
    assert.equal(await clientErrors('url_too_long'), before + 2);
  });

  it(`body: at most ${BODY_LIMIT_BYTES} bytes, else 413`, async () => {
    const json = (bytes: number) => JSON.stringify({ text: 'x'.repeat(bytes - '{"text":""}'.length) });
    const fits = await post(json(BODY_LIMIT_BYTES));
    assert.equal(fits.statusCode, 200, fits.body);
    assert.deepEqual(JSON.parse(fits.body), { received: 'object' });
    const res = await post(json(BODY_LIMIT_BYTES + 1));
    assert.equal(res.statusCode, 413);
    assert.deepEqual(JSON.parse(res.body), error(413, 'PAYLOAD_TOO_LARGE', `the request body is larger than ${BODY_LIMIT_BYTES} bytes`));
  });

  it(`JSON body: nested at most ${MAX_JSON_DEPTH} levels, else 400 naming body; invalid JSON names body too`, async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    assert.equal((await post(nested(MAX_JSON_DEPTH))).statusCode, 200);
    // Brackets inside strings are text, not nesting.
    assert.equal((await post(JSON.stringify({ text: '['.repeat(1000) }))).statusCode, 200);
    const message = `the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`;
    assert.deepEqual(JSON.parse((await post(nested(MAX_JSON_DEPTH + 1))).body), invalidParam('body', '', message));
    assert.deepEqual(JSON.parse((await post(nested(30_000))).body), invalidParam('body', '', message));
    const invalid = "Body is not valid JSON but content-type is set to 'application/json'";
    assert.deepEqual(JSON.parse((await post('{"a":')).body), invalidParam('body', '', invalid));
    assert.deepEqual(JSON.parse((await post('{"__proto__":{"admin":true}}')).body), invalidParam('body', '', invalid));
  });

  it('a wrong method is a 405 before any body is read, whatever the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/banks',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      payload: '['.repeat(BODY_LIMIT_BYTES + 10),
    });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
    assert.deepEqual(JSON.parse(res.body), error(405, 'METHOD_NOT_ALLOWED', 'method not allowed; this resource allows GET, HEAD, OPTIONS'));
  });
});

describe('parameters', () => {
  it(`filter: at most ${FILTER_LIMITS.maxLength} characters, ${FILTER_LIMITS.maxTerms} comparisons, regular expressions of ${FILTER_LIMITS.maxPatternLength}`, async () => {
    // Plain text, not wildcards: the length limit is under test, not the evaluation budget.
    const padded = (n: number) => `name==${'x'.repeat(n - 'name=='.length)}`;
    assert.equal((await get(`/v3/banks?limit=1&filter=${u(padded(FILTER_LIMITS.maxLength))}`)).status, 200);
    const long = padded(FILTER_LIMITS.maxLength + 1);
    assert.deepEqual((await get(`/v3/banks?filter=${u(long)}`)).body, invalidParam('filter', long, `the filter is longer than ${FILTER_LIMITS.maxLength} characters`));
    const terms = (n: number) => Array.from({ length: n }, () => 'code==0001').join(',');
    assert.equal((await get(`/v3/banks?filter=${u(terms(FILTER_LIMITS.maxTerms))}`)).status, 200);
    const many = terms(FILTER_LIMITS.maxTerms + 1);
    assert.deepEqual(
      (await get(`/v3/banks?filter=${u(many)}`)).body,
      invalidParam('filter', many, `the filter has ${FILTER_LIMITS.maxTerms + 1} comparisons; at most ${FILTER_LIMITS.maxTerms} are allowed (the first one too many is at position ${FILTER_LIMITS.maxTerms * 11 + 1})`),
    );
    assert.equal((await get(`/v3/banks?filter=${u(`name=re="${'a'.repeat(FILTER_LIMITS.maxPatternLength)}"`)}`)).status, 200);
    const pattern = `name=re="${'a'.repeat(FILTER_LIMITS.maxPatternLength + 1)}"`;
    assert.deepEqual(
      (await get(`/v3/banks?filter=${u(pattern)}`)).body,
      invalidParam('filter', pattern, `the regular expression at position 10 is longer than ${FILTER_LIMITS.maxPatternLength} characters`),
    );
  });

  it(`freeword: at most ${FREEWORD_MAX_LENGTH} characters`, async () => {
    assert.equal((await get(`/v3/freeword/banks?freeword=${u('み'.repeat(FREEWORD_MAX_LENGTH))}`)).status, 200);
    const long = 'み'.repeat(FREEWORD_MAX_LENGTH + 1);
    assert.deepEqual((await get(`/v3/freeword/banks?freeword=${u(long)}`)).body, invalidParam('freeword', long, `freeword must be at most ${FREEWORD_MAX_LENGTH} characters`));
  });

  it(`callback: at most ${MAX_CALLBACK_LENGTH} characters of a dotted JavaScript name`, async () => {
    const fits = 'c'.repeat(MAX_CALLBACK_LENGTH);
    const ok = await get(`/v3/banks/0001?callback=${fits}`);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers['content-type'], 'application/javascript; charset=utf-8');
    const long = fits + 'c';
    assert.deepEqual((await get(`/v3/banks/0001?callback=${long}`)).body, invalidParam('callback', long, `callback must be at most ${MAX_CALLBACK_LENGTH} characters`));
    assert.deepEqual(
      (await get(`/v3/banks/0001?callback=${u('a;alert(1)')}`)).body,
      invalidParam('callback', 'a;alert(1)', 'callback must be a JavaScript identifier or dotted path such as "cb" or "app.onBanks"'),
    );
  });

  it(`fields and sort: at most ${MAX_FIELDS_LENGTH} and ${MAX_SORT_LENGTH} characters; cursor ${MAX_CURSOR_LENGTH}`, async () => {
    const fields = 'code,'.repeat(MAX_FIELDS_LENGTH / 5) + 'c';
    assert.deepEqual((await get(`/v3/banks?fields=${fields}`)).body, invalidParam('fields', fields, `fields must be at most ${MAX_FIELDS_LENGTH} characters`));
    const sort = 'x'.repeat(MAX_SORT_LENGTH + 1);
    assert.deepEqual((await get(`/v3/banks?sort=${sort}`)).body, invalidParam('sort', sort, `sort must be at most ${MAX_SORT_LENGTH} characters`));
    const cursor = 'x'.repeat(MAX_CURSOR_LENGTH + 1);
    assert.deepEqual((await get(`/v3/banks?cursor=${cursor}`)).body, invalidParam('cursor', cursor, `cursor must be at most ${MAX_CURSOR_LENGTH} characters`));
  });

  it(`limit: 1 to ${MAX_LIMIT} on Search, 1 to ${HISTORY_MAX_LIMIT} on History`, async () => {
    assert.equal(((await get(`/v3/banks?limit=${MAX_LIMIT}`)).body as { size: number }).size, 1146);
    const message = `limit must be an integer from 1 to ${MAX_LIMIT}`;
    for (const bad of [String(MAX_LIMIT + 1), '0', '99999999999999999999']) assert.deepEqual((await get(`/v3/banks?limit=${bad}`)).body, invalidParam('limit', bad, message));
    assert.equal((await get(`/history/v1/changes?limit=${HISTORY_MAX_LIMIT}`)).status, 200);
    const res = await get(`/history/v1/changes?limit=${HISTORY_MAX_LIMIT + 1}`);
    assert.equal(res.status, 400);
    assert.deepEqual((res.body as { detail: unknown }).detail, [
      { type: 'value_error', loc: ['query', 'limit'], msg: `limit must be an integer from 1 to ${HISTORY_MAX_LIMIT}`, input: String(HISTORY_MAX_LIMIT + 1) },
    ]);
  });
});

describe('Resolve and Master Export', () => {
  const resolve = (payload: string) =>
    t.app.inject({ method: 'POST', url: RESOLVE_PATH, headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-api-key': t.key }, payload });
  const detailOf = async (payload: string) => {
    const res = await resolve(payload);
    return { status: res.statusCode, detail: (JSON.parse(res.body) as { detail?: unknown }).detail, message: (JSON.parse(res.body) as { message?: unknown }).message };
  };

  it(`names of at most ${MAX_INPUT_LENGTH} characters, else 422 string_too_long`, async () => {
    assert.equal((await resolve(JSON.stringify({ bank_name: 'あ'.repeat(MAX_INPUT_LENGTH), branch_name: '本店' }))).statusCode, 200);
    const long = 'あ'.repeat(MAX_INPUT_LENGTH + 1);
    assert.deepEqual(await detailOf(JSON.stringify({ bank_name: long, branch_name: '本店' })), {
      status: 422,
      // The offending value is echoed cut to its first 100 characters.
      detail: [{ type: 'string_too_long', loc: ['body', 'bank_name'], msg: `String should have at most ${MAX_INPUT_LENGTH} characters`, input: long.slice(0, 100) }],
      message: undefined,
    });
  });

  it(`a body of at most ${RESOLVE_BODY_LIMIT} bytes, else 413`, async () => {
    const body = (bytes: number) => {
      const empty = JSON.stringify({ bank_name: 'みずほ', branch_name: '本店', note: '' });
      return JSON.stringify({ bank_name: 'みずほ', branch_name: '本店', note: 'x'.repeat(bytes - Buffer.byteLength(empty)) });
    };
    assert.equal(Buffer.byteLength(body(RESOLVE_BODY_LIMIT)), RESOLVE_BODY_LIMIT);
    assert.equal((await resolve(body(RESOLVE_BODY_LIMIT))).statusCode, 200);
    assert.deepEqual(await detailOf(body(RESOLVE_BODY_LIMIT + 1)), { status: 413, detail: undefined, message: `the request body is larger than ${RESOLVE_BODY_LIMIT} bytes` });
  });

  it(`JSON nested at most ${MAX_JSON_DEPTH} levels, else 422 json_invalid; never a 500 for deep input`, async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    assert.equal((await detailOf(nested(MAX_JSON_DEPTH))).detail instanceof Array, true);
    assert.equal(((await detailOf(nested(MAX_JSON_DEPTH))).detail as { type: string }[])[0]!.type, 'model_attributes_type');
    for (const depth of [MAX_JSON_DEPTH + 1, 8000]) {
      const text = nested(depth);
      assert.deepEqual(await detailOf(text), {
        status: 422,
        detail: [{ type: 'json_invalid', loc: ['body'], msg: `the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`, input: text.slice(0, 100) }],
        message: undefined,
      });
    }
    assert.equal((await resolve(`{"bank_name":${nested(8000)},"branch_name":"本店"}`)).statusCode, 422);
  });

  it(`download URLs last ${DOWNLOAD_URL_TTL_SECONDS} seconds`, async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/master/v1/download-url',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-api-key': t.key },
      payload: JSON.stringify({ dataset_id: 'upd-20260824' }),
    });
    assert.equal(issued.statusCode, 200, issued.body);
    const url = new URL(JSON.parse(issued.body).download_url as string);
    const expires = Number(url.searchParams.get('expires'));
    assert.ok(Math.abs(expires - (Date.now() / 1000 + DOWNLOAD_URL_TTL_SECONDS)) < 60);
  });
});

describe('docs/limits.md', () => {
  it('lists every limit with the value of its constant', () => {
    const doc = readFileSync(new URL('../docs/limits.md', import.meta.url), 'utf8');
    const rows: [string, number | string][] = [
      ['MAX_URL_LENGTH', MAX_URL_LENGTH],
      ['MAX_HEADER_BYTES', MAX_HEADER_BYTES],
      ['BODY_LIMIT_BYTES', BODY_LIMIT_BYTES],
      ['MAX_JSON_DEPTH', MAX_JSON_DEPTH],
      ['REQUEST_TIMEOUT_MS', REQUEST_TIMEOUT_MS],
      ['HEADERS_TIMEOUT_MS', HEADERS_TIMEOUT_MS],
      ['CONNECTIONS_CHECK_INTERVAL_MS', CONNECTIONS_CHECK_INTERVAL_MS],
      ['DRAIN_TIMEOUT_MS', DRAIN_TIMEOUT_MS],
      ['MAX_QUERY_PARAMETERS', MAX_QUERY_PARAMETERS],
      ['FILTER_LIMITS.maxLength', FILTER_LIMITS.maxLength],
      ['FILTER_LIMITS.maxTerms', FILTER_LIMITS.maxTerms],
      ['FILTER_LIMITS.maxPatternLength', FILTER_LIMITS.maxPatternLength],
      ['FILTER_LIMITS.evaluationBudgetMs', FILTER_LIMITS.evaluationBudgetMs],
      ['FREEWORD_MAX_LENGTH', FREEWORD_MAX_LENGTH],
      ['MAX_CALLBACK_LENGTH', MAX_CALLBACK_LENGTH],
      ['MAX_FIELDS_LENGTH', MAX_FIELDS_LENGTH],
      ['MAX_SORT_LENGTH', MAX_SORT_LENGTH],
      ['MAX_CURSOR_LENGTH', MAX_CURSOR_LENGTH],
      ['MAX_LIMIT', MAX_LIMIT],
      ['HISTORY_MAX_LIMIT', HISTORY_MAX_LIMIT],
      ['MAX_REQUEST_ID_LENGTH', MAX_REQUEST_ID_LENGTH],
      ['MAX_INPUT_LENGTH', MAX_INPUT_LENGTH],
      ['RESOLVE_BODY_LIMIT', RESOLVE_BODY_LIMIT],
      ['DOWNLOAD_URL_TTL_SECONDS', DOWNLOAD_URL_TTL_SECONDS],
      ['RESPONSE_CACHE_BYTES', RESPONSE_CACHE_BYTES],
      ['RESULT_CACHE_BYTES', RESULT_CACHE_BYTES],
      ['FILTER_ALLOWANCE_KEYS', FILTER_ALLOWANCE_KEYS],
      ['CACHE_MAX_ENTRIES', CACHE_MAX_ENTRIES],
      ['LOG_BUFFER_BYTES', LOG_BUFFER_BYTES],
      ['DOWNLOADS_PER_URL', DOWNLOADS_PER_URL],
      ['ARCHIVE_LIMITS.downloadBytes', ARCHIVE_LIMITS.downloadBytes],
      ['ARCHIVE_LIMITS.entryBytes', ARCHIVE_LIMITS.entryBytes],
      ['ARCHIVE_LIMITS.totalBytes', ARCHIVE_LIMITS.totalBytes],
      ['MAX_LINE_BYTES', MAX_LINE_BYTES],
      ['MAX_RECORD_LINES', MAX_RECORD_LINES],
      ['DEFAULT_SIGNIN_LIMIT.maxEntries', DEFAULT_SIGNIN_LIMIT.maxEntries],
      ['CONSOLE_LIMIT_ADDRESSES', CONSOLE_LIMIT_ADDRESSES],
      ['MAX_CODES_PER_WEBHOOK', MAX_CODES_PER_WEBHOOK],
      ['MAX_RECEIVER_URL_LENGTH', MAX_RECEIVER_URL_LENGTH],
      ['MAX_DESCRIPTION_LENGTH', MAX_DESCRIPTION_LENGTH],
      ['WEBHOOK_BODY_LIMIT_BYTES', WEBHOOK_BODY_LIMIT_BYTES],
      ['RESOLVE_TIMEOUT_MS', RESOLVE_TIMEOUT_MS],
      ['FEED_MAX_LIMIT', FEED_MAX_LIMIT],
      ['DELIVERIES_MAX_LIMIT', DELIVERIES_MAX_LIMIT],
      ['DELIVERY_TIMEOUT_MS', DELIVERY_TIMEOUT_MS],
      ['RESPONSE_BODY_LIMIT_BYTES', RESPONSE_BODY_LIMIT_BYTES],
      ['LEASE_MS', LEASE_MS],
      ['MAX_ERROR_LENGTH', MAX_ERROR_LENGTH],
      ['EVENT_RETENTION_MS', EVENT_RETENTION_MS],
      ['RETRY_POLICY', RETRY_POLICY.maxDelayMs],
      ['RETRY_POLICY', RETRY_POLICY.giveUpAfterMs],
    ];
    for (const [name, value] of rows) {
      const row = doc.split('\n').find((l) => l.startsWith('|') && l.includes(`\`${name}\``));
      assert.ok(row, `docs/limits.md has a row for ${name}`);
      assert.ok(row.includes(Number(value).toLocaleString('en-US')), `the ${name} row says ${Number(value).toLocaleString('en-US')}: ${row}`);
    }
  });
});

/**
 * The pipeline's fast branch (src/http/edge/fast-path.ts) against Fastify's routes, over real HTTP connections (app.inject
 * goes around the server's request listener, so it never meets the hot path): the same
 * answers, the same refusals, each request counted once, the same log line and metrics.
 */
import { Snapshot } from '../src/dataset/snapshot.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { writeMaintenance } from '../src/access/maintenance.js';
import { PlanStore } from '../src/access/plans.js';
import { loadBundledDirectory } from '../src/dataset/bundled.js';
import { type Answer, header, Served, withRemaining } from './support/served.js';
import { LogCapture } from './support/log-capture.js';

const jsonError = (httpStatusCode: number, code: string, message: string) => JSON.stringify({ httpStatusCode, code, message, validationErrors: [] });

describe('the hot path', () => {
  let s: Served;
  const log = new LogCapture();
  before(async () => {
    s = await Served.start({ logger: { level: 'info', stream: log } });
  });
  after(() => s.close());

  it('answers a repeated Search GET exactly as Fastify answered it, headers in the same order', async () => {
    const paths = [
      '/v3/banks/0001',
      '/v2/banks/0001',
      '/v1/banks/0001',
      '/v3/banks/0001/branches/001',
      '/v3/banks?limit=3',
      '/v3/banks/0005/branches?limit=2&fields=code,name',
      `/v3/freeword/banks?freeword=${encodeURIComponent('みずほ')}`,
      '/v3/businessTypes',
      '/v3/version',
      '/v3/banks/0001?_=1700000000000',
    ];
    for (const path of paths) {
      const variants: Record<string, string>[] = [{}, { origin: 'https://shop.example' }, { accept: 'application/json, text/plain;q=0.5' }];
      for (const [i, extra] of variants.entries()) {
        // Each variant its own URL (Ginko ignores `_`), so that Fastify answers it first.
        const url = i === 0 ? path : `${path}${path.includes('?') ? '&' : '?'}_=${i}`;
        const [fastify, hot] = await s.coldThenHot(url, { 'x-api-key': s.t.key, ...extra });
        assert.equal(fastify.status, 200, path);
        const remaining = Number(header(fastify, 'x-ratelimit-remaining-day'));
        assert.equal(header(hot, 'x-ratelimit-remaining-day'), String(remaining - 2), `${path}: each counted once`);
        assert.deepEqual(withRemaining(hot, remaining), fastify, path);
      }
    }
    const lookup = await s.send('/v3/banks/0001', { 'x-api-key': s.t.key });
    assert.deepEqual(lookup.headers.map(([n]) => n), ['x-request-id', 'x-ratelimit-limit-second', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day', 'ratelimit-reset', 'content-type', 'content-length', 'connection', 'keep-alive']);
    assert.equal(lookup.body, '{"code":"0001","name":"みずほ銀行","halfWidthKana":"ﾐｽﾞﾎｷﾞﾝｺｳ","fullWidthKana":"ミズホギンコウ","hiragana":"みずほぎんこう","businessTypeCode":"00200","businessType":"都市銀行"}');
    assert.equal(header(lookup, 'content-length'), String(Buffer.byteLength(lookup.body)));
  });

  it('leaves to Fastify what it would not answer the same way', async () => {
    const key = { 'x-api-key': s.t.key };
    await s.coldThenHot('/v3/banks/0005', key);
    const before = s.answered;
    const head = await s.send('/v3/banks/0005', key, { method: 'HEAD' });
    assert.deepEqual([head.status, head.body, header(head, 'content-length')], [200, '', '297']);
    const html = await s.send('/v3/banks/0005', { ...key, accept: 'text/html' });
    assert.deepEqual([html.status, html.body], [406, jsonError(406, 'NOT_ACCEPTABLE', 'this resource is available only as application/json')]);
    for (let i = 0; i < 2; i++) {
      const jsonp = await s.send('/v3/banks/0005?callback=cb', key);
      assert.equal(header(jsonp, 'content-type'), 'application/javascript; charset=utf-8');
      assert.ok(jsonp.body.startsWith('/**/ cb({"code":"0005"'), jsonp.body.slice(0, 20));
      const inQuery = await s.send(`/v3/banks/0005?apikey=${s.t.key}`);
      assert.equal(inQuery.status, 200);
    }
    const withBody = await s.send('/v3/banks/0005', { ...key, 'content-type': 'application/json', 'content-length': '2' }, { body: '{}' });
    assert.equal(withBody.status, 200);
    const posted = await s.send('/v3/banks/0005', key, { method: 'POST' });
    assert.equal(posted.status, 405);
    assert.equal(s.answered, before, 'none of these took the hot path');
  });

  it('logs and counts its answers as Fastify does', async () => {
    await s.coldThenHot('/v3/banks/0009', { 'x-api-key': s.t.key });
    const [fastify, , hot] = log.responses().filter((l) => l.url === '/v3/banks/0009');
    assert.ok(fastify && hot);
    assert.deepEqual(Object.keys(hot), Object.keys(fastify));
    const same = ({ reqId: _id, ms: _ms, time: _time, ...rest }: Record<string, unknown>) => rest;
    assert.deepEqual(same(hot), same(fastify));
    assert.equal(hot.ip, '127.0.0.1');
    assert.match(String(hot.keyId), /^key_[0-9a-f]{12}$/);
    assert.notEqual(hot.reqId, fastify.reqId);

    const counted = async () => {
      const metrics = await s.send('/metrics');
      const line = metrics.body.split('\n').find((l) => l.startsWith('ginko_http_requests_total{') && l.includes('route="/v3/banks/:code"') && l.includes('method="GET"') && l.includes('status="200"'));
      assert.ok(line, metrics.body.slice(0, 500));
      return Number(line.split(' ').at(-1));
    };
    const before = await counted();
    await s.coldThenHot('/v3/banks/0010', { 'x-api-key': s.t.key });
    assert.equal(await counted(), before + 3);
  });

  it('answers only with the current snapshot', async () => {
    await s.coldThenHot('/v3/banks/0017', { 'x-api-key': s.t.key });
    const previous = s.t.snapshots.current;
    s.t.snapshots.replace(new Snapshot(loadBundledDirectory()));
    try {
      await s.coldThenHot('/v3/banks/0017', { 'x-api-key': s.t.key });
    } finally {
      s.t.snapshots.replace(previous);
    }
  });
});

describe('access on the hot path', () => {
  let s: Served;
  const URL = '/v3/banks/0001';
  before(async () => {
    s = await Served.start({ maintenancePollMs: 20 });
    await new PlanStore(s.t.store.db).set({ name: 'three', perSecond: 1000, perDay: 3, exportAllowed: false });
    await s.coldThenHot(URL, { 'x-api-key': s.t.key });
  });
  after(() => s.close());

  /**
   * A request with a key not used yet (its record is looked up in the store) or one that is
   * refused: the fast branch waits for the decision and answers it itself, through the same
   * guard and writer as the route, and counts it once.
   */
  async function firstUse(headers: Record<string, string>): Promise<Answer> {
    const before = s.answered;
    const answer = await s.send(URL, headers);
    assert.equal(s.answered, before + 1);
    return answer;
  }
  const refused = firstUse;

  it('refuses missing, malformed, unknown and revoked keys with the guard\'s 401', async () => {
    const missing = await refused({});
    assert.deepEqual([missing.status, missing.body], [401, jsonError(401, 'INVALID_API_KEY', 'an API key is required: send it in the x-api-key header or the apikey query parameter')]);
    assert.equal(header(missing, 'x-ratelimit-limit-day'), undefined);
    for (const bad of ['nonsense', 'gk_' + 'A'.repeat(32)]) {
      const invalid = await refused({ 'x-api-key': bad });
      assert.deepEqual([invalid.status, invalid.body], [401, jsonError(401, 'INVALID_API_KEY', 'the API key is not valid')]);
    }
    const { key, record } = await s.t.keys.create({ plan: 'standard' });
    await s.t.keys.revoke(record.id);
    const revoked = await refused({ 'x-api-key': key });
    assert.deepEqual([revoked.status, revoked.body], [401, jsonError(401, 'INVALID_API_KEY', 'the API key has been revoked')]);
  });

  it('applies IP and referrer restrictions', async () => {
    const elsewhere = (await s.t.keys.create({ plan: 'standard', ips: ['10.0.0.0/8'] })).key;
    const ipRefused = await refused({ 'x-api-key': elsewhere });
    assert.deepEqual([ipRefused.status, ipRefused.body], [403, jsonError(403, 'FORBIDDEN', 'the API key is not allowed from this IP address')]);
    const here = (await s.t.keys.create({ plan: 'standard', ips: ['127.0.0.1/32'] })).key;
    assert.equal((await firstUse({ 'x-api-key': here })).status, 200);
    let before = s.answered;
    assert.equal((await s.send(URL, { 'x-api-key': here })).status, 200);
    assert.equal(s.answered, before + 1);

    const shop = (await s.t.keys.create({ plan: 'standard', referrers: ['https://shop.example/*'] })).key;
    const noReferrer = await refused({ 'x-api-key': shop });
    assert.deepEqual([noReferrer.status, noReferrer.body], [403, jsonError(403, 'FORBIDDEN', 'the API key only accepts requests from its allowed referrers, and this request has no Referer')]);
    const otherSite = await refused({ 'x-api-key': shop, referer: 'https://evil.example/' });
    assert.equal(otherSite.status, 403);
    before = s.answered;
    assert.equal((await s.send(URL, { 'x-api-key': shop, referer: 'https://shop.example/checkout' })).status, 200);
    assert.equal((await s.send(URL, { 'x-api-key': shop, origin: 'https://shop.example' })).status, 200);
    assert.equal(s.answered, before + 2);
  });

  it('serves exactly the plan\'s daily requests, then 429 without a body', async () => {
    const { key } = await s.t.keys.create({ plan: 'three' });
    const statuses: number[] = [];
    const remaining: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await s.send(URL, { 'x-api-key': key });
      statuses.push(answer.status);
      remaining.push(header(answer, 'x-ratelimit-remaining-day'));
      if (answer.status === 429) assert.deepEqual([answer.body, header(answer, 'content-length'), header(answer, 'ratelimit-reset')], ['', '0', '43200']);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    assert.deepEqual(remaining, ['2', '1', '0', '0', '0']);
  });

  it('answers 503 in maintenance mode, from the switch the CLI writes', async () => {
    await writeMaintenance(s.t.store.db, true);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const offline = await refused({ 'x-api-key': s.t.key });
      assert.deepEqual([offline.status, offline.body, header(offline, 'retry-after')], [503, jsonError(503, 'SERVICE_UNAVAILABLE', 'the service is temporarily offline for maintenance; try again later'), '300']);
    } finally {
      await writeMaintenance(s.t.store.db, false);
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal((await s.send(URL, { 'x-api-key': s.t.key })).status, 200);
  });
});

describe('the hot path behind --trust-proxy', () => {
  let s: Served;
  const log = new LogCapture();
  before(async () => {
    // This process's loopback and a second proxy at 10.1.2.3 are trusted.
    s = await Served.start({ trustProxy: '127.0.0.1,10.0.0.0/8', logger: { level: 'info', stream: log } });
  });
  after(() => s.close());

  it('takes the client address from X-Forwarded-For (right-most untrusted) and requires X-Forwarded-Proto: https', async () => {
    const { key } = await s.t.keys.create({ plan: 'standard', ips: ['203.0.113.0/24'] });
    const via = (forwardedFor: string, proto = 'https') => ({ 'x-api-key': key, 'x-forwarded-proto': proto, 'x-forwarded-for': forwardedFor });
    const [fastify, hot] = await s.coldThenHot('/v3/banks/0001', via('203.0.113.7, 10.1.2.3'));
    assert.equal(fastify.status, 200);
    assert.deepEqual(withRemaining(hot, Number(header(fastify, 'x-ratelimit-remaining-day'))), fastify);
    assert.deepEqual(log.responses().map((l) => l.ip), ['203.0.113.7', '203.0.113.7', '203.0.113.7']);

    const before = s.answered;
    const elsewhere = await s.send('/v3/banks/0001', via('198.51.100.7'));
    assert.deepEqual([elsewhere.status, elsewhere.body], [403, jsonError(403, 'FORBIDDEN', 'the API key is not allowed from this IP address')]);
    assert.equal(s.answered, before + 1, 'a refusal is answered by the fast branch');
    // The client wrote the left-most address; the proxy appended the one it saw.
    const spoofed = await s.send('/v3/banks/0001', via('203.0.113.7, 198.51.100.7, 10.1.2.3'));
    assert.deepEqual([spoofed.status, spoofed.body], [403, jsonError(403, 'FORBIDDEN', 'the API key is not allowed from this IP address')]);
    assert.deepEqual(log.responses().map((l) => l.ip).slice(-2), ['198.51.100.7', '198.51.100.7']);
    const plain = await s.send('/v3/banks/0001', via('203.0.113.7', 'http'));
    assert.deepEqual([plain.status, plain.body], [403, jsonError(403, 'FORBIDDEN', 'HTTPS is required: the proxy must forward X-Forwarded-Proto: https')]);
    assert.equal(s.answered, before + 2, 'a plain request goes to the routes, which refuse it');
  });
});

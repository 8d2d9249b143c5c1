import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getJson, invalidParam, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const LIMIT_MESSAGE = 'limit must be an integer from 1 to 2000';

describe('limit', () => {
  for (const ok of ['1', '2000', '0020']) {
    it(`accepts ${ok}`, async () => {
      const res = await getJson(t, `/v3/banks?limit=${ok}&fields=code`);
      assert.equal(res.status, 200);
      assert.equal((res.body as { limit: number }).limit, Number(ok));
    });
  }
  for (const bad of ['0', '2001', 'abc', '', '-1', '1.5', '1e3', '99999999999999999999']) {
    it(`refuses ${JSON.stringify(bad)}`, async () => {
      const res = await getJson(t, `/v3/banks?limit=${bad}`);
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, invalidParam('limit', bad, LIMIT_MESSAGE));
    });
  }
  it('refuses a repeated limit', async () => {
    const res = await getJson(t, '/v3/banks?limit=1&limit=2');
    assert.deepEqual(res.body, invalidParam('limit', '1,2', 'parameter "limit" must be given once'));
  });
});

describe('fields', () => {
  it('refuses an unknown field, naming the allowed ones', async () => {
    const res = await getJson(t, '/v3/banks?fields=code,kana');
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, invalidParam('fields', 'code,kana', 'unknown field "kana"; allowed: code, name, halfWidthKana, fullWidthKana, hiragana, businessTypeCode, businessType'));
  });
  it('refuses an empty name', async () => {
    const res = await getJson(t, '/v3/banks/0001?fields=code,,name');
    assert.deepEqual(res.body, invalidParam('fields', 'code,,name', 'fields has an empty name; expected a comma-separated list such as "code,name"'));
  });
  it('refuses bank-only fields on branches', async () => {
    const res = await getJson(t, '/v3/banks/0001/branches?fields=businessType');
    assert.deepEqual(res.body, invalidParam('fields', 'businessType', 'unknown field "businessType"; allowed: code, name, halfWidthKana, fullWidthKana, hiragana'));
  });
});

describe('sort', () => {
  it('refuses an unknown field', async () => {
    const res = await getJson(t, '/v3/banks?sort=-size');
    assert.deepEqual(res.body, invalidParam('sort', '-size', 'unknown sort field "size"; allowed: code, name, halfWidthKana, fullWidthKana, hiragana, businessTypeCode, businessType'));
  });
  it('refuses an empty key and a repeated key', async () => {
    assert.deepEqual((await getJson(t, '/v3/banks?sort=code,')).body, invalidParam('sort', 'code,', 'sort has an empty field name; expected e.g. "code" or "-name,code"'));
    assert.deepEqual((await getJson(t, '/v3/banks?sort=code,-code')).body, invalidParam('sort', 'code,-code', 'sort field "code" is given twice'));
  });
  it('is not accepted by get operations', async () => {
    const res = await getJson(t, '/v3/banks/0001?sort=code');
    assert.deepEqual(res.body, invalidParam('sort', 'code', 'parameter "sort" is not accepted by this operation'));
  });
});

describe('cursor', () => {
  it('refuses a tampered cursor', async () => {
    const first = (await getJson(t, '/v3/banks?limit=5')).body as { nextCursor: string };
    const [body, sig] = first.nextCursor.split('.');
    const forged = Buffer.from(JSON.stringify({ d: 'n', k: ['0500'], q: JSON.parse(Buffer.from(body!, 'base64url').toString()).q })).toString('base64url') + '.' + sig;
    const res = await getJson(t, `/v3/banks?limit=5&cursor=${forged}`);
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, invalidParam('cursor', forged, 'cursor is not a cursor issued by this service'));
  });
  it('refuses garbage', async () => {
    for (const bad of ['abc', 'a.b', '.', '%00']) {
      const res = await getJson(t, `/v3/banks?cursor=${bad}`);
      assert.equal(res.status, 400, bad);
      assert.equal((res.body as { validationErrors: { paramName: string }[] }).validationErrors[0]!.paramName, 'cursor');
    }
  });
  it('refuses a cursor of another list or another sort', async () => {
    const cursor = ((await getJson(t, '/v3/banks/0001/branches?limit=5')).body as { nextCursor: string }).nextCursor;
    const message = 'cursor belongs to a request with other conditions; repeat the request that returned it, changing only cursor or limit';
    assert.deepEqual((await getJson(t, `/v3/banks/0005/branches?cursor=${cursor}`)).body, invalidParam('cursor', cursor, message));
    assert.deepEqual((await getJson(t, `/v3/banks/0001/branches?sort=name&cursor=${cursor}`)).body, invalidParam('cursor', cursor, message));
    assert.equal((await getJson(t, `/v3/banks/0001/branches?limit=50&cursor=${cursor}`)).status, 200);
  });
});

describe('callback', () => {
  it('refuses names that are not identifiers', async () => {
    const res = await getJson(t, '/v3/banks/0001?callback=alert(1)');
    assert.deepEqual(res.body, invalidParam('callback', 'alert(1)', 'callback must be a JavaScript identifier or dotted path such as "cb" or "app.onBanks"'));
  });
  it('accepts 1,000 characters and refuses 1,001', async () => {
    assert.equal((await getJson(t, `/v3/banks/0001?callback=${'c'.repeat(1000)}`)).status, 200);
    const long = 'c'.repeat(1001);
    assert.deepEqual((await getJson(t, `/v3/banks/0001?callback=${long}`)).body, invalidParam('callback', long, 'callback must be at most 1000 characters'));
  });
  it('is not accepted by version', async () => {
    assert.equal((await getJson(t, '/v3/version?callback=cb')).status, 400);
  });
});

describe('path codes', () => {
  it('answers 404 for unknown banks and branches', async () => {
    assert.deepEqual((await getJson(t, '/v3/banks/0002')).body, { httpStatusCode: 404, code: 'NOT_FOUND', message: 'bank 0002 does not exist', validationErrors: [] });
    assert.deepEqual((await getJson(t, '/v3/banks/0002/branches')).body, { httpStatusCode: 404, code: 'NOT_FOUND', message: 'bank 0002 does not exist', validationErrors: [] });
    assert.deepEqual((await getJson(t, '/v3/banks/0001/branches/999')).body, { httpStatusCode: 404, code: 'NOT_FOUND', message: 'branch 999 of bank 0001 does not exist', validationErrors: [] });
  });
  it('answers 400 for malformed codes', async () => {
    assert.deepEqual((await getJson(t, '/v3/banks/12345')).body, invalidParam('code', '12345', 'code must be 4 half-width digits'));
    assert.deepEqual((await getJson(t, '/v3/banks/abcd/branches')).body, invalidParam('bankCode', 'abcd', 'bankCode must be 4 half-width digits'));
    assert.deepEqual((await getJson(t, '/v3/banks/0001/branches/01')).body, invalidParam('code', '01', 'code must be 3 half-width digits'));
  });
  it('answers 404 for unknown paths and 405 for other methods', async () => {
    assert.deepEqual((await getJson(t, '/v3/bank')).body, { httpStatusCode: 404, code: 'NOT_FOUND', message: 'no resource at GET /v3/bank', validationErrors: [] });
    const res = await t.app.inject({ method: 'DELETE', url: '/v3/banks/0001', headers: { 'x-api-key': t.key } });
    assert.equal(res.statusCode, 405);
    assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
    assert.deepEqual(JSON.parse(res.body), { httpStatusCode: 405, code: 'METHOD_NOT_ALLOWED', message: 'method not allowed; this resource allows GET, HEAD, OPTIONS', validationErrors: [] });
  });
});

describe('encoding and negotiation', () => {
  it('refuses invalid UTF-8 percent-encoding, naming the parameter', async () => {
    const res = await getJson(t, '/v3/banks?fields=%E3%81');
    assert.deepEqual(res.body, invalidParam('fields', '%E3%81', 'parameter "fields" is not valid UTF-8 percent-encoding (RFC 3986)'));
  });
  it('answers 406 when Accept rules out JSON, or JavaScript for JSONP', async () => {
    assert.deepEqual((await getJson(t, '/v3/banks/0001', { accept: 'text/html' })).body, { httpStatusCode: 406, code: 'NOT_ACCEPTABLE', message: 'this resource is available only as application/json', validationErrors: [] });
    assert.equal((await getJson(t, '/v3/banks/0001', { accept: 'application/json;q=0, */*;q=0' })).status, 406);
    assert.equal((await getJson(t, '/v3/banks/0001', { accept: 'text/html,application/*;q=0.9' })).status, 200);
    assert.equal((await getJson(t, '/v3/banks/0001?callback=cb', { accept: 'application/json' })).status, 406);
    assert.equal((await getJson(t, '/v3/banks/0001?callback=cb', { accept: 'text/javascript' })).status, 200);
  });
  // Raw UTF-8 in the request line: Node's parser refuses it (src/http/edge/client-errors.ts)
  // from Node 20.19.2 on; earlier Node 20 lets it through to the request checks (app.ts), which
  // inject cannot reach (it percent-encodes). This test passes on both (run on 20.12.2).
  const NOT_PERCENT_ENCODED = invalidParam('url', '', 'the URL contains characters that are not percent-encoded; encode query and path values as UTF-8 per RFC 3986');
  async function rawAnswer(head: Buffer): Promise<{ status: string; body: unknown }> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(head));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    return { status: raw.slice(0, raw.indexOf('\r\n')), body: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) };
  }
  it('refuses raw non-ASCII in the request line with the error body, over a real socket', async () => {
    const answer = await rawAnswer(Buffer.concat([Buffer.from('GET /v3/banks?name='), Buffer.from('みずほ', 'utf8'), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]));
    assert.deepEqual(answer, { status: 'HTTP/1.1 400 Bad Request', body: NOT_PERCENT_ENCODED });
  });
  it('refuses a request head the parser cannot read with the error body naming the request line', async () => {
    const answer = await rawAnswer(Buffer.from('GET /v3/banks HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'));
    assert.deepEqual(answer, { status: 'HTTP/1.1 400 Bad Request', body: invalidParam('url', '', 'the request line is malformed; percent-encode query and path values as UTF-8 per RFC 3986') });
  });
});

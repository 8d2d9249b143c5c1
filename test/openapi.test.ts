/**
 * The published OpenAPI document covers every registered route, and real responses recorded
 * from the running app validate against it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv, type ValidateFunction } from 'ajv';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }>; parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[] }>>;
}
let doc: OpenApiDoc;
const ajv = new Ajv({ strict: false, allErrors: true });

before(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ url: '/openapi.json' });
  assert.equal(res.statusCode, 200);
  doc = JSON.parse(res.body) as OpenApiDoc;
});
after(async () => t.close());

/** `/v3/banks/:bankCode/branches` → `/v3/banks/{bankCode}/branches` */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

function responseValidator(path: string, method: string, status: string): ValidateFunction {
  const op = doc.paths[path]?.[method];
  assert.ok(op, `${method} ${path} is documented`);
  const response = op.responses[status] ?? op.responses[`${status[0]}XX`];
  assert.ok(response, `${method} ${path} documents ${status}`);
  return ajv.compile(response.content!['application/json']!.schema);
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3 and needs no key', () => {
    assert.match(doc.openapi, /^3\.0\./);
  });

  it('documents every registered GET route that is not hidden, and nothing else', () => {
    const registered = t.app.routeTable.filter((r) => r.method === 'GET' && !r.hidden).map((r) => openApiPath(r.url)).sort();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => m === 'get').map(() => path)).sort();
    assert.deepEqual(documented, registered);
    assert.ok(registered.length >= 17, `${registered.length} routes`);
    const posts = t.app.routeTable.filter((r) => r.method === 'POST' && !r.hidden).map((r) => openApiPath(r.url));
    for (const p of posts) assert.ok(doc.paths[p]?.post, `POST ${p} documented`);
  });

  it('declares every parameter with its bounds and the message of its 400, as the routes validate them', () => {
    let count = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) {
          // The key is checked by the access guard; headers are read leniently (src/http/edge/validation.ts).
          if (p.name === 'apikey' || p.name === 'apiKey' || p.in === 'header') continue;
          const where = `${method.toUpperCase()} ${path} ${p.in} ${p.name}`;
          assert.ok(p.schema['x-error-message'] !== undefined, `${where} carries its message`);
          const bounded = (s: Record<string, unknown>) => ['maxLength', 'pattern', 'enum', 'format', 'maxItems', 'maximum'].some((k) => s[k] !== undefined);
          const branches = (p.schema.anyOf as Record<string, unknown>[] | undefined) ?? [p.schema];
          assert.ok(branches.every(bounded), `${where} is bounded: ${JSON.stringify(p.schema)}`);
          count++;
        }
      }
    }
    assert.equal(count, 137, 'every parameter of every operation');
    const param = (path: string, name: string) => doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!.schema;
    assert.equal(param('/history/v1/updates', 'from_date').format, 'date');
    assert.equal(param('/history/v1/updates', 'from_date')['x-error-message'], 'from_date must be a date YYYY-MM-DD');
    assert.deepEqual(param('/history/v1/changes', 'change_type').enum, ['added', 'removed', 'renamed', 'code_changed', 'updated']);
    // Integers are integers, with their bounds: generated clients get the right type.
    assert.deepEqual([param('/v3/banks', 'limit').type, param('/v3/banks', 'limit').minimum, param('/v3/banks', 'limit').maximum], ['integer', 1, 2000]);
    assert.deepEqual([param('/history/v1/changes', 'limit').type, param('/history/v1/changes', 'limit').minimum, param('/history/v1/changes', 'limit').maximum], ['integer', 1, 1000]);
    assert.equal(param('/v3/banks/{code}', 'code').pattern, '^[0-9]{4}$');
    assert.equal(doc.paths['/v3/freeword/banks']!.get!.parameters!.find((p) => p.name === 'freeword')!.required, true);
  });

  it('has real-data examples', () => {
    const bank = doc.paths['/v3/banks/{code}']!.get!.responses['200']!.content!['application/json']!.schema as { properties: Record<string, { example: string }> };
    assert.equal(bank.properties.name!.example, 'みずほ銀行');
    assert.equal(bank.properties.halfWidthKana!.example, 'ﾐｽﾞﾎｷﾞﾝｺｳ');
  });

  const recorded: [path: string, url: string, status: string][] = [
    ['/v3/banks', '/v3/banks?limit=3', '200'],
    ['/v3/banks', '/v3/banks?limit=2&fields=code,name&sort=-hiragana', '200'],
    ['/v3/banks/{code}', '/v3/banks/0001', '200'],
    ['/v3/banks/{bankCode}/branches', '/v3/banks/0005/branches?limit=5', '200'],
    ['/v3/banks/{bankCode}/branches/{code}', '/v3/banks/0001/branches/001', '200'],
    ['/v3/businessTypes', '/v3/businessTypes', '200'],
    ['/v3/version', '/v3/version', '200'],
    ['/v2/banks', '/v2/banks?limit=3', '200'],
    ['/v2/banks/{bankCode}/branches', '/v2/banks/0005/branches?limit=5', '200'],
    ['/v2/banks/{bankCode}/branches/{code}', '/v2/banks/0489/branches/001', '200'],
    ['/v1/banks', '/v1/banks?limit=3', '200'],
    ['/v1/banks/{code}', '/v1/banks/0001', '200'],
    ['/v1/banks/{bankCode}/branches/{code}', '/v1/banks/0001/branches/001', '200'],
    ['/v3/banks', `/v3/banks?filter=${encodeURIComponent('businessTypeCode==00200')}`, '200'],
    ['/v3/freeword/banks', `/v3/freeword/banks?freeword=${encodeURIComponent('みずほ')}&limit=2`, '200'],
    ['/v3/freeword/banks/{bankCode}/branches', `/v3/freeword/banks/0001/branches?freeword=${encodeURIComponent('しんじゅく')}&limit=2`, '200'],
    ['/v2/freeword/banks', `/v2/freeword/banks?freeword=${encodeURIComponent('しんきん')}&businessTypeCode=01100`, '200'],
    ['/v2/freeword/banks/{bankCode}/branches', `/v2/freeword/banks/0005/branches?freeword=${encodeURIComponent('ほんてん')}`, '200'],
    ['/v3/freeword/banks', '/v3/freeword/banks', '400'],
    ['/v3/banks', '/v3/banks?limit=0', '400'],
    ['/history/v1/updates', '/history/v1/updates', '200'],
    ['/history/v1/updates/latest', '/history/v1/updates/latest', '200'],
    ['/history/v1/changes', '/history/v1/changes?bank_code=0010&limit=5', '200'],
    ['/history/v1/changes/{change_id}', '/history/v1/changes/chg-20260331-000004', '200'],
    ['/history/v1/changes', '/history/v1/changes?limit=0', '400'],
    ['/history/v1/changes/{change_id}', '/history/v1/changes/nope', '404'],
    ['/history/v1/lineage/{bankCode}', '/history/v1/lineage/0537', '200'],
    ['/history/v1/lineage/{bankCode}/{branchCode}', '/history/v1/lineage/0537/110', '200'],
    ['/history/v1/lineage/{bankCode}/{branchCode}', '/history/v1/lineage/0001/999', '404'],
    ['/history/v1/lineage/{bankCode}', '/history/v1/lineage/053', '400'],
    ['/master/v1/latest', '/master/v1/latest', '200'],
    ['/yucho/v1/account', '/yucho/v1/account?symbol=14030&number=12345671', '200'],
    ['/yucho/v1/account', '/yucho/v1/account?symbol=00190-8', '200'],
    ['/yucho/v1/account', '/yucho/v1/account?branch_code=019&account_type=2&account_number=123456', '200'],
    ['/yucho/v1/account', '/yucho/v1/account?symbol=14030&number=1234567', '400'],
    ['/yucho/v1/account', '/yucho/v1/account?symbol=13030', '404'],
    ['/v3/banks/{code}', '/v3/banks/0002', '404'],
    ['/healthz', '/healthz', '200'],
  ];
  for (const [path, url, status] of recorded) {
    it(`validates the recorded answer of GET ${url} (${status})`, async () => {
      const res = await t.app.inject({ url, headers: { 'x-api-key': t.key } });
      assert.equal(String(res.statusCode), status);
      const validate = responseValidator(path, 'get', status);
      assert.ok(validate(JSON.parse(res.body)), ajv.errorsText(validate.errors));
    });
  }

  const kanaCases: [path: string, body: unknown, status: string][] = [
    ['/kana/v1/normalize', { text: '株式会社ヤマダ商事', field: 'remitter' }, '200'],
    ['/kana/v1/normalize', { text: 1 }, '400'],
    ['/kana/v1/equivalent', { a: 'ｷﾞﾝｺｳ ﾀﾛｳ', b: 'ぎんこうたろう' }, '200'],
  ];
  for (const [path, body, status] of kanaCases) {
    it(`validates the recorded answer of POST ${path} ${JSON.stringify(body)} (${status})`, async () => {
      const res = await t.app.inject({ method: 'POST', url: path, headers: { 'x-api-key': t.key, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      assert.equal(String(res.statusCode), status);
      const validate = responseValidator(path, 'post', status);
      assert.ok(validate(JSON.parse(res.body)), ajv.errorsText(validate.errors));
    });
  }

  const resolveCases: [body: unknown, headers: Record<string, string>, status: string][] = [
    [{ bank_name: 'みずほ', branch_name: '東京支店' }, {}, '200'],
    [{ bank_name: 'みずほ', branch_name: '東京支店', context: 'payment' }, { 'x-debug-resolve': 'true' }, '200'],
    [{ bank_name: 'さくらんぼ銀行', branch_name: '本店' }, {}, '200'],
    [{ bank_name: 1 }, {}, '422'],
    [{ bank_name: 'みずほ', branch_name: '東京' }, { 'x-api-key': 'not-a-key' }, '401'],
  ];
  for (const [body, headers, status] of resolveCases) {
    it(`validates the recorded answer of POST /resolve/v1/bank-branch ${JSON.stringify(body)} (${status})`, async () => {
      const res = await t.app.inject({ method: 'POST', url: '/resolve/v1/bank-branch', headers: { 'x-api-key': t.key, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
      assert.equal(String(res.statusCode), status);
      const validate = responseValidator('/resolve/v1/bank-branch', 'post', status);
      assert.ok(validate(JSON.parse(res.body)), ajv.errorsText(validate.errors));
    });
  }

  it('validates the recorded answers of every Watch API operation', async () => {
    const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => {
      const res = await t.app.inject({ method, url, headers: { 'x-api-key': t.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
      return { status: String(res.statusCode), body: res.body === '' ? null : (JSON.parse(res.body) as Record<string, any>) };
    };
    const check = (path: string, method: string, answer: { status: string; body: unknown }) => {
      const validate = responseValidator(path, method, answer.status);
      assert.ok(validate(answer.body), `${method} ${path} ${answer.status}: ${ajv.errorsText(validate.errors)}`);
    };
    // An ordinary address, never contacted here: no DNS needed to make the webhook.
    const created = await call('POST', '/watch/v1/webhooks', { url: 'https://192.0.3.1/hooks', codes: ['0537', '0005-135'] });
    assert.equal(created.status, '201');
    check('/watch/v1/webhooks', 'post', created);
    const id = created.body!.webhook.id as string;
    check('/watch/v1/webhooks', 'get', await call('GET', '/watch/v1/webhooks'));
    check('/watch/v1/webhooks/{id}', 'get', await call('GET', `/watch/v1/webhooks/${id}`));
    check('/watch/v1/webhooks/{id}', 'patch', await call('PATCH', `/watch/v1/webhooks/${id}`, { description: 'x' }));
    check('/watch/v1/webhooks/{id}/events', 'get', await call('GET', `/watch/v1/webhooks/${id}/events`));
    check('/watch/v1/webhooks/{id}/deliveries', 'get', await call('GET', `/watch/v1/webhooks/${id}/deliveries`));
    check('/watch/v1/webhooks', 'post', await call('POST', '/watch/v1/webhooks', { url: 'https://127.0.0.1/', codes: ['0001'] }));
    check('/watch/v1/webhooks/{id}', 'get', await call('GET', '/watch/v1/webhooks/wh_0000000000000000'));
    assert.deepEqual(await call('DELETE', `/watch/v1/webhooks/${id}`), { status: '204', body: null });
    assert.ok(doc.paths['/watch/v1/webhooks/{id}']!.delete!.responses['204']);
    assert.ok(doc.paths['/watch/v1/webhooks/{id}/test']!.post!.responses['200']);
  });

  it('documents the Resolve request body and the debug header', () => {
    const op = doc.paths['/resolve/v1/bank-branch']!.post! as unknown as { requestBody: { content: Record<string, { schema: { required: string[]; properties: Record<string, unknown> } }> }; parameters: { name: string; in: string }[] };
    const schema = op.requestBody.content['application/json']!.schema;
    assert.deepEqual(schema.required, ['bank_name', 'branch_name']);
    assert.deepEqual(Object.keys(schema.properties), ['bank_name', 'branch_name', 'context']);
    assert.ok(op.parameters.some((p) => p.name === 'x-debug-resolve' && p.in === 'header'));
  });

  it('rejects a response that breaks the schema (the check can fail)', () => {
    const validate = responseValidator('/v3/banks/{code}', 'get', '200');
    assert.equal(validate({ code: '0001', name: 'みずほ銀行' }), false);
    assert.equal(validate({ ...JSON.parse('{"code":"0001","name":"x","halfWidthKana":"x","fullWidthKana":"x","hiragana":"x","businessTypeCode":"x","businessType":"x"}'), extra: 1 }), false);
  });

  it('serves a docs page (Swagger UI) with every file it needs, from this server', async () => {
    const res = await t.app.inject({ url: '/docs' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    const files = [...res.body.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!).filter((u) => !u.startsWith('data:'));
    assert.deepEqual(files, ['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/docs-init.js', '/openapi.json']);
    for (const file of files) assert.equal((await t.app.inject({ url: file })).statusCode, 200, file);
    assert.match((await t.app.inject({ url: '/docs/assets/docs-init.js' })).body, /url: '\/openapi\.json'/);
    assert.equal((await t.app.inject({ url: '/docs/assets/index.html' })).statusCode, 404);
  });
});

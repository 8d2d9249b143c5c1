/**
 * Bad input never crashes or stalls Ginko. fast-check drives every route of the route table
 * (routes added later are covered without editing this file) with random and adversarial
 * paths, parameters, headers and bodies: long text, non-UTF-8 percent-encodings, control
 * characters, huge numbers, repeated parameters, arrays where scalars are expected, deep JSON,
 * filter and regular-expression bombs. Every answer must be a documented status with a
 * well-formed body, inside a time bound. A last part sends raw bytes over a real socket, which
 * `inject` cannot (it normalizes URLs). Each part reports how many cases it ran.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it, type TestContext } from 'node:test';
import fc from 'fast-check';
import { ERROR_CODES } from '../src/http/edge/api-error.js';
import { errorsForPath } from '../src/http/app.js';
import { SEARCH_PARAMS } from '../src/http/apis/search/params.js';
import type { RouteEntry } from '../src/http/edge/route-table.js';
import { startTestApp, type TestApp } from './support/app.js';

/** Statuses a response may have (docs/errors.md, docs/limits.md); 503 only in maintenance. */
const DOCUMENTED = new Set([200, 204, 304, 400, 401, 403, 404, 405, 406, 413, 414, 415, 422, 429, 431]);
/** Answers slower than this fail the test; a stall is caught at HANG_MS. */
const SLOW_MS = 2_000;
/** Cases per run; GINKO_FUZZ_RUNS=50000 for a long hunt (the raw-socket and maintenance parts scale along). */
const RUNS = Number(process.env.GINKO_FUZZ_RUNS ?? 3000);
/** Replays a reported failure: GINKO_FUZZ_SEED=<seed>. */
const SEED = process.env.GINKO_FUZZ_SEED === undefined ? {} : { seed: Number(process.env.GINKO_FUZZ_SEED) };
const HANG_MS = 10_000;

const HISTORY_PARAMS = ['from_date', 'to_date', 'after_update_id', 'bank_code', 'branch_code', 'resource_type', 'change_type', 'limit', 'cursor'];
const PARAM_NAMES = [...new Set([...SEARCH_PARAMS, ...HISTORY_PARAMS, '_', 'q', 'page'])];

/** Values that pass validation, so that random combinations reach the engines behind it. */
const VALID: Readonly<Record<string, readonly string[]>> = {
  limit: ['1', '2', '20', '2000', '1000'],
  fields: ['code,name', 'hiragana', 'code'],
  sort: ['-code', 'hiragana,code', '+name'],
  filter: ['name==*銀行*', 'code=in=(0001,0005)', 'businessTypeCode==01100', 'code>=0100;code<0200', 'name=re="^み"', 'hiragana==*しん*,name==*信用*'],
  freeword: ['みずほ', 'ﾐｽﾞﾎ', 'しんきん', 'とうきょう', 'ゔぁ', '本店'],
  businessTypeCode: ['01100', '00200', '99999'],
  callback: ['cb', 'app.onBanks', '$'],
  from_date: ['2026-02-25', '2026-05-01'],
  to_date: ['2026-08-24', '2026-12-31'],
  resource_type: ['bank', 'branch'],
  change_type: ['added', 'removed', 'renamed', 'code_changed', 'updated'],
  bank_code: ['0001', '0005', '8660'],
  branch_code: ['001', '725'],
  after_update_id: ['upd-20260331', 'upd-20260225'],
  bankCode: ['0001', '0005', '0489', '9900'],
  code: ['0001', '001', '0010', '725'],
  change_id: ['chg-20260331-000001', 'chg-20260824-000001'],
};

/** Hostile values: filter and regular-expression bombs, injections, numbers, encodings. */
const ADVERSARIAL = [
  '',
  ' ',
  '%',
  '%%',
  '%ZZ',
  '\u0000',
  '\u0001\u007f',
  '\r\n',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '💴'.repeat(50),
  'ｱ'.repeat(120),
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'toString',
  '[]',
  '{}',
  'null',
  'undefined',
  'true',
  '-1',
  '-0',
  '0',
  '1e309',
  '1e-400',
  'NaN',
  'Infinity',
  '0x7fffffff',
  '9'.repeat(400),
  String(Number.MAX_SAFE_INTEGER + 2),
  '２０',
  '1,2',
  'name=re="(a+)+$"',
  'name=re="(a|a)*$"',
  'name=re="(.*a){25}"',
  'name=re="^(([a-z])+.)+[A-Z]([a-z])+$"',
  'hiragana=re="(?:(?:あ?){30}あ{30})"',
  'name=re="(?<=a)b"',
  'name=re="\\1(a)"',
  'name=re="["',
  'name=re="a{99999999}"',
  'name=re="\\A(?:.*)*\\z"',
  `name==${'*_'.repeat(450)}`,
  `${'('.repeat(400)}code==0001${')'.repeat(400)}`,
  'code==0001;'.repeat(120),
  `name=out=(${'a,'.repeat(400)}a)`,
  'name=in=()',
  '=',
  '==',
  ';;;',
  ',,,',
  'name=re=',
  'name==',
  'unknown==1',
  'name=foo=bar',
  "name=='unterminated",
  'name=="\\"',
  'code,code,code',
  '-',
  '+',
  'a.b.c.d.e.f',
  'a'.repeat(1001),
  'x'.repeat(5000),
];

const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...ADVERSARIAL) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 900, maxLength: 2500 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** How a value is written into the URL: properly, byte by byte, twice, or as random bytes that are not UTF-8. */
const encoded = (value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: value.map(encodeComponent) },
    { weight: 1, arbitrary: value.map((v) => encodeComponent(encodeComponent(v))) },
    { weight: 1, arbitrary: value.map((v) => [...Buffer.from(v)].map((b) => '%' + b.toString(16).padStart(2, '0')).join('')) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 12 }).map((bytes) => [...bytes].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('')) },
    { weight: 1, arbitrary: value.map((v) => v.replace(/[^\x21-\x7e]|[#&=?/]/g, '')) },
  );

function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: send the replacement character's bytes, as a browser would.
    return [...Buffer.from(value)].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  }
}

const paramValue = (name: string): fc.Arbitrary<string> =>
  fc.oneof({ weight: VALID[name] ? 3 : 0, arbitrary: fc.constantFrom(...(VALID[name] ?? ['x'])).map(encodeComponent) }, { weight: 4, arbitrary: encoded(text) });

/** A query: parameters of the APIs (sometimes repeated, as PHP arrays, or in other cases) and random ones. */
const query: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .tuple(fc.constantFrom(...PARAM_NAMES), fc.constantFrom('', '', '', '', '[]', '[0]', 'UPPER'))
          .chain(([name, suffix]) => paramValue(name).map((v) => `${suffix === 'UPPER' ? name.toUpperCase() : name + encodeComponent(suffix)}=${v}`)),
      },
      { weight: 1, arbitrary: fc.tuple(encoded(text), encoded(text)).map(([n, v]) => `${n}=${v}`) },
      { weight: 1, arbitrary: encoded(text) },
    ),
    { maxLength: 8 },
  )
  .map((pairs) => pairs.join('&'));

/** A path for a route pattern: each parameter valid or hostile, sometimes with extra segments. */
function pathFor(url: string): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  return fc
    .tuple(
      fc.tuple(...names.map((name) => paramValue(name))),
      fc.oneof({ weight: 15, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '/x', '//', '/..', '/%2e%2e', '/%00') }),
      encoded(text),
    )
    .map(([values, tail, wild]) => {
      let i = 0;
      const path = url === '*' ? `/${wild}` : url.replace(/:[A-Za-z_]+/g, () => values[i++] || 'x');
      return path + tail;
    });
}

const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, '');

interface Case {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
}

const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const ACCEPTS = ['application/json', 'text/html', '*/*', 'application/javascript', 'application/xml', 'text/*;q=0', '', ',,,;q=abc', 'application/json;q=0', 'application/*'];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream', 'APPLICATION/JSON'];

// Depths around the limit, deep enough to overflow a recursive walk yet inside a 16 KB body, and beyond any body limit.
const deepJson = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1000, max: 8000 }), fc.integer({ min: 8000, max: 40_000 })))
  .map(([open, depth]) => {
    // Objects take five characters a level: keep most of them inside a 16 KB body too.
    const levels = open === '[' ? depth : Math.ceil(depth / 5);
    return open.repeat(levels) + '1' + (open === '[' ? ']' : '}').repeat(levels);
  });
/** Deep JSON in the place of a field, where a handler might echo or walk it. */
const deepField = fc.tuple(fc.constantFrom('bank_name', 'branch_name', 'context', 'dataset_id'), deepJson).map(([field, deep]) => `{"${field}":${deep},"branch_name":"本店"}`);
const body: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc
      .record({ bank_name: fc.oneof(text, fc.jsonValue({ maxDepth: 2 })), branch_name: fc.oneof(text, fc.array(text)), context: fc.oneof(text, fc.integer()) }, { requiredKeys: [] })
      .map((v) => JSON.stringify(v)),
  },
  { weight: 1, arbitrary: deepJson },
  { weight: 1, arbitrary: deepField },
  { weight: 1, arbitrary: text },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 70_000 }).map((n) => JSON.stringify({ bank_name: 'x'.repeat(n) })) },
);

/**
 * Each path of the route table once, with the method it is documented for (GET or POST, not
 * the 405 answers registered beside them), so that most cases reach a handler.
 */
function targets(routes: readonly RouteEntry[]): { url: string; method: string }[] {
  const byUrl = new Map<string, string>();
  for (const r of routes) if (!byUrl.has(r.url) || (!r.hidden && r.method !== 'HEAD')) byUrl.set(r.url, r.method);
  return [...byUrl].map(([url, method]) => ({ url, method }));
}

function caseFor(routes: readonly RouteEntry[], key: string): fc.Arbitrary<Case> {
  return fc.constantFrom(...targets(routes)).chain((route) =>
    fc
      .record({
        method: fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
        path: pathFor(route.url),
        query,
        keyPlace: fc.constantFrom('x-api-key', 'x-api-key', 'x-api-key', 'apikey', 'authorization', 'query', 'none'),
        keyValue: fc.oneof({ weight: 8, arbitrary: fc.constant(key) }, { weight: 1, arbitrary: text.map(printable) }, { weight: 1, arbitrary: fc.constant('gk_' + 'A'.repeat(32)) }),
        accept: fc.option(fc.oneof(fc.constantFrom(...ACCEPTS), text.map(printable)), { nil: undefined }),
        contentType: fc.oneof({ weight: 3, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: text.map(printable) }, { weight: 1, arbitrary: fc.constant(undefined) }),
        extra: fc.dictionary(fc.constantFrom('origin', 'referer', 'x-request-id', 'x-forwarded-proto', 'x-debug-resolve', 'if-none-match', 'range', 'cookie'), text.map(printable), { maxKeys: 3 }),
        payload: body,
      })
      .map((c): Case => {
        const headers: Record<string, string> = { ...c.extra };
        // inject() parses the URL with WHATWG rules and throws on a backslash path; raw
        // backslashes are covered by the socket part below.
        let url = (c.path + (c.query ? `?${c.query}` : '')).replace(/\\/g, '%5C');
        if (c.keyPlace === 'query') url += `${c.query ? '&' : '?'}apikey=${encodeComponent(c.keyValue)}`;
        else if (c.keyPlace === 'authorization') headers.authorization = `Bearer ${c.keyValue}`;
        else if (c.keyPlace !== 'none') headers[c.keyPlace] = c.keyValue;
        if (c.accept !== undefined) headers.accept = c.accept;
        const sendsBody = c.payload !== undefined && c.method !== 'GET' && c.method !== 'HEAD';
        if (sendsBody && c.contentType !== undefined) headers['content-type'] = c.contentType;
        return { method: c.method, url, headers, ...(sendsBody ? { payload: c.payload } : {}) };
      }),
  );
}


/** The response must be documented, well-formed and timely; returns its status. */
function checkResponse(c: Case, res: { statusCode: number; headers: Record<string, unknown>; body: string }, ms: number, maintenance: boolean): void {
  const where = `${c.method} ${c.url.slice(0, 300)}`;
  const status = res.statusCode;
  assert.ok(DOCUMENTED.has(status) || (maintenance && status === 503), `${where} → undocumented status ${status}: ${res.body.slice(0, 300)}`);
  assert.ok(ms < SLOW_MS, `${where} took ${Math.round(ms)} ms`);
  assert.match(String(res.headers['x-request-id']), /^req-[0-9a-f]{8}-[0-9a-z]+$/, `${where} has a request id`);
  const type = String(res.headers['content-type'] ?? '');
  if (c.method === 'HEAD' || status === 204 || status === 304) {
    assert.equal(res.body, '', `${where} → ${status} has no body`);
    return;
  }
  if (status < 300) {
    if (type.startsWith('application/json')) JSON.parse(res.body);
    else if (type.startsWith('application/javascript')) {
      const m = /^\/\*\*\/ ([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(([\s\S]*)\);$/.exec(res.body);
      assert.ok(m, `${where} → JSONP wrapper: ${type} ${res.body.slice(0, 200)}`);
      JSON.parse(m[2]!);
    } else if (type.startsWith('text/javascript')) {
      // The widget's ES module (docs/widget.md).
      assert.match(res.body, /customElements\.define\('bank-branch-selector'/, `${where} → the widget module`);
    } else assert.match(type, /^(text\/(plain|html)|application\/zip)/, `${where} → content type ${type}`);
    return;
  }
  const path = c.url.split('?')[0]!;
  if (status === 429 && errorsForPath(path).name !== 'detailed') {
    assert.equal(res.body, '', `${where} → 429 has no body`);
    return;
  }
  assert.match(type, /^application\/json/, `${where} → ${status} is JSON`);
  const parsed = JSON.parse(res.body) as Record<string, unknown>;
  if (errorsForPath(path).name === 'detailed') {
    // docs/errors.md#history-resolve-and-master-export: 422 is {detail, request_id}; every other status has a message.
    if (status === 422) assert.ok(Array.isArray(parsed.detail) && parsed.detail.length > 0, `${where} → 422 detail`);
    else assert.equal(typeof parsed.message, 'string', `${where} → message`);
    assert.equal(parsed.request_id, res.headers['x-request-id'], `${where} → request_id`);
    for (const d of (parsed.detail as Record<string, unknown>[] | undefined) ?? []) {
      assert.equal(typeof d.type, 'string');
      assert.ok(Array.isArray(d.loc) && d.loc.every((l) => typeof l === 'string' || typeof l === 'number'), `${where} → detail.loc`);
      assert.equal(typeof d.msg, 'string');
    }
    return;
  }
  assert.equal(parsed.httpStatusCode, status, `${where} → httpStatusCode`);
  assert.equal(parsed.code, ERROR_CODES[status as keyof typeof ERROR_CODES], `${where} → code`);
  assert.equal(typeof parsed.message, 'string');
  assert.ok(Array.isArray(parsed.validationErrors), `${where} → validationErrors`);
  for (const v of parsed.validationErrors as Record<string, unknown>[]) {
    assert.deepEqual(Object.keys(v).sort(), ['invalidValue', 'message', 'paramName'], `${where} → validation error shape`);
    for (const field of Object.values(v)) assert.equal(typeof field, 'string');
  }
  if (status === 400) assert.ok((parsed.validationErrors as unknown[]).length > 0, `${where} → a 400 names the offending input: ${res.body.slice(0, 200)}`);
}

/**
 * fast-check's report with the counterexample cut short: cases carry bodies of up to 70 KB.
 * The seed and path replay the exact case (`fc.assert(…, { seed, path })`).
 */
function shortReport<Ts>(details: fc.RunDetails<Ts>): void {
  if (!details.failed) return;
  const example = JSON.stringify(details.counterexample)?.slice(0, 600);
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`failed after ${details.numRuns} cases (seed ${details.seed}, path "${details.counterexamplePath}"): ${error.slice(0, 1500)}\n  counterexample: ${example}`);
}

function withHangGuard<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms: ${what}`)), HANG_MS);
  });
  return Promise.race([work, hang]).finally(() => clearTimeout(timer));
}

interface Tally {
  cases: number;
  statuses: Map<number, number>;
  slowest: number;
}

async function fuzz(t: TestContext, app: TestApp, numRuns: number, maintenance = false): Promise<Tally> {
  const tally: Tally = { cases: 0, statuses: new Map(), slowest: 0 };
  await fc.assert(
    fc.asyncProperty(caseFor(app.app.routeTable, app.key), async (c) => {
      const started = performance.now();
      const res = await withHangGuard(app.app.inject({ method: c.method as 'GET', url: c.url, headers: c.headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) }), `${c.method} ${c.url.slice(0, 200)}`);
      const ms = performance.now() - started;
      try {
        checkResponse(c, res, ms, maintenance);
      } catch (err) {
        // fast-check reports the shrunk case; this adds the answer that broke the rule.
        throw new Error(`${(err as Error).message}\n  case: ${JSON.stringify(c).slice(0, 600)}\n  answer: ${res.statusCode} ${String(res.headers['content-type'])} ${res.body.slice(0, 300)}`);
      }
      tally.cases++;
      tally.slowest = Math.max(tally.slowest, ms);
      tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
    }),
    { numRuns, reporter: shortReport, ...SEED },
  );
  const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
  t.diagnostic(`${tally.cases} cases over ${new Set(app.app.routeTable.map((r) => r.url)).size} routes; slowest ${Math.round(tally.slowest)} ms; ${statuses}`);
  return tally;
}

describe('fuzz: every route with hostile input (in-process)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
    // The first /master/v1/latest builds the export file (about a second, more on a busy
    // machine); build it before the clock of the fuzz cases runs.
    await t.app.inject({ url: '/master/v1/latest', headers: { 'x-api-key': t.key } });
  });
  after(() => t.close());

  it('answers only documented statuses with well-formed bodies, promptly', async (ctx) => {
    const tally = await fuzz(ctx, t, RUNS);
    // The random cases must reach the handlers, not stop at the key check or the router.
    assert.ok((tally.statuses.get(200) ?? 0) > RUNS / 10, 'enough cases succeed');
    assert.ok((tally.statuses.get(400) ?? 0) > RUNS / 10, 'enough cases are refused as invalid');
    // And the server is still well afterwards.
    const health = await t.app.inject({ url: '/healthz' });
    assert.equal(health.statusCode, 200);
  });

  it('answers every route that takes a body with documented statuses, whatever the JSON', async (ctx) => {
    const posts = targets(t.app.routeTable).filter((r) => r.method === 'POST');
    assert.ok(posts.length >= 2, posts.map((p) => p.url).join(', '));
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), fc.oneof(body, deepJson, deepField, fc.jsonValue({ maxDepth: 12 }).map((v) => JSON.stringify(v))), fc.constantFrom('application/json', 'application/json; charset=utf-8'), async (route, payload, type) => {
        const c: Case = { method: 'POST', url: route.url, headers: { 'x-api-key': t.key, 'content-type': type }, ...(payload !== undefined ? { payload } : {}) };
        const started = performance.now();
        const res = await withHangGuard(t.app.inject({ method: 'POST', url: c.url, headers: c.headers, ...(payload !== undefined ? { payload } : {}) }), c.url);
        checkResponse(c, res, performance.now() - started, false);
        cases++;
      }),
      { numRuns: Math.ceil(RUNS / 6), reporter: shortReport, ...SEED },
    );
    ctx.diagnostic(`${cases} JSON bodies over ${posts.map((p) => p.url).join(', ')}`);
  });

  it('answers 503 (and nothing undocumented) in maintenance mode', async (ctx) => {
    const m = await startTestApp({ maintenance: true });
    try {
      const tally = await fuzz(ctx, m, Math.ceil(RUNS / 10), true);
      assert.ok((tally.statuses.get(503) ?? 0) > RUNS / 60, 'keyed routes answer 503');
    } finally {
      await m.close();
    }
  });
});

/** An OpenAPI parameter as /openapi.json publishes it. */
interface PublishedParameter {
  readonly name: string;
  readonly in: string;
  readonly schema: { readonly [keyword: string]: unknown };
}

/** Dates around the calendar's edges: month 13 and 0, day 0 and 32, leap days, the 31st of short months. */
const NEAR_DATES = ['2026-13-45', '0000-00-00', '2026-00-10', '2026-01-32', '2026-12-00', '2026-02-29', '2028-02-29', '2000-02-29', '1900-02-29', '2026-04-31', '2026-04-30', '2026-12-31', '9999-12-31', '2026-1-1', '2026/01/01', '２０２６-01-01'];

/**
 * Values near the valid ones of a parameter, generated from its schema: each enum member and a
 * near miss, dates at the calendar's edges, lengths at the bound and one over, numbers around the
 * bounds its message names, an empty string and 10 KB.
 */
function nearValues(schema: PublishedParameter['schema']): string[] {
  const values = new Set<string>(['', 'x'.repeat(10_240)]);
  const branches = (schema.anyOf as PublishedParameter['schema'][] | undefined) ?? [schema];
  for (const s of branches) {
    const example = s.example ?? schema.example;
    if (typeof example === 'string') {
      values.add(example);
      values.add(example + '0');
      values.add(example.slice(0, -1));
      values.add(example.toUpperCase());
      values.add(` ${example}`);
    }
    if (s.format === 'date') for (const d of NEAR_DATES) values.add(d);
    for (const member of (s.enum as string[] | undefined) ?? []) {
      values.add(member);
      values.add(member.toUpperCase());
      values.add(member + 's');
    }
    if (typeof s.maxLength === 'number') {
      values.add('1'.repeat(s.maxLength));
      values.add('1'.repeat(s.maxLength + 1));
      values.add('a'.repeat(s.maxLength + 1));
    }
    const digits = /^\^\[0-9\]\{(\d+)\}\$$/.exec(String(s.pattern ?? ''));
    if (digits) {
      const n = Number(digits[1]);
      for (const length of [n - 1, n, n + 1]) values.add('9'.repeat(length));
      values.add('１'.repeat(n));
    }
  }
  // Bounds a message names (`from 1 to 2000`): each, one past each, with leading zeros and signs.
  const range = /from (\d+) to (\d+)/.exec(String(schema['x-error-message'] ?? schema.description ?? ''));
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    for (const n of [low - 1, low, high, high + 1]) {
      values.add(String(n));
      values.add(`0${n}`);
      values.add(`+${n}`);
    }
    for (const odd of ['1.0', '1e3', '0x10', '-0', ' 1', '1 ']) values.add(odd);
  }
  return [...values];
}

describe('fuzz: near-valid values generated from each parameter\'s schema', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
    await t.app.inject({ url: '/master/v1/latest', headers: { 'x-api-key': t.key } });
  });
  after(() => t.close());

  it('answers every near-valid value, alone, twice and PHP-style, with a documented status; a 400 names the parameter', async (ctx) => {
    const doc = JSON.parse((await t.app.inject({ url: '/openapi.json' })).body) as { paths: Record<string, Record<string, { parameters?: PublishedParameter[] }>> };
    const statuses = new Map<number, number>();
    let cases = 0;
    let operations = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      const get = methods.get;
      if (!get) continue;
      operations++;
      const parameters = (get.parameters ?? []).filter((p) => p.name !== 'apikey' && p.name !== 'apiKey');
      // The parameters an operation requires, with their examples, beside the one varied.
      const required = parameters.filter((p) => p.in === 'query' && (p as { required?: boolean }).required === true);
      const base = (except: string) => required.filter((p) => p.name !== except).map((p) => `&${p.name}=${encodeComponent(String(p.schema.example))}`).join('');
      const pathParams = parameters.filter((p) => p.in === 'path');
      const validPath = (override?: { name: string; value: string }) =>
        template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeComponent(override?.name === name ? override.value : String(pathParams.find((p) => p.name === name)?.schema.example ?? VALID[name]?.[0] ?? 'x')));
      for (const parameter of parameters) {
        for (const value of nearValues(parameter.schema)) {
          const urls =
            parameter.in === 'path'
              ? [validPath({ name: parameter.name, value }) + base('').replace('&', '?')]
              : [
                  `${validPath()}?${parameter.name}=${encodeComponent(value)}${base(parameter.name)}`,
                  `${validPath()}?${parameter.name}=${encodeComponent(value)}&${parameter.name}=${encodeComponent(value)}${base(parameter.name)}`,
                  `${validPath()}?${parameter.name}[]=${encodeComponent(value)}${base(parameter.name)}`,
                ];
          for (const url of urls) {
            if (url.length > 8192 && parameter.in === 'path') continue;
            const c: Case = { method: 'GET', url, headers: { 'x-api-key': t.key } };
            const started = performance.now();
            const res = await t.app.inject({ method: 'GET', url, headers: c.headers });
            checkResponse(c, res, performance.now() - started, false);
            assert.notEqual(res.statusCode, 500, `${url.slice(0, 200)} → 500`);
            if (res.statusCode === 400) {
              const body = JSON.parse(res.body) as { validationErrors?: { paramName: string }[]; detail?: { loc: string[] }[] };
              const named = body.validationErrors?.map((v) => v.paramName) ?? body.detail?.map((d) => String(d.loc.at(-1))) ?? [];
              assert.ok(named.includes(parameter.name) || named.includes('url'), `${url.slice(0, 200)} → a 400 naming ${parameter.name}: ${res.body.slice(0, 300)}`);
            }
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            cases++;
          }
        }
      }
    }
    ctx.diagnostic(`${cases} near-valid cases over ${operations} GET operations; ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    assert.ok(operations >= 20, `${operations} operations`);
    assert.ok((statuses.get(200) ?? 0) > 100 && (statuses.get(400) ?? 0) > 1000, 'valid values pass and near misses are refused');
    assert.equal(statuses.get(500), undefined);
  });
});

describe('fuzz: raw request bytes over a socket', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await startTestApp({ trustProxy: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(() => t.close());

  /** One request written as bytes; resolves with everything the server sent before closing. */
  function exchange(bytes: Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let out = '';
      socket.setEncoding('latin1');
      socket.on('data', (c) => (out += c));
      socket.on('close', () => resolve(out));
      socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? resolve(out) : reject(err)));
    });
  }

  const rawBytes = fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 60 }).map((b) => Buffer.from(b)),
    text.map((s) => Buffer.from(s)),
    fc.constantFrom(...ADVERSARIAL).map((s) => Buffer.from(s)),
  );

  it('answers malformed request lines and headers with a documented status and error body, or closes', async (ctx) => {
    let cases = 0;
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'G\u00c9T', 'BREW', ''),
        fc.constantFrom('/v3/banks/', '/v3/banks?filter=', '/history/v1/changes?bank_code=', '/', ''),
        rawBytes,
        fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 extra', ''),
        fc.option(rawBytes, { nil: undefined }),
        async (method, prefix, target, version, header) => {
          const head = Buffer.concat([
            Buffer.from(`${method} ${prefix}`, 'latin1'),
            target,
            Buffer.from(` ${version}\r\nHost: x\r\nX-Forwarded-Proto: https\r\nX-Api-Key: ${t.key}\r\nConnection: close\r\n`, 'latin1'),
            ...(header ? [Buffer.from('X-Junk: '), header, Buffer.from('\r\n')] : []),
            Buffer.from('\r\n'),
          ]);
          const out = await withHangGuard(exchange(head), JSON.stringify(head.toString('latin1').slice(0, 120)));
          cases++;
          if (out === '') {
            statuses.set('closed', (statuses.get('closed') ?? 0) + 1);
            return;
          }
          const m = /^HTTP\/1\.1 (\d{3}) /.exec(out);
          assert.ok(m, `a status line: ${JSON.stringify(out.slice(0, 80))}`);
          const status = Number(m[1]);
          statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
          assert.ok(DOCUMENTED.has(status), `documented status ${status} for ${JSON.stringify(head.toString('latin1').slice(0, 120))}: ${out.slice(0, 300)}`);
          const bodyText = out.slice(out.indexOf('\r\n\r\n') + 4);
          if (status >= 400 && status !== 429 && !/^HEAD /.test(head.toString('latin1')) && bodyText !== '') {
            const chunked = /\r\ntransfer-encoding: chunked\r\n/i.test(out);
            const json = chunked ? bodyText.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '') : bodyText;
            const parsed = JSON.parse(Buffer.from(json, 'latin1').toString('utf8')) as Record<string, unknown>;
            assert.ok(typeof parsed.message === 'string', 'an error body with a message');
          }
        },
      ),
      { numRuns: Math.ceil(RUNS / 10), reporter: shortReport },
    );
    ctx.diagnostic(`${cases} raw requests; ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`);
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-forwarded-proto': 'https' } })).status, 200);
  });
});

/**
 * @ginko/client (clients/typescript) against a live Ginko over HTTPS: every operation of
 * /openapi.json called through it, paging over Search and History, and the helpers, with the
 * real data's values. The last test fails naming any operation of the document that no test
 * here called, so a new API needs a call (and usually a helper) in the client.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DetailedApiError, orThrow, verifyWebhookSignature } from '../clients/typescript/src/index.js';
import { serveForClient, type ServedClient } from './support/client.js';
import { useTempDirs } from './support/temp-dirs.js';
import { CODES_A, EXPECTED_A, importWatchFixture, writeWatchFixture } from './support/webhook-fixture.js';
import { startReceiver } from './support/webhook-receiver.js';

const tempDir = useTempDirs('ginko-client-');
let s: ServedClient;
/** `GET /v3/banks/{code}` for each request the client sent. */
const called = new Set<string>();
/** The requests sent, as `METHOD path?query`. */
const sent: string[] = [];

before(async () => {
  // Webhooks may reach the receiver of the Watch test on 127.0.0.1.
  s = await serveForClient(tempDir(), { webhooks: { allowPrivate: true } });
  s.ginko.use({
    onRequest({ request, schemaPath }) {
      called.add(`${request.method} ${schemaPath}`);
      const url = new URL(request.url);
      sent.push(`${request.method} ${url.pathname}${url.search}`);
    },
  });
});
after(async () => s.close());

const MIZUHO = { code: '0001', name: 'みずほ銀行', halfWidthKana: 'ﾐｽﾞﾎｷﾞﾝｺｳ', fullWidthKana: 'ミズホギンコウ', hiragana: 'みずほぎんこう', businessTypeCode: '00200', businessType: '都市銀行' };
const MIZUHO_V1 = { code: '0001', name: 'みずほ銀行', halfWidthKana: 'ﾐｽﾞﾎｷﾞﾝｺｳ', fullWidthKana: 'ミズホギンコウ', hiragana: 'みずほぎんこう' };
const TOKYO_EIGYOBU = { code: '001', name: '東京営業部', halfWidthKana: 'ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ', fullWidthKana: 'トウキヨウエイギヨウブ', hiragana: 'とうきようえいぎようぶ' };
const VERSION = '2026-08-24T00:00:00+0900';

describe('paginate()', () => {
  it("yields all 1,146 banks of /v3/banks with limit 100, in code order, in 12 requests", async () => {
    const before = sent.length;
    const codes: string[] = [];
    for await (const bank of s.ginko.paginate('/v3/banks', { limit: 100 })) codes.push(bank.code!);
    assert.equal(codes.length, 1146);
    assert.deepEqual(codes, s.t.directory.banks.map((b) => b.code));
    const requests = sent.slice(before);
    assert.equal(requests.length, 12);
    assert.equal(requests[0], 'GET /v3/banks?limit=100');
    // Each next page repeats the conditions with the cursor of the page before.
    assert.ok(requests.slice(1).every((r) => /^GET \/v3\/banks\?limit=100&cursor=[^&]+$/.test(r)), requests.join('\n'));
  });

  it('yields the 494 branches of みずほ銀行 from the v3 and v2 branch lists, path parameters third', async () => {
    const expected = s.t.directory.branches('0001').map((b) => b.code);
    const v3: string[] = [];
    for await (const branch of s.ginko.paginate('/v3/banks/{bankCode}/branches', { limit: 200, fields: 'code' }, { bankCode: '0001' })) v3.push(branch.code!);
    const v2: string[] = [];
    for await (const branch of s.ginko.paginate('/v2/banks/{bankCode}/branches', { limit: 2000 }, { bankCode: '0001' })) v2.push(branch.code!);
    assert.equal(expected.length, 494);
    assert.deepEqual(v3, expected);
    assert.deepEqual(v2, expected);
  });

  it("follows History's next_cursor: all 252 changes with limit 100 as with limit 1000, and the 5 updates two at a time", async () => {
    const byHundred: string[] = [];
    for await (const change of s.ginko.paginate('/history/v1/changes', { limit: 100 })) byHundred.push(change.change_id);
    const whole: string[] = [];
    for await (const change of s.ginko.paginate('/history/v1/changes', { limit: 1000 })) whole.push(change.change_id);
    assert.equal(byHundred.length, 252);
    assert.deepEqual(byHundred, whole);
    assert.deepEqual([byHundred[0], byHundred.at(-1)], ['chg-20260331-000001', 'chg-20260824-000039']);
    assert.equal(new Set(byHundred).size, 252);
    const updates: string[] = [];
    for await (const update of s.ginko.paginate('/history/v1/updates', { limit: 2 })) updates.push(update.update_id);
    assert.deepEqual(updates, ['upd-20260225', 'upd-20260331', 'upd-20260524', 'upd-20260630', 'upd-20260824']);
    const ofRisona: string[] = [];
    for await (const change of s.ginko.paginate('/history/v1/changes', { bank_code: '0010', limit: 2 })) ofRisona.push(change.change_id);
    assert.deepEqual(ofRisona, ['chg-20260331-000004']);
  });

  it('pages the freeword searches and v1 lists too, and stops on a list of one page', async () => {
    const shinkin: string[] = [];
    for await (const bank of s.ginko.paginate('/v3/freeword/banks', { freeword: 'しんきん', businessTypeCode: '01100', limit: 50, fields: 'code' })) shinkin.push(bank.code!);
    // Every 信用金庫 reads しんきん: all 254, over 6 pages.
    const shinkinBanks = s.t.directory.banks.filter((b) => b.businessTypeCode === '01100').map((b) => b.code);
    assert.equal(shinkin.length, 254);
    assert.deepEqual([...shinkin].sort(), shinkinBanks);
    const v1: string[] = [];
    for await (const bank of s.ginko.paginate('/v1/banks', { limit: 2000 })) v1.push(bank.code!);
    assert.equal(v1.length, 1146);
    const types: string[] = [];
    for await (const type of s.ginko.paginate('/v3/businessTypes')) types.push(type.code!);
    assert.deepEqual(types, s.t.directory.businessTypes.map((t) => t.code));
  });
});

describe('the helpers', () => {
  it('resolve(): みずほ 東京営業部 is auto_confirm on 0001-001', async () => {
    const answer = await s.ginko.resolve({ bank_name: 'みずほ', branch_name: '東京営業部' });
    assert.equal(answer.decision, 'auto_confirm');
    assert.deepEqual(answer.best_match, { bank_code: '0001', bank_name: 'みずほ銀行', branch_code: '001', branch_name: '東京営業部' });
    assert.deepEqual(answer.candidates.map((c) => c.branch_code), ['001', '078', '110', '777']);
    assert.equal(answer.debug, undefined);
    const debugged = await s.ginko.resolve({ bank_name: 'みずほ', branch_name: '東京営業部', context: 'payment' }, { debug: true });
    assert.equal(debugged.decision, 'auto_confirm');
    assert.ok(debugged.debug !== undefined, 'x-debug-resolve: true adds debug');
  });

  it('resolveBatch(): results in the order of the items, across as many batches as batchSize makes', async () => {
    const items = [
      { id: 1, bank_name: 'みずほ', branch_name: '東京営業部' },
      { id: 'b', bank_name: 'さくらんぼ銀行', branch_name: '本店' },
      { id: 3, bank_name: 'りそな', branch_name: '東京営業部' },
    ];
    const before = sent.length;
    const whole = await s.ginko.resolveBatch(items);
    assert.equal(sent.length - before, 1);
    assert.deepEqual(whole.map((r) => [r.id, r.decision, r.best_match?.bank_code ?? null]), [
      [1, 'auto_confirm', '0001'],
      ['b', 'unresolved', null],
      [3, 'auto_confirm', '0010'],
    ]);
    assert.deepEqual(whole[1]!.reason_codes, ['bank_not_found']);
    const inTwos = await s.ginko.resolveBatch(items, { batchSize: 2 });
    assert.equal(sent.length - before, 3);
    assert.deepEqual(inTwos, whole);
    assert.deepEqual(await s.ginko.resolveBatch([]), []);
    assert.equal(sent.length - before, 3, 'no request for no items');
    await assert.rejects(s.ginko.resolveBatch(items, { batchSize: 1001 }), { name: 'RangeError', message: 'batchSize must be an integer from 1 to 1000, not 1001' });
  });

  it('validateAccounts(): 0537-110 merged into 0147-110, 0038 by its former name renamed, across batches', async () => {
    const items = [
      { id: 1, bank_code: '0537', branch_code: '110', bank_name: '福邦銀行' },
      { id: 'b', bank_code: '0038', branch_code: '100', bank_name: '住信ＳＢＩネット銀行' },
      { id: 3, bank_code: '9900', symbol: '14030', number: '12345671' },
    ];
    const before = sent.length;
    const whole = await s.ginko.validateAccounts(items);
    assert.equal(sent.length - before, 1);
    assert.deepEqual(whole.map((r) => [r.id, r.verdict, r.successor?.bank_code ?? null, r.successor?.branch_code ?? null]), [
      [1, 'merged', '0147', '110'],
      ['b', 'renamed', null, null],
      [3, 'ok', null, null],
    ]);
    assert.deepEqual(whole[1]!.problems.map((p) => p.code), ['bank_renamed']);
    assert.deepEqual(await s.ginko.validateAccounts(items, { batchSize: 2 }), whole);
    assert.equal(sent.length - before, 3);
    await assert.rejects(s.ginko.validateAccounts(items, { batchSize: 0 }), { name: 'RangeError', message: 'batchSize must be an integer from 1 to 1000, not 0' });
  });

  it('yuchoAccount(): 記号 14030 番号 12345671 is 店番 408 普通 1234567, and back as far as the rule goes', async () => {
    const account = await s.ginko.yuchoAccount({ symbol: '14030', number: '12345671' });
    assert.deepEqual(account, { bank_code: '9900', branch_code: '408', branch_name: '四〇八', branch_kana: 'ﾖﾝｾﾞﾛﾊﾁ', account_type: '1', account_type_name: '普通', account_number: '1234567' });
    const back = await s.ginko.yuchoAccount({ branch_code: '408', account_type: '1', account_number: '1234567' });
    assert.ok('symbol' in back);
    assert.deepEqual([back.symbol, back.number, back.undetermined.map((u) => [u.field, u.positions])], ['140**', '12345671', [['symbol', [4, 5]]]]);
  });

  it('normalizeKana() and kanaEquivalent()', async () => {
    assert.deepEqual(await s.ginko.normalizeKana('株式会社ヤマダ商事', 'remitter'), {
      normalized: 'ｶ)ﾔﾏﾀﾞ商事',
      valid: false,
      length: 8,
      problems: [
        { index: 7, char: '商', reason: 'kanji' },
        { index: 8, char: '事', reason: 'kanji' },
      ],
    });
    assert.equal((await s.ginko.normalizeKana('ヤマダ タロウ')).valid, true);
    assert.deepEqual(await s.ginko.kanaEquivalent('ｷﾞﾝｺｳ ﾀﾛｳ', 'ぎんこうたろう'), { equivalent: true, a_normalized: 'ｷﾞﾝｺｳ ﾀﾛｳ', b_normalized: 'ｷﾞﾝｺｳﾀﾛｳ' });
  });
});

describe('each operation through GET and POST', () => {
  it('Search v3: a bank, a branch, the version, a freeword branch search', async () => {
    assert.deepEqual(await orThrow(s.ginko.GET('/v3/banks/{code}', { params: { path: { code: '0001' } } })), MIZUHO);
    assert.deepEqual(await orThrow(s.ginko.GET('/v3/banks/{bankCode}/branches/{code}', { params: { path: { bankCode: '0001', code: '001' } } })), { bank: MIZUHO, branch: TOKYO_EIGYOBU });
    assert.deepEqual(await orThrow(s.ginko.GET('/v3/version')), { version: VERSION });
    const found = await orThrow(s.ginko.GET('/v3/freeword/banks/{bankCode}/branches', { params: { path: { bankCode: '0001' }, query: { freeword: 'とうきようえいぎようぶ', fields: 'code,name' } } }));
    assert.deepEqual(found.bank, MIZUHO);
    assert.deepEqual(found.branches[0], { code: '001', name: '東京営業部' });
  });

  it('Search v2: the same with `data` and arrays', async () => {
    assert.deepEqual(await orThrow(s.ginko.GET('/v2/banks/{code}', { params: { path: { code: '0001' } } })), MIZUHO);
    assert.deepEqual(await orThrow(s.ginko.GET('/v2/banks/{bankCode}/branches/{code}', { params: { path: { bankCode: '0001', code: '001' } } })), [TOKYO_EIGYOBU]);
    const banks = await orThrow(s.ginko.GET('/v2/banks', { params: { query: { limit: 2, sort: 'code' } } }));
    assert.deepEqual([banks.size, banks.data.map((b) => b.code), banks.hasNext], [2, ['0001', '0005'], true]);
    const freeword = await orThrow(s.ginko.GET('/v2/freeword/banks', { params: { query: { freeword: 'みずほ', limit: 1 } } }));
    assert.deepEqual(freeword.data, [MIZUHO]);
    const branches = await orThrow(s.ginko.GET('/v2/freeword/banks/{bankCode}/branches', { params: { path: { bankCode: '0001' }, query: { freeword: 'とうきようえいぎようぶ', limit: 1 } } }));
    assert.deepEqual(branches.data, [TOKYO_EIGYOBU]);
    const types = await orThrow(s.ginko.GET('/v2/businessTypes'));
    assert.deepEqual(types.data.find((t) => t.code === '01100'), { code: '01100', name: '信用金庫' });
    assert.deepEqual(await orThrow(s.ginko.GET('/v2/version')), { version: VERSION });
  });

  it('Search v1: a bank, a branch, the version', async () => {
    assert.deepEqual(await orThrow(s.ginko.GET('/v1/banks/{code}', { params: { path: { code: '0001' } } })), MIZUHO_V1);
    assert.deepEqual(await orThrow(s.ginko.GET('/v1/banks/{bankCode}/branches/{code}', { params: { path: { bankCode: '0001', code: '001' } } })), [TOKYO_EIGYOBU]);
    const branches = await orThrow(s.ginko.GET('/v1/banks/{bankCode}/branches', { params: { path: { bankCode: '0001' }, query: { limit: 1 } } }));
    assert.deepEqual(branches.data, [TOKYO_EIGYOBU]);
    assert.deepEqual(await orThrow(s.ginko.GET('/v1/version')), { version: VERSION });
  });

  it('History: the latest update and one change by id', async () => {
    const { update } = await orThrow(s.ginko.GET('/history/v1/updates/latest'));
    assert.deepEqual([update.update_id, update.previous_update_id, update.effective_date, update.bank_rows, update.branch_rows], ['upd-20260824', 'upd-20260630', '2026-08-24', 1146, 28944]);
    const { change } = await orThrow(s.ginko.GET('/history/v1/changes/{change_id}', { params: { path: { change_id: 'chg-20260331-000004' } } }));
    assert.deepEqual([change.change_id, change.resource_type, change.bank.code, change.branch?.code], ['chg-20260331-000004', 'branch', '0010', '725']);
  });

  it('Lineage: where 福邦銀行 and its branch 110 went', async () => {
    const bank = await s.ginko.lineage('0537');
    assert.deepEqual([bank.status, bank.successor?.bank_code, bank.since], ['merged', '0147', '2026-05-24']);
    const branch = await s.ginko.lineage('0537', '110');
    assert.deepEqual([branch.status, branch.successor], ['merged', { bank_code: '0147', bank_name: '福井銀行', branch_code: '110', branch_name: '春江中央' }]);
  });

  it('the zengin-code JSON files', async () => {
    const banks = await s.ginko.zenginBanks();
    assert.deepEqual([Object.keys(banks).length, banks['0001']], [1146, { code: '0001', name: 'みずほ', kana: 'ミズホ', hira: 'みずほ', roma: 'mizuho' }]);
    const branches = await s.ginko.zenginBranches('0001');
    assert.deepEqual(branches['001'], { code: '001', name: '東京営業部', kana: 'トウキヨウ', hira: 'とうきよう', roma: 'toukiyou' });
  });

  it('Master Export: the latest file, a signed URL, and the ZIP it downloads', async () => {
    const latest = await orThrow(s.ginko.GET('/master/v1/latest'));
    assert.deepEqual([latest.dataset_id, latest.bank_row_count, latest.branch_row_count, latest.version], ['upd-20260824', 1146, 28944, VERSION]);
    const issued = await orThrow(s.ginko.POST('/master/v1/download-url', { body: { dataset_id: latest.dataset_id } }));
    const url = new URL(issued.download_url);
    const file = decodeURIComponent(url.pathname.split('/').at(-1)!);
    const query = Object.fromEntries(url.searchParams) as { key: string; expires: string; signature: string };
    // A ZIP is no JSON: raw is openapi-fetch's client, whose parseAs reads it as bytes.
    const zip = await s.ginko.raw.GET('/master/v1/downloads/{file}', { params: { path: { file }, query }, parseAs: 'arrayBuffer' });
    assert.equal(zip.response.status, 200);
    const bytes = new Uint8Array(zip.data as unknown as ArrayBuffer);
    assert.equal(bytes.byteLength, latest.zip_size_bytes);
    assert.deepEqual([...bytes.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'a ZIP local file header');
  });

  it('Watch: a webhook made, listed, read, changed, pinged; its log; its secret rotated; its feed page by page after an import; deleted', async () => {
    const receiver = await startReceiver();
    try {
      const { webhook, secret } = await s.ginko.createWebhook({ url: receiver.url, codes: CODES_A, description: '支払先' });
      assert.deepEqual([webhook.codes, webhook.description, webhook.disabled_at], [CODES_A, '支払先', null]);
      assert.deepEqual(await s.ginko.listWebhooks(), [webhook]);
      const path = { id: webhook.id };
      assert.deepEqual((await orThrow(s.ginko.GET('/watch/v1/webhooks/{id}', { params: { path } }))).webhook, webhook);
      assert.deepEqual(await s.ginko.updateWebhook(webhook.id, { codes: [...CODES_A, '0001'] }), { ...webhook, codes: [...CODES_A, '0001'] });
      const { delivery } = await orThrow(s.ginko.POST('/watch/v1/webhooks/{id}/test', { params: { path } }));
      assert.deepEqual([delivery.status, delivery.outcome], [200, 'delivered']);
      await verifyWebhookSignature({ body: receiver.received[0]!.body, signature: String(receiver.received[0]!.headers['ginko-signature']), secret });
      const { deliveries } = await orThrow(s.ginko.GET('/watch/v1/webhooks/{id}/deliveries', { params: { path, query: { limit: 5 } } }));
      assert.deepEqual(deliveries.map((d) => d.event_id), [delivery.event_id]);
      const rotated = await s.ginko.rotateWebhookSecret(webhook.id, { previousValidSeconds: 0 });
      assert.deepEqual([rotated.webhook.previous_secret_expires_at, rotated.secret === secret], [null, false]);
      await orThrow(s.ginko.POST('/watch/v1/webhooks/{id}/test', { params: { path } }));
      const signature = String(receiver.received[1]!.headers['ginko-signature']);
      await verifyWebhookSignature({ body: receiver.received[1]!.body, signature, secret: rotated.secret });
      await assert.rejects(verifyWebhookSignature({ body: receiver.received[1]!.body, signature, secret }), { reason: 'mismatch' });

      await importWatchFixture(s.t.store, tempDir.adopt(writeWatchFixture()));
      const before = sent.length;
      const events: string[] = [];
      for await (const event of s.ginko.webhookEvents(webhook.id, { limit: 2 })) events.push(event.change.change_id);
      assert.deepEqual(events, ['chg-20260901-000001', ...EXPECTED_A]);
      assert.equal(sent.length - before, 2, 'two pages of two');
      assert.match(sent.at(-1)!, /^GET \/watch\/v1\/webhooks\/wh_[0-9a-f]{16}\/events\?after=evt_[0-9a-f]{24}&limit=2$/);
      const rest: string[] = [];
      for await (const event of s.ginko.webhookEvents(webhook.id, { after: (await orThrow(s.ginko.GET('/watch/v1/webhooks/{id}/events', { params: { path, query: { limit: 3 } } }))).events[2]!.id })) rest.push(event.change.change_id);
      assert.deepEqual(rest, EXPECTED_A.slice(2));

      await s.ginko.deleteWebhook(webhook.id);
      assert.deepEqual(await s.ginko.listWebhooks(), []);
      await assert.rejects(s.ginko.deleteWebhook(webhook.id), (err: unknown) => err instanceof DetailedApiError && err.status === 404 && err.message === `404: webhook ${webhook.id} does not exist`);
    } finally {
      await receiver.close();
    }
  });

  it('operations without a key or JSON: health, metrics, the widget and its demo', async () => {
    const keyless = s.client({ apiKey: undefined });
    keyless.use({ onRequest: ({ request, schemaPath }) => void called.add(`${request.method} ${schemaPath}`) });
    assert.deepEqual(await orThrow(keyless.GET('/healthz')), { status: 'ok', version: VERSION, banks: 1146, branches: 28944, maintenance: false });
    const metrics = await keyless.raw.GET('/metrics', { parseAs: 'text' });
    assert.match(String(metrics.data), /^# HELP /m);
    const script = await keyless.raw.GET('/widgets/bank-branch-selector/v1/bank-branch-selector.js', { parseAs: 'text' });
    assert.match(script.response.headers.get('content-type') ?? '', /javascript/);
    assert.match(String(script.data), /customElements\.define\('bank-branch-selector'/);
    const demo = await keyless.raw.GET('/widgets/demo', { parseAs: 'text' });
    assert.match(String(demo.data), /<bank-branch-selector/);
  });
});

describe('/openapi.json', () => {
  it('every operation of the document was called through the client', async () => {
    const answer = await s.fetch(new Request(`${s.baseUrl}/openapi.json`));
    const doc = (await answer.json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    assert.ok(operations.length >= 36, `${operations.length} operations`);
    const missing = operations.filter((op) => !called.has(op));
    assert.deepEqual(missing, [], `operations of /openapi.json no test called through @ginko/client: ${missing.join(', ')}`);
  });
});

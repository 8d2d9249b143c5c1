/**
 * POST /accounts/v1/validate (docs/payee-checks.md) on the bundled data and its real events:
 * 0537-110 merged into 0147-110, 0038 renamed, 3652-100 moved to 3636-806 while still listed,
 * a closed branch, an unknown code, a ゆうちょ 記号・番号 row and a holder name that breaks the
 * 全銀 kana rules; each answered with its exact body, counted per item.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postJson, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const PATH = '/accounts/v1/validate';

const post = (body: unknown, key = t.key) => postJson<{ results: Record<string, unknown>[] }>(t, PATH, body, { key });

const record = (bank_code: string, bank_name: string, branch_code: string | null, branch_name: string | null) => ({ bank_code, bank_name, branch_code, branch_name });
const MIZUHO_TOKYO = record('0001', 'みずほ銀行', '001', '東京営業部');
const problem = (field: string, code: string, message_ja: string) => ({ field, code, message_ja });

describe('POST /accounts/v1/validate on the real events', () => {
  it('answers each record with its verdict, the record today, its successor and its problems, in order', async () => {
    const items = [
      { id: 'ok', bank_code: '0001', branch_code: '001', bank_name: 'ﾐｽﾞﾎｷﾞﾝｺｳ', branch_name: '東京営業部', account_type: '1', account_number: '1234567', holder_kana: 'ﾔﾏﾀﾞ ﾀﾛｳ' },
      { id: 'fukuho', bank_code: '0537', branch_code: '110', bank_name: '福邦銀行', branch_name: '春江中央' },
      { id: 'docomo', bank_code: '0038', branch_code: '100', bank_name: '住信ＳＢＩネット銀行', branch_name: '本店' },
      { id: 3652, bank_code: '3652', branch_code: '100', bank_name: '名取岩沼農協', branch_name: '増田支店' },
      { id: 'closed', bank_code: '0005', branch_code: '569', branch_name: 'トラスト' },
      { id: 'unknown', bank_code: '9999', branch_code: '001' },
      { id: 'yucho', bank_code: '9900', symbol: '14030', number: '12345671', holder_kana: 'ﾕｳﾁﾖ ﾊﾅｺ' },
      { id: 'kana', bank_code: '0001', branch_code: '001', holder_kana: '山田 太郎' },
      { id: 'mismatch', bank_code: '0001', branch_code: '001', bank_name: '三井住友銀行', branch_name: 'ｼﾝｼﾞﾕｸ' },
      { id: 'half-updated', bank_code: '0147', branch_code: '110', bank_name: '福邦銀行', branch_name: '春江中央' },
    ];
    const res = await post({ items });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.results, [
      { id: 'ok', verdict: 'ok', current: MIZUHO_TOKYO, successor: null, problems: [] },
      {
        id: 'fukuho',
        verdict: 'merged',
        current: null,
        successor: record('0147', '福井銀行', '110', '春江中央'),
        problems: [
          problem('bank_code', 'bank_merged', 'この金融機関は合併しました。successor の金融機関コードに変更してください'),
          problem('branch_code', 'branch_merged', 'この支店は他の金融機関に引き継がれました。successor の金融機関・支店コードに変更してください'),
        ],
      },
      { id: 'docomo', verdict: 'renamed', current: record('0038', 'ドコモＳＭＴＢネット銀行', '100', '本店'), successor: null, problems: [problem('bank_name', 'bank_renamed', '金融機関名は旧名称です。current の名称に変更してください')] },
      {
        id: 3652,
        verdict: 'merged',
        current: record('3652', '名取岩沼農業協同組合', '100', '増田'),
        successor: record('3636', '仙台農業協同組合', '806', '増田'),
        problems: [
          problem('bank_code', 'bank_merged', 'この金融機関は合併しました。successor の金融機関コードに変更してください'),
          problem('branch_code', 'branch_merged', 'この支店は他の金融機関に引き継がれました。successor の金融機関・支店コードに変更してください'),
        ],
      },
      { id: 'closed', verdict: 'closed', current: null, successor: null, problems: [problem('branch_code', 'branch_closed', 'この支店は廃止され、引き継ぎ先がありません')] },
      { id: 'unknown', verdict: 'unknown_bank', current: null, successor: null, problems: [problem('bank_code', 'bank_unknown', 'この金融機関コードはどの版のデータにもありません')] },
      { id: 'yucho', verdict: 'ok', current: record('9900', 'ゆうちょ銀行', '408', '四〇八'), successor: null, problems: [] },
      { id: 'kana', verdict: 'invalid', current: MIZUHO_TOKYO, successor: null, problems: [problem('holder_kana', 'holder_kana_kanji', '受取人名に漢字が含まれています。カナで指定してください')] },
      {
        id: 'mismatch',
        verdict: 'name_mismatch',
        current: MIZUHO_TOKYO,
        successor: null,
        problems: [
          problem('bank_name', 'bank_name_mismatch', '金融機関名がこのコードの名称(現在・過去とも)と一致しません'),
          problem('branch_name', 'branch_name_mismatch', '支店名がこのコードの名称(現在・過去とも)と一致しません'),
        ],
      },
      // The code was updated after the merger, the bank name was not: the name of the institution it took over.
      { id: 'half-updated', verdict: 'renamed', current: record('0147', '福井銀行', '110', '春江中央'), successor: null, problems: [problem('bank_name', 'bank_renamed', '金融機関名は旧名称です。current の名称に変更してください')] },
    ]);
    assert.deepEqual(Object.keys(res.body.results[0]!), ['id', 'verdict', 'current', 'successor', 'problems']);
  });

  it('lists every form problem of a record, most serious first, and checks no code of the wrong form', async () => {
    const res = await post({ items: [{ id: 1, bank_code: '１２３４', branch_code: '12', account_type: '3', account_number: '123456', holder_kana: 'ﾔﾏﾀﾞ,ﾀﾛｳ' }] });
    assert.deepEqual(res.body.results[0], {
      id: 1,
      verdict: 'invalid',
      current: null,
      successor: null,
      problems: [
        problem('bank_code', 'bank_code_invalid', '金融機関コードは半角数字 4 桁で指定してください'),
        problem('branch_code', 'branch_code_invalid', '支店コードは半角数字 3 桁で指定してください'),
        problem('account_type', 'account_type_invalid', '預金種目は 1(普通)・2(当座)・4(貯蓄)・9(その他)のいずれかです'),
        problem('account_number', 'account_number_invalid', '口座番号は半角数字 7 桁で指定してください'),
        problem('holder_kana', 'holder_kana_not_in_field', '受取人名に使えない記号(, や /)が含まれています'),
      ],
    });
  });

  it('converts a ゆうちょ 記号・番号 and checks what was given beside it; a 通常貯蓄貯金 is sent as 貯蓄', async () => {
    const yucho = (id: string, fields: Record<string, string>) => ({ id, bank_code: '9900', symbol: '14030', number: '12345671', ...fields });
    const res = await post({
      items: [
        yucho('savings', { account_type: '4' }),
        yucho('same', { branch_code: '408', account_type: '1', account_number: '1234567' }),
        yucho('current-account', { account_type: '2' }),
        yucho('other-number', { account_number: '7654321' }),
        yucho('number', { number: '12345672' }),
        yucho('symbol', { symbol: '24030' }),
        { id: 'not-jp-bank', bank_code: '0001', branch_code: '001', symbol: '14030', number: '12345671' },
        { id: 'no-branch', bank_code: '0001', branch_code: '999' },
      ],
    });
    const YUCHO_408 = record('9900', 'ゆうちょ銀行', '408', '四〇八');
    const conflict = problem('symbol', 'yucho_conflict', '記号・番号から求めた店番・預金種目・口座番号が、指定された値と一致しません');
    const NO_BRANCH = problem('branch_code', 'branch_code_missing', '支店コードがありません(ゆうちょ銀行は記号・番号でも指定できます)');
    assert.deepEqual(
      res.body.results.map((r) => [r.id, r.verdict, r.current, r.problems]),
      [
        ['savings', 'ok', YUCHO_408, []],
        ['same', 'ok', YUCHO_408, []],
        // A record whose fields disagree is invalid: no code of it is looked up.
        ['current-account', 'invalid', null, [conflict]],
        ['other-number', 'invalid', null, [conflict]],
        ['number', 'invalid', null, [problem('number', 'yucho_number_invalid', 'ゆうちょ銀行の番号が正しくありません(記号が 1 で始まる口座の番号は末尾が 1)'), NO_BRANCH]],
        ['symbol', 'invalid', null, [problem('symbol', 'yucho_symbol_invalid', 'ゆうちょ銀行の記号が正しくありません(1 または 0 で始まる 5 桁)'), NO_BRANCH]],
        ['not-jp-bank', 'invalid', null, [problem('symbol', 'yucho_not_jp_bank', '記号・番号はゆうちょ銀行(9900)の口座にだけ指定できます')]],
        ['no-branch', 'unknown_branch', null, [problem('branch_code', 'branch_unknown', 'この支店コードはどの版のデータにもありません')]],
      ],
    );
  });

  it('counts N records as N requests of the day, with Resolve', async () => {
    const { key } = await t.keys.create({ plan: 'standard', name: 'payee counting' });
    const items = Array.from({ length: 7 }, (_, i) => ({ id: i, bank_code: '0001', branch_code: '001' }));
    const res = await post({ items }, key);
    assert.equal(res.status, 200);
    assert.deepEqual([res.headers['x-ratelimit-limit-second'], res.headers['x-ratelimit-remaining-day']], ['10', String(100_000 - 7)]);
    const resolve = await t.app.inject({ method: 'POST', url: '/resolve/v1/bank-branch', headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: JSON.stringify({ bank_name: 'みずほ', branch_name: '渋谷' }) });
    assert.equal(resolve.headers['x-ratelimit-remaining-day'], String(100_000 - 8));
  });

  it('is in the OpenAPI document with its request and answer', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/openapi.json' })).body) as { paths: Record<string, { post?: { requestBody?: unknown; responses?: Record<string, unknown>; tags?: string[] } }> };
    const op = doc.paths[PATH]?.post;
    assert.ok(op?.requestBody);
    assert.ok(op?.responses?.['200']);
    assert.deepEqual(op?.tags, ['Payee checks']);
  });
});

/**
 * GET /yucho/v1/account (docs/yucho.md) in-process: both directions with exact bodies, the
 * issue's example, input as people copy it, every ゆうちょ branch of the served master, and an
 * answer that follows the snapshot being served.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Directory } from '../src/dataset/directory.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import type { Branch } from '../src/domain/types.js';
import { getJson, startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => t.close());

const account = (query: string) => getJson(t, `/yucho/v1/account?${query}`);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

const BRANCH_408 = { bank_code: '9900', branch_code: '408', branch_name: '四〇八', branch_kana: 'ﾖﾝｾﾞﾛﾊﾁ', account_type: '1', account_type_name: '普通' };
const SYMBOL_DIGITS = {
  field: 'symbol',
  positions: [4, 5],
  message: 'the 4th and 5th digits of the 記号 do not follow from the 店番; read them from the passbook',
};

describe('GET /yucho/v1/account from 記号・番号', () => {
  it('answers the issue example exactly: 14030-12345671 is 408 普通 1234567', async () => {
    const res = await account('symbol=14030&number=12345671');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.deepEqual(res.body, { ...BRANCH_408, account_number: '1234567' });
  });

  it('takes full-width digits, full-width hyphens and the 番号 inside symbol', async () => {
    const forms: Record<string, string>[] = [{ symbol: '１４０３０', number: '１２３４５６７１' }, { symbol: '１４０３０－１２３４５６７１' }, { symbol: '14030-12345671' }, { symbol: '14030 12345671' }];
    for (const params of forms) {
      assert.deepEqual((await account(q(params))).body, { ...BRANCH_408, account_number: '1234567' }, JSON.stringify(params));
    }
  });

  it('answers the branch and account type for a 記号 alone', async () => {
    assert.deepEqual((await account('symbol=14030')).body, BRANCH_408);
  });

  it('converts a 振替口座: 00190-8-123456 is 019 当座 0123456', async () => {
    const expected = { bank_code: '9900', branch_code: '019', branch_name: '〇一九', branch_kana: 'ｾﾞﾛｲﾁｷﾕｳ', account_type: '2', account_type_name: '当座', account_number: '0123456' };
    assert.deepEqual((await account(q({ symbol: '00190-8-123456' }))).body, expected);
    assert.deepEqual((await account(q({ symbol: '00190', number: '123456' }))).body, expected);
  });
});

describe('GET /yucho/v1/account from 店番・預金種目・口座番号', () => {
  it('answers the 記号 as far as the rule determines it, the 番号, and what it cannot', async () => {
    const res = await account('branch_code=408&account_type=1&account_number=1234567');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { ...BRANCH_408, account_number: '1234567', symbol: '140**', number: '12345671', undetermined: [SYMBOL_DIGITS] });
  });

  it('pads the 口座番号 and reads full-width digits', async () => {
    const res = await account(q({ branch_code: '０１９', account_type: '2', account_number: '１２３４５６' }));
    assert.deepEqual(res.body, {
      bank_code: '9900',
      branch_code: '019',
      branch_name: '〇一九',
      branch_kana: 'ｾﾞﾛｲﾁｷﾕｳ',
      account_type: '2',
      account_type_name: '当座',
      account_number: '0123456',
      symbol: '001**',
      number: '123456',
      undetermined: [
        SYMBOL_DIGITS,
        { field: 'middle_digit', positions: [1], message: 'the digit printed between the 記号 and the 番号 of a 振替口座 (00190-8-123456) does not follow from the transfer account; transfers do not use it' },
      ],
    });
  });

  it('takes 4 (貯蓄) for a 通常貯蓄貯金 at a 店番 ending in 8', async () => {
    const res = await account('branch_code=408&account_type=4&account_number=1234567');
    assert.deepEqual(res.body, { ...BRANCH_408, account_type: '4', account_type_name: '貯蓄', account_number: '1234567', symbol: '140**', number: '12345671', undetermined: [SYMBOL_DIGITS] });
  });
});

describe('every ゆうちょ branch of the served master', () => {
  it('is reached from a 記号 and back, with its name and reading', async () => {
    const branches = t.directory.branches('9900');
    assert.equal(branches.length, 94);
    for (const branch of branches) {
      const general = branch.code.endsWith('8');
      const symbol = `${general ? '1' : '0'}${branch.code.slice(0, 2)}30`;
      const fields = { bank_code: '9900', branch_code: branch.code, branch_name: branch.name, branch_kana: branch.halfWidthKana, account_type: general ? '1' : '2', account_type_name: general ? '普通' : '当座' };
      const forward = await account(q({ symbol, number: general ? '76543211' : '7654321' }));
      assert.deepEqual([forward.status, forward.body], [200, { ...fields, account_number: '7654321' }], symbol);
      const back = await account(q({ branch_code: branch.code, account_type: fields.account_type, account_number: '7654321' }));
      assert.equal(back.status, 200);
      const body = back.body as { symbol: string; number: string };
      assert.deepEqual([body.symbol, body.number], [`${symbol.slice(0, 3)}**`, general ? '76543211' : '7654321'], branch.code);
    }
  });

  it('follows the snapshot being served: a branch gone from it is a 404, a renamed one answers its new name', async () => {
    const served = t.snapshots.current;
    const branchesByBank = new Map<string, readonly Branch[]>(served.directory.banks.map((b) => [b.code, served.directory.branches(b.code)]));
    const yucho = served.directory.branches('9900').filter((b) => b.code !== '408').map((b) => (b.code === '418' ? { ...b, name: '四一八改' } : b));
    branchesByBank.set('9900', yucho);
    t.snapshots.replace(new Snapshot(new Directory({ version: '2026-12-01T00:00:00+0900', effectiveDate: '2026-12-01', banks: served.directory.banks, branchesByBank, businessTypes: served.directory.businessTypes, source: served.directory.source })));
    try {
      const gone = await account('symbol=14030');
      assert.equal(gone.status, 404);
      assert.equal((gone.body as { message: string }).message, 'ゆうちょ銀行 (9900) has no branch 408 in the master being served (2026-12-01T00:00:00+0900)');
      assert.equal(((await account('symbol=14130')).body as { branch_name: string }).branch_name, '四一八改');
    } finally {
      t.snapshots.replace(served);
    }
    assert.equal((await account('symbol=14030')).status, 200);
  });
});

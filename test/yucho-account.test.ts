/**
 * The ゆうちょ conversion (src/payee/yucho-account.ts, docs/yucho.md) on Japan Post Bank's
 * published rule and its public examples, every ゆうちょ branch of the bundled master both ways,
 * and the input people type (full-width digits, dashes, the middle digit).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { branchCodeOfSymbolText, JP_BANK_CODE, passbookAccountOf, readSymbol, transferAccountOf, type YuchoResult } from '../src/payee/yucho-account.js';
import { bundledDirectory } from './support/app.js';

function value<T>(result: YuchoResult<T>): T {
  assert.ok(result.ok, JSON.stringify(result));
  return result.value;
}

function problem<T>(result: YuchoResult<T>) {
  assert.equal(result.ok, false, JSON.stringify(result));
  return (result as { problem: unknown }).problem;
}

describe('記号・番号 to 店番・預金種目・口座番号', () => {
  it('follows the published examples: 記号 1… gives 店番 …8, 普通 and the 番号 without its final 1', () => {
    assert.deepEqual(value(transferAccountOf('14030', '12345671')), { bankCode: '9900', branchCode: '408', accountType: '1', accountTypeName: '普通', accountTypes: ['1', '4'], accountNumber: '1234567' });
    assert.equal(value(transferAccountOf('10530', '12345671')).branchCode, '058');
    assert.deepEqual(value(transferAccountOf('11940', '12345671')), { bankCode: '9900', branchCode: '198', accountType: '1', accountTypeName: '普通', accountTypes: ['1', '4'], accountNumber: '1234567' });
    // A 7-digit 番号: without its 1 it has 6 digits, padded to 7.
    assert.equal(value(transferAccountOf('11940', '1234561')).accountNumber, '0123456');
  });

  it('drops the last digit, not the first: 17300-19927651 is 738 1992765, never 0199276', () => {
    assert.deepEqual(value(transferAccountOf('17300', '19927651')), { bankCode: '9900', branchCode: '738', accountType: '1', accountTypeName: '普通', accountTypes: ['1', '4'], accountNumber: '1992765' });
  });

  it('gives a 振替口座 (記号 0…) 店番 …9, 当座 and the 番号 padded to 7, the middle digit unused', () => {
    assert.deepEqual(value(transferAccountOf('01940-1-123456')), { bankCode: '9900', branchCode: '199', accountType: '2', accountTypeName: '当座', accountTypes: ['2'], accountNumber: '0123456' });
    assert.deepEqual(value(transferAccountOf('00190-8', '123456')), { bankCode: '9900', branchCode: '019', accountType: '2', accountTypeName: '当座', accountTypes: ['2'], accountNumber: '0123456' });
    assert.equal(value(transferAccountOf('001908', '1234567')).accountNumber, '1234567');
    assert.equal(value(transferAccountOf('00530')).branchCode, '059');
  });

  it('reads full-width digits, dashes of every kind, spaces and the 番号 written after the 記号', () => {
    const expected = value(transferAccountOf('14030', '12345671'));
    for (const [symbol, number] of [
      ['１４０３０', '１２３４５６７１'],
      ['14030-12345671', undefined],
      ['１４０３０－１２３４５６７１', undefined],
      ['14030ー12345671', undefined],
      ['14030 − 12345671', undefined],
      ['14030\u3000１２３４５６７１', undefined],
      [' 14030 ', '012345671'],
    ] as const) {
      assert.deepEqual(value(transferAccountOf(symbol, number)), expected, `${symbol} ${number}`);
    }
  });

  it('answers the branch and account type for a 記号 alone', () => {
    assert.deepEqual(value(transferAccountOf('14030')), { bankCode: '9900', branchCode: '408', accountType: '1', accountTypeName: '普通', accountTypes: ['1', '4'] });
    assert.equal(branchCodeOfSymbolText('１４０３０-12345671'), '408');
    assert.equal(branchCodeOfSymbolText('408'), undefined);
    assert.equal(branchCodeOfSymbolText('新宿'), undefined);
  });

  it('names the input at fault, with the rule it breaks', () => {
    assert.deepEqual(problem(transferAccountOf('')), { field: 'symbol', kind: 'missing', message: 'symbol is required: the 5-digit 記号 of the passbook' });
    const form = { field: 'symbol', kind: 'malformed', message: 'symbol must be the 5-digit 記号 (14030), optionally with its 番号 (14030-12345671)' };
    for (const bad of ['1403', '140300-1-2-3', '14030A', '1403012345671', '十四〇三〇']) assert.deepEqual(problem(transferAccountOf(bad)), form, bad);
    assert.deepEqual(problem(transferAccountOf('24030')), { field: 'symbol', kind: 'not_in_rule', message: 'a 記号 starts with 1 (総合口座・通常貯金・通常貯蓄貯金) or 0 (振替口座)' });
    assert.deepEqual(problem(transferAccountOf('14030', '1234567')), {
      field: 'number',
      kind: 'not_in_rule',
      message: 'the 番号 of a 記号 starting with 1 ends in 1 (12345671); without it, it is already the 口座番号 of a transfer',
    });
    assert.deepEqual(problem(transferAccountOf('14030', '123456781')), { field: 'number', kind: 'not_in_rule', message: 'the 番号 of a 記号 starting with 1 has at most 8 digits' });
    assert.deepEqual(problem(transferAccountOf('00190', '12345678')), { field: 'number', kind: 'not_in_rule', message: 'the 番号 of a 記号 starting with 0 has at most 7 digits' });
    assert.deepEqual(problem(transferAccountOf('14030', '1234-5671')), { field: 'number', kind: 'malformed', message: 'number must be the 番号 of the passbook: digits only (12345671)' });
    assert.deepEqual(problem(transferAccountOf('14030', ' ')), { field: 'number', kind: 'missing', message: 'number is empty: give the 番号 of the passbook or leave number out' });
    assert.deepEqual(problem(transferAccountOf('14030', '0001')), { field: 'number', kind: 'not_in_rule', message: 'an account number of zeros only is not an account number' });
    assert.deepEqual(problem(transferAccountOf('14030-12345671', '12345671')), { field: 'number', kind: 'malformed', message: 'the 番号 is given twice: in symbol and in number; give it in one of them' });
  });
});

describe('店番・預金種目・口座番号 to 記号・番号', () => {
  it('determines the first three digits of the 記号 and the whole 番号, and says what it cannot', () => {
    assert.deepEqual(value(passbookAccountOf({ branchCode: '408', accountType: '1', accountNumber: '1234567' })), {
      account: { bankCode: '9900', branchCode: '408', accountType: '1', accountTypeName: '普通', accountTypes: ['1', '4'], accountNumber: '1234567' },
      passbook: {
        symbol: '140**',
        number: '12345671',
        undetermined: [{ field: 'symbol', positions: [4, 5], message: 'the 4th and 5th digits of the 記号 do not follow from the 店番; read them from the passbook' }],
      },
    });
    const transfer = value(passbookAccountOf({ branchCode: '019', accountType: '2', accountNumber: '０１２３４５６' }));
    assert.deepEqual(transfer.account, { bankCode: '9900', branchCode: '019', accountType: '2', accountTypeName: '当座', accountTypes: ['2'], accountNumber: '0123456' });
    assert.equal(transfer.passbook.symbol, '001**');
    assert.equal(transfer.passbook.number, '123456');
    assert.deepEqual(
      transfer.passbook.undetermined.map((u) => u.field),
      ['symbol', 'middle_digit'],
    );
    // 通常貯蓄貯金: 貯蓄 at the same 店番, the same 番号.
    assert.deepEqual(value(passbookAccountOf({ branchCode: '738', accountType: '4', accountNumber: '1992765' })).passbook, {
      symbol: '173**',
      number: '19927651',
      undetermined: [{ field: 'symbol', positions: [4, 5], message: 'the 4th and 5th digits of the 記号 do not follow from the 店番; read them from the passbook' }],
    });
    assert.equal(value(passbookAccountOf({ branchCode: '408', accountType: '1', accountNumber: '123' })).passbook.number, '1231');
  });

  it('refuses what no 記号・番号 can give, naming the input', () => {
    const field = (input: { branchCode: string; accountType: string; accountNumber: string }) => (problem(passbookAccountOf(input)) as { field: string; message: string });
    assert.deepEqual(field({ branchCode: '407', accountType: '1', accountNumber: '1' }), { field: 'branch_code', kind: 'not_in_rule', message: 'a ゆうちょ 店番 ends in 8 (総合口座・通常貯金・通常貯蓄貯金) or 9 (振替口座)' });
    assert.deepEqual(field({ branchCode: '40', accountType: '1', accountNumber: '1' }), { field: 'branch_code', kind: 'malformed', message: 'branch_code must be the 3-digit 店番 (408)' });
    assert.deepEqual(field({ branchCode: '408', accountType: '2', accountNumber: '1' }), { field: 'account_type', kind: 'not_in_rule', message: 'a ゆうちょ 店番 ending in 8 holds account_type 1 (普通) or 4 (貯蓄)' });
    assert.deepEqual(field({ branchCode: '019', accountType: '1', accountNumber: '1' }), { field: 'account_type', kind: 'not_in_rule', message: 'a ゆうちょ 店番 ending in 9 holds account_type 2 (当座)' });
    assert.deepEqual(field({ branchCode: '408', accountType: '1', accountNumber: '12345678' }), { field: 'account_number', kind: 'malformed', message: 'account_number must be the 口座番号: 1 to 7 digits (1234567)' });
    assert.deepEqual(field({ branchCode: '408', accountType: '1', accountNumber: '0000000' }), { field: 'account_number', kind: 'not_in_rule', message: 'an account number of zeros only is not an account number' });
  });
});

describe('every ゆうちょ branch of the master', () => {
  const branches = bundledDirectory().branches(JP_BANK_CODE);

  it('has 94 branches, each with a 店番 ending in 8 or 9', () => {
    assert.equal(branches.length, 94);
    assert.deepEqual(new Set(branches.map((b) => b.code[2])), new Set(['8', '9']));
  });

  it('is reached from a 記号 and back, with any 4th and 5th digits and any 番号', () => {
    for (const branch of branches) {
      const general = branch.code.endsWith('8');
      const head = (general ? '1' : '0') + branch.code.slice(0, 2);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 999_999 }), (tail, n) => {
          const symbol = head + String(tail).padStart(2, '0');
          const number = general ? `${n}1` : String(n);
          const account = value(transferAccountOf(symbol, number));
          assert.equal(account.branchCode, branch.code);
          assert.equal(account.accountType, general ? '1' : '2');
          assert.equal(account.accountNumber, String(n).padStart(7, '0'));
          const back = value(passbookAccountOf({ branchCode: account.branchCode, accountType: account.accountType, accountNumber: account.accountNumber! }));
          assert.equal(back.passbook.symbol, `${head}**`);
          assert.equal(back.passbook.number, number);
        }),
        { numRuns: 20 },
      );
    }
  });

  it('keeps what was typed after the 記号: the middle digit and the 番号', () => {
    assert.deepEqual(value(readSymbol('00190-8-123456')), { symbol: '00190', kind: 'transfer', middleDigit: '8', number: '123456' });
    assert.deepEqual(value(readSymbol('14030')), { symbol: '14030', kind: 'general' });
  });
});

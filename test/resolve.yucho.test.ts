/**
 * Resolve with a ゆうちょ 記号 typed as the branch, and a bank given by its code alone
 * (docs/resolve.md#yucho-and-codes): exact answers per context, every ゆうちょ branch of the master.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REASON_MESSAGES_JA } from '../src/resolve/reasons.js';
import { resolve } from '../src/resolve/resolve.js';
import type { ResolveContext } from '../src/resolve/types.js';
import { bundledSnapshot } from './support/app.js';

const run = (bankName: string, branchName: string, context?: ResolveContext) => resolve(bundledSnapshot(), { bankName, branchName, ...(context ? { context } : {}) }).answer;

const YUCHO_408 = { bank_code: '9900', bank_name: 'ゆうちょ銀行', branch_code: '408', branch_name: '四〇八' };
const detail = (code: keyof typeof REASON_MESSAGES_JA) => ({ code, message_ja: REASON_MESSAGES_JA[code] });

describe('a ゆうちょ 記号 as the branch', () => {
  it('finds branch 408 from 14030, auto-confirmed outside payment with a reason of its own', () => {
    for (const context of ['default', 'onboarding', 'matching'] as const) {
      assert.deepEqual(run('ゆうちょ', '14030', context), {
        decision: 'auto_confirm',
        best_match: YUCHO_408,
        candidates: [YUCHO_408],
        reason_codes: ['branch_matched_by_yucho_symbol'],
        reason_details: [detail('branch_matched_by_yucho_symbol')],
        reason_summary_ja: 'ゆうちょ銀行の記号から店番を求めました。振込には、番号も口座番号（7桁）に変換してください。',
      }, context);
    }
  });

  it('asks for review in payment: the 番号 must be converted as well', () => {
    assert.deepEqual(run('ゆうちょ銀行', '14030', 'payment'), {
      decision: 'needs_review',
      best_match: YUCHO_408,
      candidates: [YUCHO_408],
      reason_codes: ['branch_matched_by_yucho_symbol'],
      reason_details: [detail('branch_matched_by_yucho_symbol')],
      reason_summary_ja: REASON_MESSAGES_JA.branch_matched_by_yucho_symbol,
    });
  });

  it('reads the 記号 in full-width, with its 番号 or the middle digit, under any name of the bank', () => {
    for (const [bank, branch] of [
      ['ゆうちょ銀行', '１４０３０'],
      ['ゆうちょ', '14030-12345671'],
      ['ﾕｳﾁﾖ', '１４０３０－１２３４５６７１'],
      ['郵便局', '14030'],
      ['ゆうちょ', '14030-1-12345671'],
      ['ゆうちょ', '記号14030'],
      ['ゆうちょ銀行', '記号番号：14030-12345671'],
    ]) {
      const answer = run(bank!, branch!);
      assert.deepEqual([answer.decision, answer.best_match], ['auto_confirm', YUCHO_408], `${bank} ${branch}`);
    }
    assert.deepEqual(run('ゆうちょ', '00190-8-123456').best_match, { bank_code: '9900', bank_name: 'ゆうちょ銀行', branch_code: '019', branch_name: '〇一九' });
  });

  it('is unresolved for a 記号 whose branch the master does not hold, and means nothing at another bank', () => {
    assert.deepEqual(run('ゆうちょ', '13030'), { decision: 'unresolved', candidates: [], reason_codes: ['branch_not_found'], reason_details: [detail('branch_not_found')], reason_summary_ja: REASON_MESSAGES_JA.branch_not_found });
    assert.equal(run('みずほ', '14030').decision, 'unresolved');
  });

  it('reaches every ゆうちょ branch of the master', () => {
    const branches = bundledSnapshot().directory.branches('9900');
    assert.equal(branches.length, 94);
    for (const branch of branches) {
      const symbol = `${branch.code.endsWith('8') ? '1' : '0'}${branch.code.slice(0, 2)}50`;
      const answer = run('ゆうちょ', symbol);
      assert.equal(answer.decision, 'auto_confirm', symbol);
      assert.deepEqual(answer.best_match, { bank_code: '9900', bank_name: 'ゆうちょ銀行', branch_code: branch.code, branch_name: branch.name }, symbol);
    }
  });
});

describe('a bank given by its code alone', () => {
  it('finds ゆうちょ銀行 from 9900 or ９９００, with the 記号 or the 店番 as the branch', () => {
    assert.deepEqual(run('9900', '14030-12345671'), {
      decision: 'auto_confirm',
      best_match: YUCHO_408,
      candidates: [YUCHO_408],
      reason_codes: ['bank_matched_by_code', 'branch_matched_by_yucho_symbol'],
      reason_details: [detail('bank_matched_by_code'), detail('branch_matched_by_yucho_symbol')],
      reason_summary_ja: '金融機関名ではなく金融機関コードで金融機関を特定しました。',
    });
    assert.deepEqual(run('９９００', '四〇八').best_match, YUCHO_408);
    assert.deepEqual(run('9900', '408', 'payment').reason_codes, ['bank_matched_by_code', 'below_auto_total']);
  });

  it('names any bank, never auto-confirmed in payment; an unknown code is bank_not_found', () => {
    const answer = run('0001', '東京営業部');
    assert.deepEqual([answer.decision, answer.best_match?.branch_code, answer.reason_codes], ['auto_confirm', '001', ['bank_matched_by_code']]);
    assert.equal(run('0001', '東京営業部', 'payment').decision, 'needs_review');
    assert.deepEqual(run('0002', '東京').reason_codes, ['bank_not_found']);
    // A code beside a name is checked against it, as before.
    assert.deepEqual(run('0009 みずほ', '東京営業部').reason_codes.includes('bank_code_mismatch'), true);
  });
});

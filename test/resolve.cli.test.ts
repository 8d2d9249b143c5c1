/** `ginko resolve` as an operator runs it: a real child process, JSON on stdout, no server. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runGinko } from './support/process.js';

describe('ginko resolve', () => {
  it('prints the same answer as the API', async () => {
    const { code, stdout, stderr } = await runGinko(['resolve', 'ゆうちょ', '〇一八', '--context', 'payment']);
    assert.equal(code, 0, stderr);
    const answer = JSON.parse(stdout) as Record<string, unknown>;
    assert.equal(answer.decision, 'auto_confirm');
    assert.deepEqual(answer.best_match, { bank_code: '9900', bank_name: 'ゆうちょ銀行', branch_code: '018', branch_name: '〇一八' });
    assert.deepEqual(answer.reason_codes, []);
    assert.equal('debug' in answer, false);
  });

  it('adds debug on request and takes an empty branch', async () => {
    const { code, stdout } = await runGinko(['resolve', 'みずほ', '', '--debug']);
    assert.equal(code, 0);
    const answer = JSON.parse(stdout) as { decision: string; reason_codes: string[]; debug: { dataset_version: string; context: string } };
    assert.deepEqual([answer.decision, answer.reason_codes], ['needs_review', ['branch_omitted', 'below_auto_total']]);
    assert.deepEqual([answer.debug.dataset_version, answer.debug.context], ['2026-08-24T00:00:00+0900', 'default']);
  });

  it('refuses an unknown context with exit code 1', async () => {
    const { code, stdout, stderr } = await runGinko(['resolve', 'みずほ', '渋谷', '--context', 'paymnet']);
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, /Allowed choices are default, payment, onboarding, matching/);
  });
});

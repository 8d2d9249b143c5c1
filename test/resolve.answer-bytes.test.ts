/** A Resolve answer's bytes (src/http/apis/resolve/answer-bytes.ts) are exactly JSON.stringify's, in UTF-8. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { distinctRequests } from '../bench/distinct.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { resolveAnswerBytes } from '../src/http/apis/resolve/answer-bytes.js';
import { REASON_MESSAGES_JA } from '../src/resolve/reasons.js';
import { resolve } from '../src/resolve/resolve.js';
import { RESOLVE_CONTEXTS, type ResolveAnswer } from '../src/resolve/types.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';

const stringified = (answer: ResolveAnswer) => Buffer.from(JSON.stringify(answer));

describe('Resolve answer bytes', () => {
  it('are JSON.stringify’s for every call of the bench’s distinct stream, and in every context for its first 2,000', () => {
    const snapshot = bundledSnapshot();
    const pairs = distinctRequests()
      .get('resolve')!
      .map(({ body }) => JSON.parse(body!) as { bank_name: string; branch_name: string });
    assert.equal(pairs.length, 28_943);
    const decisions = new Map<string, number>();
    let mismatches = 0;
    for (const [i, pair] of pairs.entries()) {
      for (const context of i < 2000 ? RESOLVE_CONTEXTS : (['default'] as const)) {
        const { answer } = resolve(snapshot, { bankName: pair.bank_name, branchName: pair.branch_name, context });
        decisions.set(answer.decision, (decisions.get(answer.decision) ?? 0) + 1);
        if (!resolveAnswerBytes(snapshot, answer).equals(stringified(answer))) mismatches++;
      }
    }
    assert.equal(mismatches, 0);
    // Real names as files hold them: each is found, some to review (the other two decisions below).
    assert.deepEqual([...decisions.keys()].sort(), ['auto_confirm', 'needs_review']);
  });

  it('are JSON.stringify’s for ambiguous, romaji, unresolved and empty inputs', () => {
    const snapshot = bundledSnapshot();
    const decisions: string[] = [];
    for (const [bankName, branchName] of [
      ['ドコモSMTB', 'イチゴ支店'],
      ['住友', '本店'],
      ['mizuho', 'tokyo eigyobu'],
      ['ﾐｽﾞﾎ', ''],
      ['存在しない銀行', '本店'],
      ['', ''],
    ] as const) {
      const { answer } = resolve(snapshot, { bankName, branchName });
      decisions.push(answer.decision);
      assert.equal(resolveAnswerBytes(snapshot, answer).toString(), JSON.stringify(answer), `${bankName} / ${branchName}`);
    }
    assert.deepEqual(decisions, ['ambiguous', 'needs_review', 'auto_confirm', 'needs_review', 'unresolved', 'unresolved']);
  });

  it('escape what JSON.stringify escapes, and write names and messages the kept parts do not hold', () => {
    // A snapshot of its own: the first match of 0005 keeps that bank's half.
    const snapshot = new Snapshot(bundledDirectory());
    const match = (bank_name: string, branch_name: string) => ({ bank_code: '0005', bank_name, branch_code: '001', branch_name });
    const answers: ResolveAnswer[] = [
      { decision: 'auto_confirm', best_match: match('三菱ＵＦＪ銀行', '本店'), candidates: [match('三菱ＵＦＪ銀行', '本店')], reason_codes: [], reason_details: [] },
      {
        decision: 'needs_review',
        best_match: match('三菱"UFJ\\', '東京\u0001\ud83d'),
        candidates: [match('三菱"UFJ\\', '東京\u0001\ud83d'), match('三菱ＵＦＪ銀行', '\ud83d\ude00')],
        reason_codes: ['gap_too_small', 'romaji_input'],
        reason_details: [
          { code: 'gap_too_small', message_ja: '別の"文"' },
          { code: 'romaji_input', message_ja: REASON_MESSAGES_JA.romaji_input },
        ],
        reason_summary_ja: '別の"文"',
      },
      { decision: 'unresolved', candidates: [], reason_codes: ['bank_not_found'], reason_details: [{ code: 'bank_not_found', message_ja: REASON_MESSAGES_JA.bank_not_found }], reason_summary_ja: REASON_MESSAGES_JA.bank_not_found },
    ];
    for (const answer of [...answers, ...answers]) assert.equal(resolveAnswerBytes(snapshot, answer).toString(), JSON.stringify(answer));
  });
});

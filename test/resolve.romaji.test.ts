/** Resolve from romaji bank and branch names (docs/resolve.md#romaji) on the real data. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REASON_MESSAGES_JA } from '../src/resolve/reasons.js';
import { resolve } from '../src/resolve/resolve.js';
import { type ReasonCode, RESOLVE_CONTEXTS, type ResolveContext } from '../src/resolve/types.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { ROMAJI_FORMS } from '../src/resolve/romaji-input.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';

const snapshot = bundledSnapshot();

/** decision, best match as "bank-branch", reason codes. */
function brief(bankName: string, branchName: string, context?: ResolveContext): [string, string | undefined, readonly ReasonCode[]] {
  const { answer } = resolve(snapshot, { bankName, branchName, ...(context ? { context } : {}) });
  return [answer.decision, answer.best_match ? `${answer.best_match.bank_code}-${answer.best_match.branch_code}` : undefined, answer.reason_codes];
}

describe('resolve: romaji names', () => {
  it('resolves the big banks and well-known branches from romaji, with romaji_input', () => {
    assert.deepEqual(brief('mizuho', 'shinjuku'), ['auto_confirm', '0001-240', ['romaji_input']]);
    assert.deepEqual(brief('Mizuho Bank', 'Shinjuku Branch'), ['auto_confirm', '0001-240', ['romaji_input']]);
    assert.deepEqual(brief('mitsubishi ufj', 'tokyo eigyobu'), ['auto_confirm', '0005-321', ['romaji_input']]);
    assert.deepEqual(brief('sumitomo mitsui', 'umeda'), ['auto_confirm', '0009-127', ['romaji_input']]);
    assert.deepEqual(brief('resona', 'tokyo'), ['auto_confirm', '0010-300', ['romaji_input']]);
    assert.deepEqual(brief('Japan Post Bank', '018'), ['auto_confirm', '9900-018', ['romaji_input']]);
  });

  it('reads each Hepburn variant class', () => {
    const cases: [string, string, string, string][] = [
      // [class, bank, branch, expected]
      ['shi/si', 'mizuho', 'sinjuku', '0001-240'],
      ['chi/ti, ji/zi', 'mizuho', 'kitizyouzi', '0001-246'],
      ['tsu/tu', 'mitui sumitomo', 'umeda', '0009-127'],
      // 'hukuoka' alone names 福岡銀行 and 福岡信金 alike (review, either first): the type word decides.
      ['fu/hu', 'hukuoka ginkou', 'honten', '0177-100'],
      ['long vowels', 'mizuho', 'toukyou eigyoubu', '0001-001'],
      ['long vowels (macron)', 'mizuho', 'Tōkyō Eigyōbu', '0001-001'],
      ['long vowels (oh)', 'mizuho', 'Tokyoh Eigyohbu', '0001-001'],
      ['m before b', 'mizuho', 'shimbashi', '0001-130'],
      ['sokuon', 'Hokkaido', 'Sapporo Ekimae', '0116-151'],
      ['case, spaces, hyphens', 'HOKKAIDO-SHINKIN', 'honten', '1001-001'],
    ];
    for (const [cls, bank, branch, expected] of cases) assert.equal(brief(bank, branch)[1], expected, `${cls}: ${bank} / ${branch}`);
  });

  it('never auto-confirms a romaji match in payment', () => {
    assert.deepEqual(brief('mizuho', 'shinjuku', 'payment'), ['needs_review', '0001-240', ['romaji_input']]);
    assert.deepEqual(brief('mitsubishi ufj', 'tokyo eigyobu', 'payment'), ['needs_review', '0005-321', ['romaji_input']]);
    for (const context of RESOLVE_CONTEXTS.filter((c) => c !== 'payment')) assert.equal(brief('mizuho', 'shinjuku', context)[0], 'auto_confirm', context);
  });

  it('does not auto-confirm a romaji that spells two readings alike, unless long vowels are marked', () => {
    // 小山 オヤマ (708) and 大山 オオヤマ (628): `oyama` may be either; `ohyama` is 大山.
    assert.deepEqual(brief('mizuho', 'oyama'), ['needs_review', '0001-708', ['gap_too_small', 'romaji_input']]);
    const { answer } = resolve(snapshot, { bankName: 'mizuho', branchName: 'oyama' });
    assert.deepEqual(answer.candidates.slice(0, 2).map((c) => `${c.branch_code} ${c.branch_name}`), ['708 小山', '628 大山']);
    assert.deepEqual(brief('mizuho', 'ohyama'), ['auto_confirm', '0001-628', ['romaji_input']]);
    assert.deepEqual(brief('mizuho', 'ōyama'), ['auto_confirm', '0001-628', ['romaji_input']]);
  });

  it('answers Latin text the matcher already knows as typed, without romaji_input', () => {
    assert.deepEqual(brief('MUFG', '渋谷'), ['auto_confirm', '0005-135', []]);
    assert.deepEqual(brief('mizuho', '渋谷'), ['auto_confirm', '0001-210', []]);
  });

  it('builds the romaji forms (about 7 MB) only for Latin text not answered as typed', () => {
    const fresh = new Snapshot(bundledDirectory());
    const decision = (bankName: string, branchName: string) => resolve(fresh, { bankName, branchName }).answer.decision;
    // Half-width kana with Latin letters, as a transfer file holds ドコモSMTBネット銀行.
    assert.equal(decision('ﾄﾞｺﾓSMTBﾈﾂﾄｷﾞﾝｺｳ', 'JAL'), 'auto_confirm');
    assert.equal(decision('MUFG', '渋谷'), 'auto_confirm');
    assert.equal(fresh.has(ROMAJI_FORMS), false);
    assert.equal(decision('mizuho', 'shinjuku'), 'auto_confirm');
    assert.equal(fresh.has(ROMAJI_FORMS), true);
  });

  it('keeps the reasons of the matcher: a bare stem naming several institutions stays ambiguous', () => {
    assert.deepEqual(brief('yokohama', 'yokohama ekimae'), ['needs_review', '0138-383', ['bank_alias_ambiguous', 'romaji_input']]);
  });

  it('answers unresolved romaji as before', () => {
    assert.deepEqual(brief('mizuho', 'xyzzy'), ['unresolved', undefined, ['branch_not_found']]);
    assert.deepEqual(brief('xyzzy', 'shinjuku'), ['unresolved', undefined, ['bank_not_found']]);
  });

  it('explains romaji_input in Japanese', () => {
    const { answer } = resolve(snapshot, { bankName: 'mizuho', branchName: 'shinjuku', context: 'payment' });
    assert.equal(answer.reason_summary_ja, REASON_MESSAGES_JA.romaji_input);
    assert.deepEqual(answer.reason_details, [{ code: 'romaji_input', message_ja: REASON_MESSAGES_JA.romaji_input }]);
  });
});

/**
 * The Resolve matcher on the real bundled data: exact answers for the forms people type,
 * the per-context policies, reason codes, limits and the index's lifetime.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildDirectory } from '../src/dataset/build.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { loadBundledSnapshot } from '../src/dataset/bundled.js';
import { BANK_SCORES, BRANCH_SCORES, CONTEXT_POLICIES, MAX_CANDIDATES, VOICING_PENALTY } from '../src/resolve/policy.js';
import { REASON_MESSAGES_JA } from '../src/resolve/reasons.js';
import { MAX_INPUT_LENGTH, resolve } from '../src/resolve/resolve.js';
import { resolveIndex } from '../src/resolve/resolve-index.js';
import type { TypedOutcome } from '../src/resolve/romaji-input.js';
import { type ReasonCode, RESOLVE_CONTEXTS, type ResolveContext } from '../src/resolve/types.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';

const directory = bundledDirectory();
const snapshot = bundledSnapshot();

function run(bankName: string, branchName: string, context?: ResolveContext) {
  return resolve(snapshot, { bankName, branchName, ...(context ? { context } : {}) });
}

/** decision, best match as "bank-branch", reason codes. */
function brief(bankName: string, branchName: string, context?: ResolveContext): [string, string | undefined, readonly ReasonCode[]] {
  const { answer } = run(bankName, branchName, context);
  return [answer.decision, answer.best_match ? `${answer.best_match.bank_code}-${answer.best_match.branch_code}` : undefined, answer.reason_codes];
}

const MIZUHO_TOKYO = { bank_code: '0001', bank_name: 'みずほ銀行', branch_code: '001', branch_name: '東京営業部' };

describe('resolve: みずほ 東京営業部 in the forms people type', () => {
  it('answers the official names exactly, with the other 東京… branches as candidates', () => {
    assert.deepEqual(run('みずほ銀行', '東京営業部').answer, {
      decision: 'auto_confirm',
      best_match: MIZUHO_TOKYO,
      candidates: [
        MIZUHO_TOKYO,
        { bank_code: '0001', bank_name: 'みずほ銀行', branch_code: '078', branch_name: '東京法人営業部' },
        { bank_code: '0001', bank_name: 'みずほ銀行', branch_code: '110', branch_name: '東京中央' },
        { bank_code: '0001', bank_name: 'みずほ銀行', branch_code: '777', branch_name: '東京都庁出張所' },
      ],
      reason_codes: [],
      reason_details: [],
    });
  });

  for (const [bank, branch] of [
    ['みずほ', '東京'],
    ['みずほ', '東京支店'],
    ['ミズホ', 'トウキョウ'],
    ['ﾐｽﾞﾎｷﾞﾝｺｳ', 'ﾄｳｷﾖｳ'],
    ['みずほぎんこう', 'とうきょう'],
    ['株式会社みずほ銀行', '東京営業部'],
    ['みずほ', 'みずほ銀行 東京営業部'],
  ] as const) {
    it(`auto-confirms ${bank} / ${branch} in default`, () => {
      assert.deepEqual(brief(bank, branch), ['auto_confirm', '0001-001', []]);
    });
  }

  it('in payment, confirms only the official branch name; suffix supplementing or trimming needs review', () => {
    assert.deepEqual(brief('みずほ', '東京営業部', 'payment'), ['auto_confirm', '0001-001', []]);
    assert.deepEqual(brief('みずほ', 'とうきょう', 'payment'), ['auto_confirm', '0001-001', []]);
    assert.deepEqual(brief('みずほ', '東京', 'payment'), ['needs_review', '0001-001', ['payment_branch_supplement', 'below_auto_total']]);
    assert.deepEqual(brief('みずほ', '東京支店', 'payment'), ['needs_review', '0001-001', ['payment_branch_trim', 'payment_branch_supplement', 'below_auto_total']]);
    assert.deepEqual(brief('三井住友銀行', '渋谷支店', 'payment'), ['needs_review', '0009-654', ['payment_branch_trim']]);
  });
});

describe('resolve: 三菱UFJ and its aliases', () => {
  it('reads the name in any width, case and script', () => {
    for (const bank of ['三菱ＵＦＪ銀行', '三菱UFJ銀行', '三菱ufj', 'みつびしゆーえふじぇいぎんこう', 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ']) {
      assert.deepEqual(brief(bank, '渋谷'), ['auto_confirm', '0005-135', []], bank);
    }
  });

  it('auto-confirms the unambiguous alias MUFG in default, never in payment', () => {
    assert.deepEqual(brief('MUFG', '渋谷'), ['auto_confirm', '0005-135', []]);
    assert.deepEqual(brief('MUFG', '渋谷', 'payment'), ['needs_review', '0005-135', ['payment_bank_alias', 'below_auto_total']]);
  });

  it('never auto-confirms the ambiguous alias 三菱 (三菱UFJ銀行 or 三菱UFJ信託銀行)', () => {
    const { answer } = run('三菱', '渋谷');
    assert.equal(answer.decision, 'needs_review');
    assert.deepEqual(answer.reason_codes, ['bank_alias_ambiguous', 'gap_too_small']);
    assert.deepEqual(answer.candidates.slice(0, 2).map((c) => `${c.bank_code}-${c.branch_code} ${c.branch_name}`), ['0005-135 渋谷', '0288-260 渋谷']);
  });

  it('offers the successor of a former name for review only', () => {
    assert.deepEqual(brief('三菱東京UFJ銀行', '渋谷'), ['needs_review', '0005-135', ['bank_former_name', 'below_auto_total']]);
    assert.deepEqual(brief('住信SBIネット銀行', 'イチゴ'), ['needs_review', '0038-101', ['bank_former_name', 'below_auto_total']]);
  });

  it('flags 本店 as generic: informational in default, a review in payment', () => {
    assert.deepEqual(brief('三菱UFJ銀行', '本店'), ['auto_confirm', '0005-001', ['generic_branch']]);
    assert.deepEqual(brief('三菱ＵＦＪ', '本店', 'payment'), ['needs_review', '0005-001', ['generic_branch']]);
  });
});

describe('resolve: Japan Post Bank numeric branch names', () => {
  it('reads 〇一八, 018, ０１８, ゼロイチハチ and 〇一八店 as branch 018', () => {
    for (const branch of ['〇一八', '018', '０１８', 'ゼロイチハチ', 'ぜろいちはち', 'ｾﾞﾛｲﾁﾊﾁ', '〇一八店', '018店', '〇一八支店']) {
      for (const context of ['default', 'payment'] as const) {
        assert.deepEqual(brief('ゆうちょ', branch, context), ['auto_confirm', '9900-018', []], `${branch} ${context}`);
      }
    }
    assert.deepEqual(run('ゆうちょ銀行', '018').answer.best_match, { bank_code: '9900', bank_name: 'ゆうちょ銀行', branch_code: '018', branch_name: '〇一八' });
  });

  it('does not treat another number as a typo of a branch', () => {
    assert.deepEqual(brief('ゆうちょ', '九九九'), ['unresolved', undefined, ['branch_not_found']]);
    assert.deepEqual(brief('ゆうちょ', '123'), ['unresolved', undefined, ['branch_not_found']]);
  });

  it('knows 郵便局 as ゆうちょ銀行, reviewed in payment', () => {
    assert.deepEqual(brief('郵便局', '〇一八'), ['auto_confirm', '9900-018', []]);
    assert.deepEqual(brief('郵便局', '018', 'payment'), ['needs_review', '9900-018', ['payment_bank_alias', 'below_auto_total']]);
  });
});

describe('resolve: institution types', () => {
  it('tells banks of one stem apart by their type, in any spelling', () => {
    assert.deepEqual(brief('北海道銀行', '本店'), ['auto_confirm', '0116-101', ['generic_branch']]);
    assert.deepEqual(brief('北海道信金', '本店'), ['auto_confirm', '1001-001', ['generic_branch']]);
    assert.deepEqual(brief('北海道しんきん', '本店営業部'), ['auto_confirm', '1001-001', ['generic_branch']]);
    assert.deepEqual(brief('北海道信用金庫', '札幌駅北口'), ['auto_confirm', '1001-032', []]);
    assert.deepEqual(brief('JAさがみ', '本店'), ['auto_confirm', '5131-001', ['generic_branch']]);
    assert.deepEqual(brief('さがみ農業協同組合', '本店'), ['auto_confirm', '5131-001', ['generic_branch']]);
  });

  it('never auto-confirms a bare stem that several institutions share', () => {
    const { answer } = run('北海道', '本店');
    assert.equal(answer.decision, 'needs_review');
    assert.deepEqual(answer.reason_codes, ['bank_alias_ambiguous', 'gap_too_small', 'generic_branch']);
    assert.deepEqual(new Set(answer.candidates.map((c) => c.bank_code)), new Set(['9450', '0116', '1001', '2951', '3001']));
    assert.deepEqual(brief('ほっかいどう', '札幌駅北口'), ['needs_review', '0116-152', ['bank_alias_ambiguous', 'gap_too_small']]);
  });

  it('does not let a wrong type pass: 北洋信金 is not 北洋銀行', () => {
    const [decision] = brief('北洋信金', '本店');
    assert.equal(decision, 'needs_review');
  });
});

describe('resolve: readings that differ only by voicing', () => {
  it('prefers the reading typed exactly', () => {
    assert.deepEqual(brief('みずほ', 'なかの'), ['auto_confirm', '0001-351', []]);
    assert.deepEqual(brief('みずほ', 'ながの'), ['auto_confirm', '0001-426', []]);
    assert.deepEqual(brief('京都銀行', 'ぎんかくじ'), ['auto_confirm', '0158-141', []]);
    assert.deepEqual(brief('京都銀行', 'きんかくじ'), ['auto_confirm', '0158-165', []]);
    assert.deepEqual(brief('しょうなんしんきん', '本店営業部'), ['auto_confirm', '1282-001', ['generic_branch']]);
    assert.deepEqual(brief('じょうなんしんきん', '渋谷'), ['auto_confirm', '1344-025', []]);
  });

  it('reviews readings that are the same even with voicing', () => {
    const { answer } = run('ちゅうごくぎんこう', '東京');
    assert.equal(answer.decision, 'needs_review');
    assert.ok(answer.reason_codes.includes('bank_alias_ambiguous'));
  });
});

describe('resolve: branches', () => {
  it('reviews two branches of one name (中國銀行 has 001 and 718, both 東京)', () => {
    const { answer } = run('中國銀行', '東京');
    assert.equal(answer.decision, 'needs_review');
    assert.deepEqual(answer.reason_codes, ['branch_alias_ambiguous', 'gap_too_small']);
    assert.deepEqual(answer.candidates.slice(0, 2).map((c) => c.branch_code), ['001', '718']);
  });

  it('offers the main office of another generic name for review: 城南信金 calls it 営業部本店', () => {
    assert.deepEqual(brief('城南信用金庫', '本店'), ['needs_review', '1344-001', ['generic_branch', 'below_auto_total']]);
  });

  it('offers the main office when the branch is omitted (docs/resolve.md#how-it-matches)', () => {
    const { answer } = run('みずほ', '');
    assert.equal(answer.decision, 'needs_review');
    assert.deepEqual(answer.best_match, { bank_code: '0001', bank_name: 'みずほ銀行', branch_code: '100', branch_name: '本店' });
    assert.deepEqual(answer.reason_codes, ['branch_omitted', 'below_auto_total']);
  });

  it('never auto-confirms a typo or an abbreviation', () => {
    assert.deepEqual(brief('みずほ', '八重洲'), ['needs_review', '0001-026', ['below_auto_total']]);
    assert.deepEqual(brief('三井往友銀行', '渋谷'), ['needs_review', '0009-654', ['below_auto_total']]);
  });
});

describe('resolve: unresolved (docs/resolve.md#response)', () => {
  it('answers no bank with empty candidates and no best_match', () => {
    for (const bank of ['さくらんぼ銀行', '', '   ', 'ホゲホゲ', '信用金庫', 'しんきん', 'JA', '銀行']) {
      assert.deepEqual(run(bank, '本店').answer, {
        decision: 'unresolved',
        candidates: [],
        reason_codes: ['bank_not_found'],
        reason_details: [{ code: 'bank_not_found', message_ja: REASON_MESSAGES_JA.bank_not_found }],
        reason_summary_ja: REASON_MESSAGES_JA.bank_not_found,
      });
    }
  });

  it('answers a known bank without such a branch the same way, with branch_not_found', () => {
    assert.deepEqual(run('みずほ', 'ハワイ').answer, {
      decision: 'unresolved',
      candidates: [],
      reason_codes: ['branch_not_found'],
      reason_details: [{ code: 'branch_not_found', message_ja: REASON_MESSAGES_JA.branch_not_found }],
      reason_summary_ja: REASON_MESSAGES_JA.branch_not_found,
    });
  });
});

describe('resolve: contexts and policies', () => {
  it('exports the thresholds, payment the strictest', () => {
    assert.deepEqual(
      Object.fromEntries(RESOLVE_CONTEXTS.map((c) => [c, [CONTEXT_POLICIES[c].autoTotal, CONTEXT_POLICIES[c].minGap, CONTEXT_POLICIES[c].reviewFloor]])),
      { default: [90, 4, 70], payment: [96, 5, 70], onboarding: [90, 4, 60], matching: [90, 4, 50] },
    );
    for (const c of RESOLVE_CONTEXTS) {
      assert.ok(CONTEXT_POLICIES.payment.autoTotal >= CONTEXT_POLICIES[c].autoTotal);
      assert.ok(CONTEXT_POLICIES.payment.autoBankKinds.every((k) => CONTEXT_POLICIES[c].autoBankKinds.includes(k)));
      assert.ok(CONTEXT_POLICIES.payment.autoBranchKinds.every((k) => CONTEXT_POLICIES[c].autoBranchKinds.includes(k)));
    }
    assert.ok(Object.isFrozen(CONTEXT_POLICIES) && Object.isFrozen(CONTEXT_POLICIES.payment));
    // The exact reading must beat its voicing twin by at least every context's gap.
    for (const c of RESOLVE_CONTEXTS) assert.ok(VOICING_PENALTY >= CONTEXT_POLICIES[c].minGap);
    // Nothing short of a sure match reaches an auto-confirm total.
    assert.ok(BANK_SCORES.typo < CONTEXT_POLICIES.default.autoTotal && BRANCH_SCORES.typo < CONTEXT_POLICIES.default.autoTotal);
  });

  it('changes only the decision, never the candidates (docs/resolve.md#contexts-and-thresholds)', () => {
    for (const [bank, branch] of [['みずほ', '東京支店'], ['北海道', '本店'], ['みずほ', '八重洲'], ['郵便局', '018']] as const) {
      const answers = RESOLVE_CONTEXTS.map((c) => run(bank, branch, c).answer.candidates);
      for (const a of answers) assert.deepEqual(a, answers[0]);
    }
  });

  it('calls low confidence ambiguous in default and a review in the broader contexts', () => {
    // An abbreviated bank (72) and a trimmed branch (96): total 69.
    assert.equal(run('ドコモSMTB', 'イチゴ支店').answer.decision, 'ambiguous');
    assert.equal(run('ドコモSMTB', 'イチゴ支店', 'onboarding').answer.decision, 'needs_review');
    assert.equal(run('ドコモSMTB', 'イチゴ支店', 'matching').answer.decision, 'needs_review');
  });
});

describe('resolve: shape and limits', () => {
  it('returns at most 10 candidates, best first, with best_match the first', () => {
    const { answer, debug } = run('北海道', '札幌');
    assert.equal(answer.candidates.length, MAX_CANDIDATES);
    assert.deepEqual(answer.best_match, answer.candidates[0]);
    const totals = debug.scores.map((s) => s.total);
    assert.deepEqual(totals, [...totals].sort((a, b) => b - a));
  });

  it('gives a Japanese message for every reason and the most important as the summary', () => {
    const { answer } = run('みずほ', '東京支店', 'payment');
    assert.deepEqual(answer.reason_details, answer.reason_codes.map((code) => ({ code, message_ja: REASON_MESSAGES_JA[code] })));
    assert.equal(answer.reason_summary_ja, REASON_MESSAGES_JA.payment_branch_trim);
  });

  it('explains itself in debug: normalized input, readings, scores and the dataset version', () => {
    const { debug } = run('北海道しんきん', '札幌駅北口支店');
    assert.equal(debug.dataset_version, '2026-08-24T00:00:00+0900');
    assert.deepEqual(debug.normalized, {
      bank_name: '北海道シンキン',
      bank_readings: [{ stem: '北海道シンキン', type: null }, { stem: '北海道', type: 'shinkin' }],
      branch_name: '札幌駅北口支店',
      branch_trimmed: [{ stem: '札幌駅北口', suffix: '支店' }],
      branch_digits: null,
      bank_code: null,
      branch_code: null,
      generic_branch: false,
    });
    assert.deepEqual(debug.scores[0], { bank_code: '1001', branch_code: '032', branch_name: '札幌駅北口', bank_kind: 'suffix_variant', bank_score: 0.99, branch_kind: 'trimmed', branch_score: 0.96, total: 0.95 });
    assert.deepEqual(debug.policy, { auto_total: 0.9, min_gap: 0.04, review_floor: 0.7 });
  });

  it('lists in debug the near-miss banks beside an exact one, which the answer leaves aside', () => {
    // Typos of a bank name are searched for the debug view only (match-bank.ts, searchBanks).
    const outcome = run('北洋銀行', '本店');
    const { answer, debug } = outcome;
    assert.deepEqual(
      debug.bank_matches.map((m) => `${m.bank_name} ${m.kind}`),
      ['北洋銀行 official', '北都銀行 typo', '北陸銀行 typo', '北國銀行 typo'],
    );
    assert.deepEqual(new Set(answer.candidates.map((c) => c.bank_code)), new Set(['0501']));
    assert.equal(outcome.debug, debug, 'the view is made once');
  });

  it('says whether a bank was found as the debug view would, without making it (romaji-input.ts compares outcomes by it)', () => {
    // An exact bank, a typo of one only, an abbreviation, a bank code beside a typo, nothing.
    for (const bank of ['北洋銀行', '北洋銀衡', 'みずほ', '0001 みづほ', 'ぜんぜんちがう']) {
      const outcome = run(bank, '本店') as unknown as TypedOutcome<unknown>;
      assert.equal(outcome.bankFound, outcome.debug.bank_matches.length > 0, bank);
    }
    assert.equal((run('ぜんぜんちがう', '本店') as unknown as TypedOutcome<unknown>).bankFound, false);
  });

  it('never throws and always answers in shape, whatever the input', () => {
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('本店', 'みずほ', '〇一八', 'ＪＡ', '信金', '銀行', '支店', 'テン', '株式会社'));
    fc.assert(
      fc.property(text, text, fc.constantFrom(...RESOLVE_CONTEXTS), (bank, branch, context) => {
        const { answer } = resolve(snapshot, { bankName: bank, branchName: branch, context });
        if (answer.candidates.length > MAX_CANDIDATES) return false;
        if (answer.decision === 'unresolved') return answer.candidates.length === 0 && answer.best_match === undefined;
        return answer.best_match !== undefined && answer.candidates[0]?.branch_code === answer.best_match.branch_code;
      }),
      { numRuns: 300 },
    );
  });

  it('cuts inputs at MAX_INPUT_LENGTH characters', () => {
    const long = 'みずほ' + 'あ'.repeat(MAX_INPUT_LENGTH);
    assert.equal(run(long, '東京').answer.decision, 'unresolved');
  });
});

describe('resolve index', () => {
  it('is built once per Snapshot and dropped with it', () => {
    assert.equal(resolveIndex(snapshot), resolveIndex(snapshot));
    const other = new Snapshot(buildDirectory(loadBundledSnapshot()));
    assert.notEqual(resolveIndex(other), resolveIndex(snapshot));
    assert.equal(resolveIndex(other).version, directory.version);
    assert.deepEqual(resolve(other, { bankName: 'みずほ', branchName: '東京' }).answer, run('みずほ', '東京').answer);
  });
});

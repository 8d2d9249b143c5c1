/**
 * Names as a new user types them from real files (eval/resolve-typed.json,
 * docs/resolve.md#names-as-a-new-user-types-them): old kanji forms from the published tables,
 * codes glued to names or counted with 番, exact bank names another bank reads alike without
 * voicing, and office words removed in payment. The set's targets, then exact answers.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { TYPED_CASE_CLASSES, type TypedCaseClass } from '../eval/cases.js';
import { type EvalReport, evaluate, loadTypedEvalFile } from '../eval/evaluate.js';
import { resolve } from '../src/resolve/resolve.js';
import { RESOLVE_CONTEXTS, type ResolveContext } from '../src/resolve/types.js';
import { bundledSnapshot } from './support/app.js';

const snapshot = bundledSnapshot();
const file = loadTypedEvalFile();
let report: EvalReport<TypedCaseClass>;

before(() => {
  report = evaluate(snapshot, file, TYPED_CASE_CLASSES);
});

function answer(bankName: string, branchName: string, context: ResolveContext = 'default') {
  const { answer } = resolve(snapshot, { bankName, branchName, context });
  const code = (m: { bank_code: string; branch_code: string; branch_name: string }) => `${m.bank_code}-${m.branch_code} ${m.branch_name}`;
  return { decision: answer.decision, best: answer.best_match ? code(answer.best_match) : null, reasons: answer.reason_codes, candidates: answer.candidates.map(code) };
}
const brief = (bankName: string, branchName: string, context: ResolveContext = 'default') => {
  const { decision, best, reasons } = answer(bankName, branchName, context);
  return { decision, best, reasons };
};

describe('Resolve on names as a new user types them: targets', () => {
  it('has every class, at least 30 cases each, from the bundled data', () => {
    assert.equal(file.dataset_version, snapshot.directory.version);
    for (const cls of TYPED_CASE_CLASSES) assert.ok(file.cases.filter((c) => c.class === cls).length >= 30, cls);
    assert.equal(new Set(file.cases.map((c) => c.id)).size, file.cases.length);
  });

  it('never auto-confirms a wrong code, in any context (an exact bank never lends its twin branch)', () => {
    assert.deepEqual(report.wrongAutos.map((r) => `${r.context} ${r.case.id}`), []);
  });

  it('ranks the right answer first in every answerable case, in every context', () => {
    for (const context of RESOLVE_CONTEXTS) {
      const all = report.byContext[context].all;
      assert.equal(all.top1, all.answerable, context);
    }
  });

  it('gives every pinned decision, with its pinned reasons', () => {
    assert.deepEqual(report.disagreements.map((r) => `${r.context} ${r.case.id}: ${r.decision} ${r.missingReasons.join(',')}`), []);
    assert.ok(report.byContext.payment.payment_trim.pinned >= 30);
  });
});

describe('old kanji forms (src/domain/old-kanji-forms.ts)', () => {
  it('reads the old forms of the 常用漢字表 and the 人名用 異体字 as the master writes them', () => {
    const auto = (best: string) => ({ decision: 'auto_confirm', best, reasons: [] });
    assert.deepEqual(brief('みずほ銀行', '行德'), auto('0001-288 行徳'));
    assert.deepEqual(brief('みずほ銀行', '横濱法人'), auto('0001-091 横浜法人'));
    assert.deepEqual(brief('三菱UFJ銀行', '田邊', 'payment'), auto('0005-491 田辺'));
    assert.deepEqual(brief('みずほ銀行', '櫻台', 'payment'), auto('0001-225 桜台'));
    assert.deepEqual(brief('三菱UFJ銀行', '心齋橋'), auto('0005-031 心斎橋'));
    assert.deepEqual(brief('みずほ銀行', '都立大學駅前'), auto('0001-133 都立大学駅前'));
    assert.deepEqual(brief('みずほ銀行', '神田驛前'), auto('0001-009 神田駅前'));
    assert.deepEqual(brief('群馬銀行', '萬場'), auto('0128-163 万場'));
    assert.deepEqual(brief('みずほ銀行', '鶴ヶ峯'), auto('0001-550 鶴ヶ峰'));
    // 齊 is the old form of 斉 (斉藤), not of 斎 (斎藤): 斉院 at 愛媛信金.
    assert.deepEqual(brief('愛媛信用金庫', '齊院'), auto('1860-027 斉院'));
    assert.deepEqual(brief('廣島銀行', '本店営業部', 'payment'), { decision: 'needs_review', best: '0169-001 本店営業部', reasons: ['generic_branch'] });
  });

  it('keeps 國 apart: 中國銀行 (0489) is another bank than 中国銀行 (0168)', () => {
    assert.equal(answer('中國銀行', '東京').best?.slice(0, 4), '0489');
  });
});

describe('codes glued to names or counted with 番', () => {
  it('reads a bank code glued to the name, at either end and in either width', () => {
    for (const bank of ['0005三菱UFJ銀行', '三菱UFJ銀行0005', '０００５三菱ＵＦＪ']) {
      assert.deepEqual(brief(bank, '新宿', 'payment'), { decision: 'auto_confirm', best: '0005-341 新宿', reasons: [] }, bank);
    }
    assert.deepEqual(brief('0009三菱UFJ銀行', '新宿'), { decision: 'needs_review', best: '0005-341 新宿', reasons: ['bank_code_mismatch'] });
  });

  it('reads a branch code glued to the name where the name as typed is no branch', () => {
    assert.deepEqual(brief('三菱UFJ銀行', '341新宿', 'payment'), { decision: 'auto_confirm', best: '0005-341 新宿', reasons: [] });
    assert.deepEqual(brief('三菱UFJ銀行', '新宿支店341'), { decision: 'auto_confirm', best: '0005-341 新宿', reasons: [] });
    assert.deepEqual(brief('三菱UFJ銀行', '341支店'), { decision: 'auto_confirm', best: '0005-341 新宿', reasons: ['branch_matched_by_code'] });
    // A code that is not the name's: the name's branch, the conflict said, the code's branch offered too.
    const conflict = answer('三菱UFJ銀行', '123新宿支店');
    assert.deepEqual([conflict.decision, conflict.best, conflict.reasons], ['needs_review', '0005-341 新宿', ['branch_code_mismatch']]);
    assert.deepEqual(conflict.candidates.slice(0, 2), ['0005-341 新宿', '0005-123 横浜中山']);
    // Digits that are part of a name are read as the name first.
    assert.deepEqual(brief('ゆうちょ銀行', '018店', 'payment'), { decision: 'auto_confirm', best: '9900-018 〇一八', reasons: [] });
    assert.deepEqual(brief('野村信託銀行', '本店営業１６５'), { decision: 'auto_confirm', best: '0304-165 本店営業１６５', reasons: [] });
  });

  it('reads a branch code counted with 番, not a place (6番町, 麻布10番)', () => {
    assert.deepEqual(brief('三菱UFJ銀行', '新宿支店 341番'), { decision: 'auto_confirm', best: '0005-341 新宿', reasons: [] });
    assert.deepEqual(brief('三菱UFJ銀行', '新宿（341番）', 'payment'), { decision: 'auto_confirm', best: '0005-341 新宿', reasons: [] });
    assert.deepEqual(brief('三菱UFJ銀行', '341番', 'payment'), { decision: 'needs_review', best: '0005-341 新宿', reasons: ['branch_matched_by_code', 'below_auto_total'] });
    assert.deepEqual(brief('三菱UFJ銀行', '新宿支店 123番'), { decision: 'needs_review', best: '0005-341 新宿', reasons: ['branch_code_mismatch'] });
    assert.equal(answer('みずほ', '麻布10番').decision, 'unresolved');
  });
});

describe('an exact bank name keeps the candidates to that bank', () => {
  it('answers within the bank the input names, even where its voicing twin has the same branch name', () => {
    assert.deepEqual(answer('ごとう農業協同組合', '福江'), { decision: 'auto_confirm', best: '8893-001 福江', reasons: [], candidates: ['8893-001 福江'] });
    assert.deepEqual(answer('しようなんしんようきんこ', '池上'), { decision: 'auto_confirm', best: '1282-019 池上', reasons: [], candidates: ['1282-019 池上'] });
    assert.deepEqual(answer('ｼﾞﾖｳﾅﾝｼﾝﾖｳｷﾝｺ', '池上'), { decision: 'auto_confirm', best: '1344-007 池上', reasons: [], candidates: ['1344-007 池上'] });
    // 本所 is 湖東農協's main office; ごとう農協's main office 本店 is offered for review, not 湖東's.
    assert.deepEqual(answer('ごとう農業協同組合', '本所'), { decision: 'needs_review', best: '8893-100 本店', reasons: ['generic_branch', 'below_auto_total'], candidates: ['8893-100 本店'] });
  });

  it("offers the twin's branch only where the named bank has none, never auto-confirmed", () => {
    for (const context of RESOLVE_CONTEXTS) {
      // 93 points (the reading without voicing): below payment's 96 as well.
      const reasons = context === 'payment' ? ['bank_alias_ambiguous', 'below_auto_total'] : ['bank_alias_ambiguous'];
      assert.deepEqual(answer('シヨウナンシンヨウキンコ', '品川', context), { decision: 'needs_review', best: '1344-002 品川', reasons, candidates: ['1344-002 品川'] }, context);
      assert.deepEqual(answer('ごとう農業協同組合', '湖東', context), { decision: 'needs_review', best: '6911-001 湖東', reasons, candidates: ['6911-001 湖東'] }, context);
    }
  });
});

describe('payment_branch_trim wherever an office word was removed', () => {
  const cases: readonly [string, string, string, Record<ResolveContext, readonly string[]>][] = [
    ['みずほ', 'とーきょーしてん', '0001-001 東京営業部', { default: [], payment: ['payment_branch_trim', 'below_auto_total'], onboarding: [], matching: [] }],
    [
      '中京銀行',
      '今池支店',
      '0542-111 今池中央',
      {
        default: ['bank_former_name', 'branch_former_name', 'below_auto_total'],
        payment: ['bank_former_name', 'branch_former_name', 'payment_branch_trim', 'below_auto_total'],
        onboarding: ['bank_former_name', 'branch_former_name', 'below_auto_total'],
        matching: ['bank_former_name', 'branch_former_name', 'below_auto_total'],
      },
    ],
    [
      'いるま野農業協同組合',
      '小手指支店',
      '4735-036 所沢西',
      {
        default: ['branch_former_name', 'below_auto_total'],
        payment: ['branch_former_name', 'payment_branch_trim', 'below_auto_total'],
        onboarding: ['branch_former_name', 'below_auto_total'],
        matching: ['branch_former_name', 'below_auto_total'],
      },
    ],
    ['三井住友銀行', '渋谷支店', '0009-654 渋谷', { default: [], payment: ['payment_branch_trim'], onboarding: [], matching: [] }],
  ];
  for (const [bank, branch, best, reasons] of cases) {
    it(`${bank} / ${branch}: in payment only, in every context`, () => {
      for (const context of RESOLVE_CONTEXTS) {
        const got = brief(bank, branch, context);
        assert.deepEqual(got, { decision: reasons[context].length === 0 ? 'auto_confirm' : 'needs_review', best, reasons: reasons[context] }, context);
      }
    });
  }

  it("leaves Japan Post Bank's 〇一八店 its name: 店 is how it writes its branches", () => {
    assert.deepEqual(brief('ゆうちょ', '四一八支店', 'payment'), { decision: 'auto_confirm', best: '9900-418 四一八', reasons: [] });
  });
});

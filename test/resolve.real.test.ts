/**
 * Names as real files hold them (eval/resolve-real.json, docs/resolve.md#names-as-files-hold-them):
 * the targets per class, and exact answers for each kind of mess.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { REAL_CASE_CLASSES, type RealCaseClass } from '../eval/cases.js';
import { type EvalReport, evaluate, loadRealEvalFile } from '../eval/evaluate.js';
import { warmResolveIndex } from '../src/resolve/resolve-index.js';
import { resolve } from '../src/resolve/resolve.js';
import { RESOLVE_CONTEXTS, type ResolveContext } from '../src/resolve/types.js';
import { bundledSnapshot } from './support/app.js';

const snapshot = bundledSnapshot();
const directory = snapshot.directory;
const file = loadRealEvalFile();
let report: EvalReport<RealCaseClass>;

before(() => {
  // Timed as served: every bank's branch index built (the server warms it in the background).
  warmResolveIndex(snapshot);
  report = evaluate(snapshot, file, REAL_CASE_CLASSES);
});

const rate = (n: number, d: number) => (d === 0 ? 1 : n / d);

function answer(bankName: string, branchName: string, context: ResolveContext = 'default') {
  const { answer } = resolve(snapshot, { bankName, branchName, context });
  return { decision: answer.decision, best: answer.best_match ? `${answer.best_match.bank_code}-${answer.best_match.branch_code} ${answer.best_match.branch_name}` : null, reasons: answer.reason_codes };
}

describe('Resolve on names as files hold them: targets', () => {
  it('has every class, at least 30 cases each, from the bundled data', () => {
    assert.equal(file.dataset_version, directory.version);
    for (const cls of REAL_CASE_CLASSES) assert.ok(file.cases.filter((c) => c.class === cls).length >= 30, cls);
    assert.equal(new Set(file.cases.map((c) => c.id)).size, file.cases.length);
  });

  it('never auto-confirms a wrong code, in any context', () => {
    assert.deepEqual(report.wrongAutos.map((r) => `${r.context} ${r.case.id}`), []);
  });

  it('top-1 ≥ 95% for variant kanji and spoken kana, ≥ 90% for noise, codes and former names, in every context', () => {
    const floors: Partial<Record<RealCaseClass, number>> = { variant_kanji: 0.95, spoken_kana: 0.95, noise: 0.9, branch_code: 0.9, former_branch: 0.9 };
    for (const context of RESOLVE_CONTEXTS) {
      for (const [cls, floor] of Object.entries(floors) as [RealCaseClass, number][]) {
        const f = report.byContext[context][cls];
        assert.ok(rate(f.top1, f.answerable) >= floor, `${context} ${cls}: ${f.top1}/${f.answerable}`);
      }
      const all = report.byContext[context].all;
      assert.ok(rate(all.inCandidates, all.answerable) >= 0.97, `${context} in candidates: ${all.inCandidates}/${all.answerable}`);
    }
  });

  it('never auto-confirms a branch code or a former branch name in payment', () => {
    for (const cls of ['branch_code', 'former_branch'] as const) assert.equal(report.byContext.payment[cls].autoConfirmed, 0, cls);
  });

  it('never auto-confirms a former branch name in any context', () => {
    for (const context of RESOLVE_CONTEXTS) assert.equal(report.byContext[context].former_branch.autoConfirmed, 0, context);
  });

  it('answers ≥ 90% of must-not-answer inputs unresolved, and never auto-confirms the rest', () => {
    for (const context of RESOLVE_CONTEXTS) {
      const f = report.byContext[context].must_not_answer;
      assert.ok(f.unresolved / f.cases >= 0.9, `${context}: ${f.unresolved}/${f.cases}`);
      assert.equal(f.wrongAuto, 0, context);
    }
  });

  it('resolves at p95 ≤ 5 ms in-process', () => {
    assert.ok(report.timing.p95 <= 5, `${report.timing.p95} ms`);
  });
});

describe('Resolve on names as files hold them: answers', () => {
  it('variant kanji and joining kana fold to the master form; 國 is never folded', () => {
    assert.deepEqual(answer('髙知銀行', '本店営業部'), { decision: 'auto_confirm', best: '0578-001 本店営業部', reasons: ['generic_branch'] });
    assert.deepEqual(answer('りそな', '市が谷'), { decision: 'auto_confirm', best: '0010-725 市ヶ谷', reasons: [] });
    assert.deepEqual(answer('みずほ', '虎の門'), { decision: 'auto_confirm', best: '0001-' + directory.branches('0001').find((b) => b.name === '虎ノ門')!.code + ' 虎ノ門', reasons: [] });
    assert.equal(answer('中國銀行', '岡山').decision, 'unresolved');
    assert.deepEqual(answer('中国銀行', '本店'), { decision: 'auto_confirm', best: '0168-101 本店営業部', reasons: ['generic_branch'] });
  });

  it('readings as said: long vowels with ー, small kana, half-width, against Zengin large kana', () => {
    assert.deepEqual(answer('みずほ', 'とーきょー'), { decision: 'auto_confirm', best: '0001-001 東京営業部', reasons: [] });
    assert.deepEqual(answer('みずほ', 'ﾄｰｷｮｰ'), { decision: 'auto_confirm', best: '0001-001 東京営業部', reasons: [] });
    assert.deepEqual(answer('みずほ', 'とーきょー', 'payment'), { decision: 'needs_review', best: '0001-001 東京営業部', reasons: ['below_auto_total'] });
  });

  it('designators, codes, brackets and punctuation around the names', () => {
    assert.deepEqual(answer('ｶ)ﾐｽﾞﾎｷﾞﾝｺｳ', 'ｼﾌﾞﾔ'), { decision: 'auto_confirm', best: '0001-210 渋谷', reasons: [] });
    assert.deepEqual(answer('〈株〉三井住友銀行', '新宿支店。'), { decision: 'auto_confirm', best: '0009-221 新宿', reasons: [] });
    assert.deepEqual(answer('0005 三菱UFJ', '[341]新宿'), { decision: 'auto_confirm', best: '0005-341 新宿', reasons: [] });
  });

  it('a code beside a name that names another branch or bank is never auto-confirmed', () => {
    assert.deepEqual(answer('三菱UFJ', '新宿支店（001）'), { decision: 'needs_review', best: '0005-341 新宿', reasons: ['branch_code_mismatch'] });
    assert.deepEqual(answer('0009 みずほ', '渋谷'), { decision: 'needs_review', best: '0001-210 渋谷', reasons: ['bank_code_mismatch'] });
  });

  it('a branch given by its code: answered, with branch_matched_by_code; never auto-confirmed in payment', () => {
    for (const code of ['001', '００１', '店番001', '支店コード 001', 'No.001', '店番号：1']) {
      assert.deepEqual(answer('三菱UFJ銀行', code), { decision: 'auto_confirm', best: '0005-001 本店', reasons: ['branch_matched_by_code'] }, code);
      assert.deepEqual(answer('三菱UFJ銀行', code, 'payment'), { decision: 'needs_review', best: '0005-001 本店', reasons: ['branch_matched_by_code', 'below_auto_total'] }, code);
    }
    assert.deepEqual(answer('みずほ', '店番999'), { decision: 'unresolved', best: null, reasons: ['branch_not_found'] });
    // Japan Post Bank's names are numbers: 018 is still the branch 〇一八, auto-confirmed by name.
    assert.deepEqual(answer('ゆうちょ', '018', 'payment'), { decision: 'auto_confirm', best: '9900-018 〇一八', reasons: [] });
  });

  it('a former branch name: the branch that carries its code today, never auto-confirmed', () => {
    for (const context of RESOLVE_CONTEXTS) {
      assert.deepEqual(answer('いるま野農業協同組合', '小手指', context), { decision: 'needs_review', best: '4735-036 所沢西', reasons: ['branch_former_name', ...(context === 'payment' ? ['below_auto_total' as const] : ['below_auto_total' as const])] }, context);
    }
  });

  it('an exact bank never borrows a near-miss bank’s branch', () => {
    assert.deepEqual(answer('大阪信用金庫', '京橋'), { decision: 'unresolved', best: null, reasons: ['branch_not_found'] });
    assert.deepEqual(answer('みずほ銀行', '火星'), { decision: 'unresolved', best: null, reasons: ['branch_not_found'] });
  });
});

/**
 * The evaluation set (eval/resolve.json, 380 cases from the real data) run in every context.
 * The floors are the figures measured when the set was built (docs/resolve.md#evaluation);
 * wrong auto-confirmations must be zero everywhere.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { CASE_CLASSES, type CaseClass } from '../eval/cases.js';
import { type EvalReport, evaluate, loadEvalFile } from '../eval/evaluate.js';
import { RESOLVE_CONTEXTS } from '../src/resolve/types.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';

let report: EvalReport;
const file = loadEvalFile();

before(() => {
  report = evaluate(bundledSnapshot(), file);
});

const OFFICIAL: readonly CaseClass[] = ['official', 'short_name'];
const VARIANTS: readonly CaseClass[] = ['kana', 'half_width', 'width_script', 'branch_suffix_added', 'branch_suffix_omitted', 'branch_reading_suffix', 'alias', 'jp_numeral', 'generic_branch'];

function sum(context: (typeof RESOLVE_CONTEXTS)[number], classes: readonly CaseClass[], key: 'answerable' | 'top1' | 'autoConfirmed') {
  return classes.reduce((n, c) => n + report.byContext[context][c][key], 0);
}

describe('Resolve evaluation set', () => {
  it('has at least 300 cases from the bundled data, every class present', () => {
    assert.ok(file.cases.length >= 300, `${file.cases.length}`);
    assert.equal(file.dataset_version, bundledDirectory().version);
    for (const cls of CASE_CLASSES) assert.ok(file.cases.some((c) => c.class === cls), cls);
    assert.equal(new Set(file.cases.map((c) => c.id)).size, file.cases.length);
  });

  it('never auto-confirms a wrong code, in any context', () => {
    assert.deepEqual(report.wrongAutos.map((r) => `${r.context} ${r.case.id}`), []);
    for (const context of RESOLVE_CONTEXTS) assert.equal(report.byContext[context].all.wrongAuto, 0, context);
  });

  it('ranks the right answer first: ≥ 99% on official names, ≥ 95% on variants, ≥ 90% on typos', () => {
    for (const context of RESOLVE_CONTEXTS) {
      assert.ok(sum(context, OFFICIAL, 'top1') / sum(context, OFFICIAL, 'answerable') >= 0.99, context);
      assert.ok(sum(context, VARIANTS, 'top1') / sum(context, VARIANTS, 'answerable') >= 0.95, context);
      assert.ok(sum(context, ['typo_branch', 'typo_bank'], 'top1') / sum(context, ['typo_branch', 'typo_bank'], 'answerable') >= 0.9, context);
    }
  });

  it('auto-confirms official names (≥ 90% in default; measured 100%) and never typos or former names', () => {
    assert.ok(sum('default', OFFICIAL, 'autoConfirmed') / sum('default', OFFICIAL, 'answerable') >= 0.9);
    assert.equal(sum('default', OFFICIAL, 'autoConfirmed'), sum('default', OFFICIAL, 'answerable'));
    for (const context of RESOLVE_CONTEXTS) assert.equal(sum(context, ['typo_branch', 'typo_bank', 'former_name'], 'autoConfirmed'), 0, context);
  });

  it('answers every nonexistent name unresolved', () => {
    for (const context of RESOLVE_CONTEXTS) {
      for (const cls of ['nonexistent_bank', 'nonexistent_branch'] as const) {
        const f = report.byContext[context][cls];
        assert.equal(f.unresolved, f.cases, `${context} ${cls}`);
      }
    }
  });

  it('gives the pinned decision for every case (default and payment pinned for all)', () => {
    assert.deepEqual(report.disagreements.map((r) => `${r.context} ${r.case.id}: ${r.decision}`), []);
    assert.equal(report.byContext.default.all.pinned, file.cases.length);
    assert.equal(report.byContext.payment.all.pinned, file.cases.length);
  });
});

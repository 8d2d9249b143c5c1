/**
 * The lineage evaluation (eval/lineage.json: every institution that vanished or merged since
 * 2019 and branches of those mergers, each successor checked by hand once), pinned: the figures
 * `npm run eval` reports (docs/lineage.md#evaluation). Inference must never name a wrong
 * successor; the override table must leave nothing unanswered that was checked.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateLineage, type LineageReport, loadLineageCases, successorOf } from '../eval/lineage-evaluate.js';
import { listingAt } from '../src/lineage/history.js';
import { lineageOf } from '../src/lineage/lineage.js';
import { LINEAGE, LINEAGE_HISTORY } from '../src/lineage/served.js';
import { bundledSnapshot } from './support/app.js';

const snapshot = bundledSnapshot();
const cases = loadLineageCases();
const report: LineageReport = evaluateLineage(lineageOf(snapshot.derive(LINEAGE_HISTORY), []), snapshot.derive(LINEAGE), cases);
const row = (kind: 'institution' | 'branch', how: 'inference' | 'with overrides') => report.rows.find((r) => r.kind === kind && r.how === how)!.score;
const figures = (kind: 'institution' | 'branch', how: 'inference' | 'with overrides') => {
  const s = row(kind, how);
  return { scored: s.scored, withSuccessor: s.withSuccessor, predicted: s.predicted, correct: s.correct, closuresRight: s.closuresRight, closures: s.closures };
};

describe('lineage evaluation', () => {
  it('covers every institution that vanished or merged across the published versions, each once', () => {
    const history = snapshot.derive(LINEAGE_HISTORY);
    const last = history.versions.length - 1;
    const lineage = snapshot.derive(LINEAGE);
    const expected = [...history.banks]
      .filter(([code, listings]) => !listingAt(listings, last) || lineage.bank(code)!.status === 'merged')
      .map(([code]) => code)
      .sort();
    const banks = cases.filter((c) => !c.code.includes('-')).map((c) => c.code);
    assert.deepEqual(banks, expected);
    assert.equal(new Set(cases.map((c) => c.code)).size, cases.length);
    assert.equal(report.unknown, 10);
  });

  it('institutions: the inference names no wrong successor (129 of 140, precision 100%, recall 92.1%); with the override table all 140', () => {
    assert.deepEqual(figures('institution', 'inference'), { scored: 141, withSuccessor: 140, predicted: 129, correct: 129, closuresRight: 1, closures: 1 });
    assert.deepEqual(figures('institution', 'with overrides'), { scored: 141, withSuccessor: 140, predicted: 140, correct: 140, closuresRight: 1, closures: 1 });
    assert.equal(row('institution', 'inference').precision, 1);
    assert.equal(row('institution', 'inference').recall.toFixed(3), '0.921');
  });

  it('branches: 22 of 25 successors by inference, all by the override table, the four closures closed', () => {
    assert.deepEqual(figures('branch', 'inference'), { scored: 29, withSuccessor: 25, predicted: 22, correct: 22, closuresRight: 4, closures: 4 });
    assert.deepEqual(figures('branch', 'with overrides'), { scored: 29, withSuccessor: 25, predicted: 25, correct: 25, closuresRight: 4, closures: 4 });
  });

  it('scores what the lineage answers: a wrong successor counts against precision', () => {
    assert.equal(successorOf(snapshot.derive(LINEAGE).branch('0537', '110')), '0147-110');
    const wrong = evaluateLineage(lineageOf(snapshot.derive(LINEAGE_HISTORY), []), snapshot.derive(LINEAGE), [{ code: '0537-110', expected: '0147-120', evidence: 'test', note: 'deliberately wrong' }]);
    assert.deepEqual([wrong.rows[3]!.score.predicted, wrong.rows[3]!.score.correct, wrong.rows[3]!.score.precision], [1, 0, 0]);
  });
});

/**
 * The romaji evaluation set (eval/romaji.json: 250 freeword and 124 Resolve queries as people
 * write them) on the real data. The floors are the figures measured when the set was built
 * (docs/freeword.md#romaji); wrong auto-confirmations must be zero in every context.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { evaluateRomaji, loadRomajiEvalFile, type RomajiReport } from '../eval/romaji-evaluate.js';
import { RESOLVE_CONTEXTS } from '../src/resolve/types.js';
import { bundledSnapshot } from './support/app.js';

const file = loadRomajiEvalFile();
let report: RomajiReport;

before(() => {
  report = evaluateRomaji(bundledSnapshot(), file);
});

describe('romaji evaluation set', () => {
  it('has at least 150 queries generated from the data plus hand-written ones', () => {
    assert.equal(file.dataset_version, bundledSnapshot().version);
    assert.ok(file.freeword.filter((c) => c.source === 'generated').length >= 150);
    assert.ok(file.freeword.some((c) => c.source === 'hand') && file.resolve.some((c) => c.source === 'hand'));
    assert.equal(new Set(file.resolve.map((c) => c.id)).size, file.resolve.length);
  });

  it('finds the meant record first in freeword (measured: 249/250), always within five', () => {
    const all = report.freeword.all!;
    assert.equal(all.cases, 250);
    assert.ok(all.at1 >= 249, `recall@1 ${all.at1}/${all.cases}`);
    assert.equal(all.at5, all.cases);
    assert.equal(all.none, 0);
  });

  it('ranks the right answer first in Resolve (measured: 123/124) and never auto-confirms a wrong one', () => {
    for (const context of RESOLVE_CONTEXTS) {
      const f = report.resolve[context];
      assert.ok(f.top1 >= 123, `${context} top-1 ${f.top1}/${f.cases}`);
      assert.equal(f.wrongAuto, 0, context);
    }
    assert.equal(report.resolve.payment.autoConfirmed, 0);
    assert.ok(report.resolve.default.autoConfirmed >= 115, `default auto-confirm ${report.resolve.default.autoConfirmed}`);
  });
});

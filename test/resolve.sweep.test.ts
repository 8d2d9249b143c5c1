/**
 * Every record of the bundled data, typed the ways people type it: the matcher must never
 * auto-confirm another record, and must auto-confirm nearly all of them (the exceptions are
 * counted exactly, so a change in behaviour shows here).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Bank, Branch } from '../src/domain/types.js';
import { resolve } from '../src/resolve/resolve.js';
import { resolveIndex, warmResolveIndex } from '../src/resolve/resolve-index.js';
import type { ResolveContext } from '../src/resolve/types.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';

const directory = bundledDirectory();
const snapshot = bundledSnapshot();
warmResolveIndex(snapshot);
/** Codes upstream still lists that the lineage carried on (3652-100): never auto-confirmed (docs/resolve.md#former-bank-names). */
const moved = (bank: Bank, branch: Branch) => resolveIndex(snapshot).moved(bank.code, branch.code);

function sweep(form: (bank: Bank, branch: Branch) => [string, string], context: ResolveContext, every = 1) {
  let cases = 0;
  let carriedOn = 0;
  let auto = 0;
  const wrong: string[] = [];
  let i = 0;
  for (const bank of directory.banks) {
    for (const branch of directory.branches(bank.code)) {
      if (i++ % every !== 0) continue;
      const [bankName, branchName] = form(bank, branch);
      const { answer } = resolve(snapshot, { bankName, branchName, context });
      cases++;
      if (moved(bank, branch)) carriedOn++;
      if (answer.decision !== 'auto_confirm') continue;
      auto++;
      if (answer.best_match!.bank_code !== bank.code || answer.best_match!.branch_code !== branch.code || moved(bank, branch)) wrong.push(`${bankName} / ${branchName} → ${answer.best_match!.bank_code}-${answer.best_match!.branch_code}`);
    }
  }
  return { cases, carriedOn, auto, wrong };
}

describe('every record, as typed', () => {
  it('official names: all auto-confirmed in default but 0489\'s two branches named 東京 and the codes carried on; generic names reviewed in payment', () => {
    const d = sweep((b, r) => [b.name, r.name], 'default');
    assert.deepEqual(d, { cases: 28_944, carriedOn: 80, auto: 28_862, wrong: [] });
    const p = sweep((b, r) => [b.name, r.name], 'payment');
    assert.deepEqual(p, { cases: 28_944, carriedOn: 80, auto: 27_778, wrong: [] });
  });

  it('readings in hiragana and half-width kana: never a wrong record', () => {
    for (const context of ['default', 'payment'] as const) {
      assert.deepEqual(sweep((b, r) => [b.hiragana, r.hiragana], context, 3).wrong, [], context);
      assert.deepEqual(sweep((b, r) => [b.halfWidthKana, r.halfWidthKana], context, 3).wrong, [], context);
    }
  });

  it('branch names with 支店 added: auto-confirmed in default, reviewed in payment (JP Bank numerals aside)', () => {
    const d = sweep((b, r) => [b.name, r.name + '支店'], 'default', 3);
    assert.deepEqual(d.wrong, []);
    assert.ok(d.auto / (d.cases - d.carriedOn) > 0.999, `${d.auto}/${d.cases - d.carriedOn}`);
    const p = sweep((b, r) => [b.name, r.name + '支店'], 'payment', 3);
    assert.deepEqual(p.wrong, []);
    assert.ok(p.auto <= 94, `${p.auto}`);
  });
});

/**
 * Resolve with former bank names from the lineage (docs/resolve.md#former-bank-names): a bank
 * merged or renamed since 2019, with one of its branch names, resolves to the branch that
 * carries it today, with bank_former_name (and branch_former_name where the branch's name
 * changed), never auto-confirmed in any context.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formerInstitutions } from '../src/lineage/former-institutions.js';
import { LINEAGE } from '../src/lineage/served.js';
import { resolve } from '../src/resolve/resolve.js';
import { RESOLVE_CONTEXTS } from '../src/resolve/types.js';
import { bundledSnapshot } from './support/app.js';

const snapshot = bundledSnapshot();

/** The answer in every context: the same best match and reasons, never auto-confirmed. */
function answer(bankName: string, branchName: string): { best: string; reasons: readonly string[] } {
  const answers = RESOLVE_CONTEXTS.map((context) => resolve(snapshot, { bankName, branchName, context }).answer);
  for (const a of answers) assert.notEqual(a.decision, 'auto_confirm', `${bankName} ${branchName}`);
  const summaries = answers.map((a) => ({ best: a.best_match ? `${a.best_match.bank_code}-${a.best_match.branch_code} ${a.best_match.branch_name}` : '–', reasons: a.reason_codes }));
  for (const summary of summaries.slice(1)) assert.deepEqual(summary, summaries[0], `${bankName} ${branchName} in every context`);
  return summaries[0]!;
}

describe('former bank names from the lineage', () => {
  it('中京銀行 今池 is あいち銀行 111 今池中央 (renamed in the merger), not あいち銀行 206 今池', () => {
    assert.deepEqual(answer('中京銀行', '今池'), { best: '0542-111 今池中央', reasons: ['bank_former_name', 'branch_former_name', 'below_auto_total'] });
    assert.equal(resolve(snapshot, { bankName: '中京銀行', branchName: '今池', context: 'payment' }).answer.decision, 'needs_review');
  });

  it('福邦銀行 春江 (its name before 2025) is 福井銀行 110 春江中央, in writing and in reading', () => {
    assert.deepEqual(answer('福邦銀行', '春江'), { best: '0147-110 春江中央', reasons: ['bank_former_name', 'branch_former_name', 'below_auto_total'] });
    assert.deepEqual(answer('ふくほうぎんこう', 'はるえ'), { best: '0147-110 春江中央', reasons: ['bank_former_name', 'branch_former_name', 'below_auto_total'] });
    assert.deepEqual(answer('福邦銀行', '春江中央'), { best: '0147-110 春江中央', reasons: ['bank_former_name', 'below_auto_total'] });
  });

  it('institutions the curated aliases do not know: 日生信用金庫 三石, 福井市南部農協 文殊 (now 音楽堂前)', () => {
    assert.deepEqual(answer('日生信用金庫', '三石'), { best: '1743-102 三石', reasons: ['bank_former_name', 'below_auto_total'] });
    assert.deepEqual(answer('ひなせしんきん', 'みついし'), { best: '1743-102 三石', reasons: ['bank_former_name', 'below_auto_total'] });
    assert.deepEqual(answer('福井市南部農協', '文殊'), { best: '6785-061 音楽堂前', reasons: ['bank_former_name', 'branch_former_name', 'below_auto_total'] });
  });

  it('a renamed bank keeps its branches: 住信SBIネット銀行 イチゴ is ドコモＳＭＴＢネット銀行 101 イチゴ', () => {
    assert.deepEqual(answer('住信SBIネット銀行', 'イチゴ'), { best: '0038-101 イチゴ', reasons: ['bank_former_name', 'below_auto_total'] });
  });

  it('where no branch of the former bank carries the name, the successor own branches are searched: 長野銀行 松本駅前', () => {
    assert.deepEqual(answer('長野銀行', '松本駅前'), { best: '0143-412 松本駅前', reasons: ['bank_former_name', 'below_auto_total'] });
  });

  it('a branch of the former bank that closed later: the successor own branch of that name, for review (日生信用金庫 伊里: 1743-103 伊里中央 closed in 2021)', () => {
    assert.deepEqual(answer('日生信用金庫', '伊里'), { best: '1743-002 伊里', reasons: ['bank_former_name', 'below_auto_total'] });
    assert.equal(snapshot.derive(LINEAGE).branch('1742', '003')!.status, 'closed');
  });

  it('a name still listed is that institution, but a code the lineage carried on is never auto-confirmed: 名取岩沼農協 増田 is 3652-100, code_moved', () => {
    assert.deepEqual(answer('名取岩沼農協', '増田'), { best: '3652-100 増田', reasons: ['code_moved'] });
    assert.deepEqual(answer('なとりいわぬまのうきょう', 'ますだ'), { best: '3652-100 増田', reasons: ['code_moved'] });
    const a = resolve(snapshot, { bankName: '名取岩沼農協', branchName: '増田', context: 'payment' }).answer;
    assert.equal(a.decision, 'needs_review');
    assert.equal(a.reason_summary_ja, 'この金融機関・支店のコードは他のコードに引き継がれています（元のデータには残っています）。引き継ぎ先のコードを確認してください。');
    // The branch it moved to resolves as itself.
    const today = resolve(snapshot, { bankName: '仙台農協', branchName: '増田', context: 'payment' }).answer;
    assert.deepEqual([today.decision, today.best_match?.bank_code, today.best_match?.branch_code, today.reason_codes], ['auto_confirm', '3636', '806', []]);
  });

  it("a main office asked of a former bank is that bank's head office, by the names it carried there: 北越銀行 本店 is 0140-020 長岡本店営業部, not 第四北越銀行's own", () => {
    for (const branch of ['本店', 'ほんてん']) assert.deepEqual(answer('北越銀行', branch), { best: '0140-020 長岡本店営業部', reasons: ['bank_former_name', 'generic_branch', 'below_auto_total'] }, branch);
    // A former bank whose head office had a main-office name keeps it: 中京銀行 本店 is 0542-201 本店営業部.
    assert.equal(resolve(snapshot, { bankName: '中京銀行', branchName: '本店' }).answer.best_match?.branch_code, '201');
  });

  it('no former name is the name of an institution listed today', () => {
    const lineage = snapshot.derive(LINEAGE);
    const today = new Set(snapshot.directory.banks.map((b) => b.name));
    const former = formerInstitutions(lineage);
    assert.ok(former.length > 100, `${former.length}`);
    for (const f of former) for (const n of f.names) assert.ok(!today.has(n.name), `${f.code} ${n.name}`);
  });
});

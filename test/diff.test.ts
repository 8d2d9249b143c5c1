/** The snapshot diff against the real dated zengin-code versions, checked by an independent diff of the raw data. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildDirectory } from '../src/dataset/build.js';
import { type ChangeDraft, diffDirectories } from '../src/dataset/diff.js';
import type { Directory } from '../src/dataset/directory.js';
import { installedPackageDir, readZenginPackage } from '../src/dataset/zengin.js';
import { independentCounts, PACKAGES, raw } from './support/raw-diff.js';

const directories = new Map<string, Directory>();
const directory = (pkg: string) => {
  if (!directories.has(pkg)) directories.set(pkg, buildDirectory(readZenginPackage(installedPackageDir(pkg))));
  return directories.get(pkg)!;
};

function countsOf(changes: readonly ChangeDraft[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of changes) counts[`${c.resourceType}:${c.changeType}`] = (counts[`${c.resourceType}:${c.changeType}`] ?? 0) + 1;
  return counts;
}

describe('snapshot diff on the real versions', () => {
  for (let i = 1; i < PACKAGES.length; i++) {
    const from = PACKAGES[i - 1]!;
    const to = PACKAGES[i]!;
    it(`${from} → ${to}: counts per resource and type equal an independent diff of the raw data`, () => {
      assert.deepEqual(countsOf(diffDirectories(directory(from), directory(to))), independentCounts(raw(from), raw(to)));
    });
  }

  it('reports 0010-725 市ケ谷 → 市ヶ谷 as a rename on 2026-03-31 with its field changes', () => {
    const change = diffDirectories(directory(PACKAGES[0]!), directory(PACKAGES[1]!)).find((c) => c.bankCode === '0010' && c.branchCode === '725');
    assert.deepEqual(change, {
      resourceType: 'branch',
      changeType: 'renamed',
      bankCode: '0010',
      bankName: 'りそな銀行',
      branchCode: '725',
      branchName: '市ヶ谷',
      before: { code: '725', name: '市ケ谷', halfWidthKana: 'ｲﾁｶﾞﾔ', fullWidthKana: 'イチガヤ', hiragana: 'いちがや' },
      after: { code: '725', name: '市ヶ谷', halfWidthKana: 'ｲﾁｶﾞﾔ', fullWidthKana: 'イチガヤ', hiragana: 'いちがや' },
      changedFields: ['name'],
      fieldChanges: [{ field: 'name', before: '市ケ谷', after: '市ヶ谷' }],
      reasonLabelJa: '支店名の変更',
    });
  });

  it('reports the institutions removed on 2026-05-24 with their branches', () => {
    const changes = diffDirectories(directory(PACKAGES[1]!), directory(PACKAGES[2]!));
    const removedBanks = changes.filter((c) => c.resourceType === 'bank' && c.changeType === 'removed');
    const expected = Object.keys(raw(PACKAGES[1]!)).filter((code) => !raw(PACKAGES[2]!)[code]).sort();
    assert.deepEqual(removedBanks.map((c) => c.bankCode), expected);
    assert.equal(expected.length, 5);
    for (const bank of removedBanks) {
      assert.deepEqual(bank.after, {});
      assert.equal(bank.reasonLabelJa, '金融機関の廃止');
      const branches = changes.filter((c) => c.bankCode === bank.bankCode && c.resourceType === 'branch');
      assert.equal(branches.length, Object.keys(raw(PACKAGES[1]!)[bank.bankCode]!.branches).length);
      assert.ok(branches.every((c) => c.changeType === 'removed'));
    }
    const kurume = changes.find((c) => c.resourceType === 'bank' && c.bankCode === '8660');
    assert.equal(kurume?.changeType, 'renamed');
    assert.deepEqual(kurume?.fieldChanges.find((f) => f.field === 'name'), { field: 'name', before: '久留米市農業協同組合', after: '福岡久留米市農業協同組合' });
  });

  it('detects a code change within one bank', () => {
    const a = buildDirectory({ effectiveDate: '2026-01-01', institutions: [{ code: '0001', name: 'みずほ', kana: 'ミズホ', branches: [{ code: '101', name: '渋谷', kana: 'シブヤ' }, { code: '102', name: '原宿', kana: 'ハラジユク' }] }] });
    const b = buildDirectory({ effectiveDate: '2026-02-01', institutions: [{ code: '0001', name: 'みずほ', kana: 'ミズホ', branches: [{ code: '201', name: '渋谷', kana: 'シブヤ' }, { code: '102', name: '原宿', kana: 'ハラジユク' }] }] });
    const changes = diffDirectories(a, b);
    assert.deepEqual(changes.map((c) => [c.changeType, c.branchCode, c.changedFields]), [['code_changed', '201', ['code']]]);
    assert.equal(changes[0]!.before.code, '101');
    assert.equal(changes[0]!.reasonLabelJa, '支店コードの変更');
  });

  it('makes everything an addition for the baseline', () => {
    const changes = diffDirectories(undefined, directory(PACKAGES[0]!));
    assert.deepEqual(countsOf(changes), { 'bank:added': 1152, 'branch:added': 28974 });
  });
});

/**
 * Branch readings with their office suffix (docs/readings.md), over every branch of the newest
 * bundled version: the exact list of names the rule changes, the places it must leave alone,
 * and search by the short reading in freeword and Resolve.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { BRANCH_SUFFIX_RULES, fullBranchReading, shortBranchReading } from '../src/domain/branch-readings.js';
import { toHalfWidthKana, katakanaToHiragana, widenAscii } from '../src/domain/kana.js';
import { installedPackageDir, readZenginPackage } from '../src/dataset/zengin.js';
import { branchesCsv } from '../src/dataset/master-csv.js';
import { resolve } from '../src/resolve/resolve.js';
import { bundledDirectory, bundledSnapshot, getJson, startTestApp, type TestApp } from './support/app.js';

const LIST = new URL('./fixtures/branch-readings-p20260824.tsv', import.meta.url);

describe('branch readings over all 28,944 branches', () => {
  const raw = readZenginPackage(installedPackageDir('zengin-code'));
  const directory = bundledDirectory();

  it('changes exactly the listed names, and nothing else', () => {
    const changed: string[] = [];
    let branches = 0;
    for (const inst of raw.institutions) {
      const derived = new Map(directory.branches(inst.code).map((b) => [b.code, b]));
      for (const b of inst.branches) {
        branches++;
        const fullWidthKana = derived.get(b.code)!.fullWidthKana;
        if (fullWidthKana !== widenAscii(b.kana)) changed.push(`${inst.code}-${b.code}\t${b.name}\t${b.kana}\t${fullWidthKana}`);
      }
    }
    assert.equal(branches, 28_944);
    const [header, ...listed] = readFileSync(LIST, 'utf8').trimEnd().split('\n');
    assert.equal(header, 'branch\tname\tmaster kana\tderived fullWidthKana');
    assert.equal(changed.length, 1_605);
    assert.deepEqual(changed, listed);
  });

  it('counts by suffix as docs/readings.md says', () => {
    const counts: Record<string, number> = {};
    for (const inst of raw.institutions) {
      for (const b of inst.branches) {
        if (fullBranchReading(b.name, b.kana) === b.kana) continue;
        const rule = BRANCH_SUFFIX_RULES.find((r) => b.name.endsWith(r.suffix))!;
        counts[rule.suffix] = (counts[rule.suffix] ?? 0) + 1;
      }
    }
    assert.deepEqual(counts, { 出張所: 1009, 営業部: 532, 代理店: 48, 特別出張所: 10, 事務所: 2, 営業センター: 1, 営業店: 1, 営業本部: 1, 本部: 1 });
  });

  it('reads 0001-001 東京営業部 in all three forms as the production service does', () => {
    const branch = directory.branches('0001').find((b) => b.code === '001')!;
    assert.deepEqual(
      { name: branch.name, halfWidthKana: branch.halfWidthKana, fullWidthKana: branch.fullWidthKana, hiragana: branch.hiragana },
      { name: '東京営業部', halfWidthKana: 'ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ', fullWidthKana: 'トウキヨウエイギヨウブ', hiragana: 'とうきようえいぎようぶ' },
    );
    const sample = (code: string, branchCode: string) => directory.branches(code).find((b) => b.code === branchCode)!.fullWidthKana;
    assert.equal(sample('1001', '001'), 'ホンテンエイギヨウブ'); // 本店営業部, master ホンテン
    assert.equal(sample('0005', '494'), 'ニシアカシトクベツシユツチヨウジヨ'); // 西明石特別出張所
    assert.equal(sample('1356', '060'), 'イタバシミナミエイギヨウセンタ－'); // 板橋南営業センター, master already reads 営業
    assert.equal(sample('0421', '002'), 'オオサカチユウザイインジムシヨ'); // cut at 15 cells after ジム: completed, not repeated
  });

  it('keeps names that are the suffix alone, and readings that already read the suffix', () => {
    const sample = (code: string, branchCode: string) => directory.branches(code).find((b) => b.code === branchCode)!;
    assert.deepEqual([sample('9375', '109').name, sample('9375', '109').fullWidthKana], ['本部', 'モトブ']);
    assert.deepEqual([sample('0187', '401').name, sample('0187', '401').fullWidthKana], ['本部', 'モトブ']);
    assert.deepEqual([sample('0005', '321').name, sample('0005', '321').fullWidthKana], ['東京営業部', 'トウキヨウエイギヨウブ']);
    assert.deepEqual([sample('7532', '199').name, sample('7532', '199').fullWidthKana], ['わかやま地域本部', 'ワカヤマチイキホンブ']);
    // 長万部 ends in 部, not in an office suffix.
    assert.equal(sample('1001', '127').fullWidthKana, 'オシヤマンベ');
  });

  it('reads the public test suite\'s 東京都庁公営企業出張所 as recorded', () => {
    assert.equal(toHalfWidthKana(fullBranchReading('東京都庁公営企業出張所', 'トウキヨウトチヨウコウエイキギヨウ')), 'ﾄｳｷﾖｳﾄﾁﾖｳｺｳｴｲｷｷﾞﾖｳｼﾕﾂﾁﾖｳｼﾞﾖ');
    assert.equal(katakanaToHiragana(fullBranchReading('あけぼの出張所', 'アケボノ')), 'あけぼのしゆつちようじよ');
  });

  it('is idempotent and its short form gives back the master reading', () => {
    for (const inst of raw.institutions) {
      for (const b of inst.branches) {
        const full = fullBranchReading(b.name, b.kana);
        assert.equal(fullBranchReading(b.name, full), full, `${inst.code}-${b.code}`);
      }
    }
    assert.equal(shortBranchReading('東京営業部', 'トウキヨウエイギヨウブ'), 'トウキヨウ');
    assert.equal(shortBranchReading('本部', 'ホンブ'), 'ホンブ');
    assert.equal(shortBranchReading('新宿', 'シンジユク'), 'シンジユク');
  });
});

describe('the full reading in every view', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('v1, v2 and v3 answer 0001-001 with the suffix read', async () => {
    for (const url of ['/v1/banks/0001/branches/001', '/v2/banks/0001/branches/001', '/v3/banks/0001/branches/001']) {
      const body = JSON.stringify((await getJson(t, url)).body);
      assert.match(body, /"halfWidthKana":"ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ","fullWidthKana":"トウキヨウエイギヨウブ","hiragana":"とうきようえいぎようぶ"/, url);
    }
  });

  it('the Master Export lists the full reading', () => {
    const lines = branchesCsv(bundledDirectory()).split(/\r?\n/);
    assert.ok(lines.includes('0001,001,東京営業部,ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ,トウキヨウエイギヨウブ,とうきようえいぎようぶ'), lines.find((l) => l.startsWith('0001,001,')));
  });
});

describe('search by the short reading', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const branchCodes = async (bankCode: string, query: string) =>
    ((await getJson(t, `/v3/freeword/banks/${bankCode}/branches?limit=2000&fields=code&freeword=${encodeURIComponent(query)}`)).body as { branches: { code: string }[] }).branches.map((b) => b.code);

  it('freeword finds 東京営業部 and あけぼの出張所 by the short and the full reading', async () => {
    for (const query of ['とうきょう', 'トウキヨウ', 'とうきょうえいぎょうぶ', 'ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ']) assert.ok((await branchCodes('0001', query)).includes('001'), query);
    for (const query of ['あけぼの', 'あけぼのしゅっちょうじょ']) assert.deepEqual(await branchCodes('1001', query), ['117'], query);
  });

  it('Resolve confirms 東京営業部 from the short reading, the full reading and the name', () => {
    for (const branchName of ['とうきょう', 'とうきょうえいぎょうぶ', 'トウキヨウエイギヨウブ', '東京営業部']) {
      const { answer } = resolve(bundledSnapshot(), { bankName: 'みずほ銀行', branchName });
      assert.deepEqual([answer.decision, answer.best_match], ['auto_confirm', { bank_code: '0001', bank_name: 'みずほ銀行', branch_code: '001', branch_name: '東京営業部' }], branchName);
    }
  });
});

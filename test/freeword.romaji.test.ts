/** Freeword search from romaji (docs/freeword.md#romaji) over HTTP on the real data. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cpuMs } from '../src/search/filter-budget.js';
import { latinReadings } from '../src/domain/romaji/latin-readings.js';
import { bankSpokenForms, branchSpokenForms, spokenKeysOf } from '../src/domain/romaji/spoken-forms.js';
import type { Bank, Branch } from '../src/domain/types.js';
import { freewordIndexOf, normalizeFreeword } from '../src/search/freeword/index.js';
import { rankKeys } from '../src/search/freeword/rank.js';
import { literalRank, NO_SPOKEN_MATCH, rankSpoken } from '../src/search/freeword/romaji-rank.js';
import { bankKeys, branchKeys } from '../src/search/freeword/written-forms.js';
import { bundledSnapshot, getJson, type TestApp, startTestApp } from './support/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const u = encodeURIComponent;
type Page = { banks?: { code: string }[]; branches?: { code: string }[] };
const bankCodes = async (query: string, extra = '') => ((await getJson(t, `/v3/freeword/banks?limit=2000&fields=code&freeword=${u(query)}${extra}`)).body as Page).banks!.map((b) => b.code);
const branchCodes = async (bankCode: string, query: string) =>
  ((await getJson(t, `/v3/freeword/banks/${bankCode}/branches?limit=2000&fields=code&freeword=${u(query)}`)).body as Page).branches!.map((b) => b.code);

describe('freeword from romaji', () => {
  it('finds the big banks from their romaji, English and brand names', async () => {
    assert.deepEqual(await bankCodes('mizuho'), ['0001', '0289', '4859']);
    assert.deepEqual(await bankCodes('Mizuho Bank'), ['0001']);
    assert.deepEqual(await bankCodes('mitsui sumitomo'), ['0009', '0294']);
    assert.deepEqual(await bankCodes('Sumitomo Mitsui'), ['0009', '0294']);
    assert.deepEqual(await bankCodes('Japan Post Bank'), ['9900']);
    assert.deepEqual(await bankCodes('PayPay'), ['0033']);
    assert.deepEqual(await bankCodes('SBI'), ['0397']);
    assert.deepEqual(await bankCodes('ufj'), ['0005', '0288']);
    assert.deepEqual(await bankCodes('resona'), ['0010', '0017']);
    assert.deepEqual(await bankCodes('Tokyo Star Bank'), ['0526']);
  });

  it('finds institutions by romaji of the type and the JA prefix', async () => {
    assert.deepEqual(await bankCodes('Hokkaido Shinkin'), ['1001']);
    assert.deepEqual(await bankCodes('hokkaido-shinkin-bank'), ['1001']);
    assert.deepEqual((await bankCodes('hokkaido')).slice(0, 3), ['0116', '1001', '2951']);
    assert.deepEqual(await bankCodes('JA Sagami'), ['5131', '5159']);
  });

  it('keeps the business type filter', async () => {
    assert.deepEqual(await bankCodes('yokohama', '&businessTypeCode=01100'), ['1280']);
    assert.deepEqual(await bankCodes('yokohama', '&businessTypeCode=00300'), ['0138']);
  });

  it('finds branches from every long-vowel spelling, exact reading first', async () => {
    for (const q of ['tokyo', 'toukyou', 'tōkyō', 'Tokyoh']) assert.deepEqual((await branchCodes('0001', q)).slice(0, 3), ['001', '078', '110'], q);
    assert.deepEqual(await branchCodes('0001', 'Shinjuku'), ['240', '066', '069', '093', '209', '353']);
    assert.deepEqual(await branchCodes('0001', 'shinjuku branch'), ['240']);
    assert.deepEqual(await branchCodes('0001', 'shimbashi'), ['130', '051']);
    assert.deepEqual(await branchCodes('0001', 'kichijoji'), ['246']);
    assert.deepEqual(await branchCodes('0005', 'Tokyo Eigyobu'), ['321']);
  });

  it('ranks the reading spelled exactly before the one met with long vowels folded', async () => {
    // みずほ銀行: 小山 オヤマ (708) and 大山 オオヤマ (628) are both `oyama` to a person typing;
    // `oyama` spells オヤマ exactly, `ōyama`, `ohyama` and `ooyama` spell オオヤマ.
    assert.deepEqual((await branchCodes('0001', 'oyama')).slice(0, 2), ['708', '628']);
    for (const q of ['ōyama', 'Ohyama', 'ooyama']) assert.deepEqual((await branchCodes('0001', q)).slice(0, 2), ['628', '708'], q);
    // A whole reading met loosely still ranks before a prefix: もみじ銀行 大野出張所 オオノ before 尾道 オノミチ.
    assert.deepEqual(await branchCodes('0569', 'ono'), ['191', '436', '809']);
  });

  it('matches inside a reading only where a syllable starts', async () => {
    // しののめ信用金庫 (shi-no-no-me) holds the letters o-n-o across syllables only.
    assert.equal((await bankCodes('ono')).includes('1211'), false);
    assert.equal((await bankCodes('nonome')).includes('1211'), true);
  });

  it('does not read one or two letters as romaji', async () => {
    assert.deepEqual(await bankCodes('ka'), []);
  });

  it('ranks only the records a query can match, with the answer of ranking every record', () => {
    // The index ranks the candidates of its haystacks (freeword-index.ts: romajiCandidates);
    // here every record is ranked, as docs/freeword.md#romaji defines the order.
    const everyRecord = <T>(records: readonly T[], keys: (r: T) => string[], spoken: (r: T) => ReturnType<typeof spokenKeysOf>, query: string): T[] => {
      const readings = latinReadings(query);
      const literal = query.replaceAll(' ', '');
      const tiers: T[][] = Array.from({ length: NO_SPOKEN_MATCH }, () => []);
      for (const r of records) {
        const rank = Math.min(literalRank(rankKeys(keys(r), literal)), rankSpoken(spoken(r), readings));
        if (rank !== NO_SPOKEN_MATCH) tiers[rank]!.push(r);
      }
      return tiers.flat();
    };
    const snapshot = bundledSnapshot();
    const index = freewordIndexOf(snapshot);
    const { banks } = snapshot.directory;
    const bankSpoken = (b: Bank) => spokenKeysOf(bankSpokenForms(b));
    const branchSpoken = (b: Branch) => spokenKeysOf(branchSpokenForms(b));
    // Brand words, romaji of types and places, prefixes of readings, long vowels both ways.
    const bankQueries = ['pay', 'paypay', 'smbc', 'sbi', 'gmo', 'ufj', 'aeon', 'rakuten', 'shinkin', 'ja sagami', 'tokyo', 'osaka', 'oosaka', 'hokkaido', 'kyoto shinkin', 'chuo', 'ono', 'hiro', 'mizu'];
    let compared = 0;
    for (const q of bankQueries.map(normalizeFreeword)) {
      const expected = everyRecord(banks, bankKeys, bankSpoken, q).map((b) => b.code);
      assert.deepEqual(index.searchBanks(q).map((b) => b.code), expected, q);
      if (expected.length > 0) compared++;
    }
    assert.ok(compared >= 15, `${compared} bank queries with matches`);
    const branchQueries = ['shinjuku', 'honten', 'eki', 'minami', 'kita', 'ono', 'oyama', 'ooyama', 'tokyo', 'umeda', 'shibuya', 'sapporo'];
    compared = 0;
    for (const bank of ['0001', '0005', '0009', '0116', '1001', '2951']) {
      const branches = snapshot.directory.branches(bank);
      for (const q of branchQueries.map(normalizeFreeword)) {
        const expected = everyRecord(branches, branchKeys, branchSpoken, q).map((b) => `${b.code} ${b.name}`);
        assert.deepEqual(index.searchBranches(bank, q).map((b) => `${b.code} ${b.name}`), expected, `${bank} ${q}`);
        if (expected.length > 0) compared++;
      }
    }
    assert.ok(compared >= 30, `${compared} branch queries with matches`);
  });

  it('answers romaji queries in-process within the freeword budget', () => {
    const index = freewordIndexOf(bundledSnapshot());
    const queries = ['tokyo', 'shinjuku', 'mizuho bank', 'hokkaido shinkin', 'ōsaka', 'marunouchi'];
    // One round unmeasured: the records' spoken keys are made on the first romaji query that
    // needs them, once (freeword-index.ts), a cost of building the index, not of a query.
    for (const q of queries) {
      index.searchBranches('0005', normalizeFreeword(q));
      index.searchBanks(normalizeFreeword(q));
    }
    const times: number[] = [];
    for (let round = 0; round < 50; round++) {
      for (const q of queries) {
        const started = cpuMs();
        index.searchBranches('0005', normalizeFreeword(q));
        index.searchBanks(normalizeFreeword(q));
        times.push(cpuMs() - started);
      }
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)]!;
    // Measured alone: p50 0.09 ms (0.5 ms while every record was ranked); the bound is the one
    // of test/freeword.test.ts.
    assert.ok(p99 < 10, `p99 ${p99.toFixed(3)} ms of CPU`);
  });
});

/**
 * Lineage (docs/lineage.md) on the real published versions: the events the issue names, a code
 * never seen, a closed branch, renames, code changes, the override table, and the extension by
 * newer versions (as `ginko import` and `ginko update` bring them, through the store).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildDirectory } from '../src/dataset/build.js';
import { Snapshot } from '../src/dataset/snapshot.js';
import { readZenginPackage } from '../src/dataset/zengin.js';
import { extendHistory } from '../src/lineage/history.js';
import { lineageOf } from '../src/lineage/lineage.js';
import { readOverrides } from '../src/lineage/overrides.js';
import { buildTimeHistory, LINEAGE, LINEAGE_HISTORY } from '../src/lineage/served.js';
import type { LineageRecord } from '../src/lineage/types.js';
import { importSnapshot } from '../src/history/importer.js';
import { LiveDataset } from '../src/history/live-dataset.js';
import { readDatasetSource } from '../src/dataset/sources.js';
import { openStore } from '../src/store/open.js';
import type { RawData } from './support/raw-diff.js';
import { seedTestStore } from './support/seed.js';
import { useTempDirs } from './support/temp-dirs.js';
import { writeZenginPackage } from './support/zengin-fixture.js';

const tempDir = useTempDirs('ginko-lineage-');
const lineage = lineageOf(buildTimeHistory(), readOverrides());

const bank = (bank_code: string, bank_name: string): LineageRecord => ({ bank_code, bank_name, branch_code: null, branch_name: null });
const branch = (bank_code: string, bank_name: string, branch_code: string, branch_name: string): LineageRecord => ({ bank_code, bank_name, branch_code, branch_name });
const FUKUHO = '福邦銀行';
const FUKUI = '福井銀行';

describe('lineage of the published versions', () => {
  it('0537-110: 福邦銀行 春江 renamed 春江中央, merged into 0147-110 福井銀行 when that version shows it, then removed upstream', () => {
    assert.deepEqual(lineage.branch('0537', '110'), {
      bank_code: '0537',
      branch_code: '110',
      status: 'merged',
      current: null,
      successor: branch('0147', FUKUI, '110', '春江中央'),
      since: '2026-05-24',
      events: [
        { effective_date: '2025-06-29', change_type: 'renamed', before: branch('0537', FUKUHO, '110', '春江'), after: branch('0537', FUKUHO, '110', '春江中央') },
        { effective_date: '2026-05-24', change_type: 'merged', before: branch('0537', FUKUHO, '110', '春江中央'), after: branch('0147', FUKUI, '110', '春江中央') },
        { effective_date: '2026-06-30', change_type: 'removed', before: branch('0537', FUKUHO, '110', '春江中央'), after: null },
      ],
    });
  });

  it('0537: 福邦銀行 merged into 福井銀行 since 2026-05-24, every one of its 38 branches with its successor under the same code', () => {
    assert.deepEqual(lineage.bank('0537'), {
      bank_code: '0537',
      branch_code: null,
      status: 'merged',
      current: null,
      successor: bank('0147', FUKUI),
      since: '2026-05-24',
      events: [
        { effective_date: '2026-05-24', change_type: 'merged', before: bank('0537', FUKUHO), after: bank('0147', FUKUI) },
        { effective_date: '2026-06-30', change_type: 'removed', before: bank('0537', FUKUHO), after: null },
      ],
    });
    const listed = [...buildTimeHistory().branches.get('0537')!].filter(([, l]) => l.some((x) => x.to === 13)).map(([code]) => code);
    assert.equal(listed.length, 38);
    for (const code of listed) {
      const answer = lineage.branch('0537', code)!;
      assert.equal(answer.status, 'merged', code);
      assert.equal(answer.successor?.bank_code, '0147', code);
      assert.equal(answer.successor?.branch_code, code, code);
    }
  });

  it('0038: renamed ドコモＳＭＴＢネット銀行 in p20260824', () => {
    assert.deepEqual(lineage.bank('0038'), {
      bank_code: '0038',
      branch_code: null,
      status: 'renamed',
      current: bank('0038', 'ドコモＳＭＴＢネット銀行'),
      successor: null,
      since: '2026-08-24',
      events: [{ effective_date: '2026-08-24', change_type: 'renamed', before: bank('0038', '住信ＳＢＩネット銀行'), after: bank('0038', 'ドコモＳＭＴＢネット銀行') }],
    });
  });

  it('3652-100: 増田 still listed under 名取岩沼農協 but its name and reading moved to 3636-806 仙台農協: merged, with the record of today', () => {
    assert.deepEqual(lineage.branch('3652', '100'), {
      bank_code: '3652',
      branch_code: '100',
      status: 'merged',
      current: branch('3652', '名取岩沼農業協同組合', '100', '増田'),
      successor: branch('3636', '仙台農業協同組合', '806', '増田'),
      since: '2025-06-29',
      events: [{ effective_date: '2025-06-29', change_type: 'merged', before: branch('3652', '名取岩沼農業協同組合', '100', '増田'), after: branch('3636', '仙台農業協同組合', '806', '増田') }],
    });
    assert.equal(lineage.bank('3652')!.status, 'merged');
    assert.deepEqual(lineage.bank('3652')!.successor, bank('3636', '仙台農業協同組合'));
  });

  it('bank mergers since 2019 moved whole networks: 北越 → 第四北越 under the same codes, 十八 → 十八親和 renumbered first within 十八', () => {
    assert.deepEqual(lineage.branch('0141', '110')!.successor, branch('0140', '第四北越銀行', '110', '直江津中央'));
    assert.deepEqual(lineage.bank('0141')!.successor, bank('0140', '第四北越銀行'));
    const juhachi = lineage.branch('0180', '101')!;
    assert.equal(juhachi.status, 'merged');
    assert.equal(juhachi.since, '2021-01-15');
    assert.deepEqual(juhachi.successor, branch('0181', '十八親和銀行', '133', '県庁'));
    assert.deepEqual(
      juhachi.events.map((e) => [e.effective_date, e.change_type, e.after?.bank_code, e.after?.branch_code]),
      [
        ['2020-02-21', 'code_changed', '0180', '133'],
        ['2021-01-15', 'merged', '0181', '133'],
      ],
    );
  });

  it('a code never seen has no lineage', () => {
    assert.equal(lineage.bank('9999'), undefined);
    assert.equal(lineage.branch('0001', '999'), undefined);
    assert.equal(lineage.branch('9999', '001'), undefined);
  });

  it('a closed branch: 0005-569 トラスト, removed in p20260127 with no successor', () => {
    assert.deepEqual(lineage.branch('0005', '569'), {
      bank_code: '0005',
      branch_code: '569',
      status: 'closed',
      current: null,
      successor: null,
      since: '2026-01-27',
      events: [{ effective_date: '2026-01-27', change_type: 'removed', before: branch('0005', '三菱ＵＦＪ銀行', '569', 'トラスト'), after: null }],
    });
  });

  it('a code changed within its bank: 0120-121 山王 is 0120-254 since 2025-09-29', () => {
    const answer = lineage.branch('0120', '121')!;
    assert.deepEqual([answer.status, answer.since, answer.successor], ['code_changed', '2025-09-29', branch('0120', '北都銀行', '254', '山王')]);
  });

  it('a renamed branch and an active one: 0010-725 市ケ谷 back to 市ヶ谷 since 2026-03-31; 0001-001 active since the first version', () => {
    const renamed = lineage.branch('0010', '725')!;
    assert.deepEqual([renamed.status, renamed.since, renamed.current?.branch_name, renamed.events.length], ['renamed', '2026-03-31', '市ヶ谷', 2]);
    assert.deepEqual(lineage.branch('0001', '001'), { bank_code: '0001', branch_code: '001', status: 'active', current: branch('0001', 'みずほ銀行', '001', '東京営業部'), successor: null, since: '2019-12-17', events: [] });
  });

  it('an institution whose names moved nowhere is closed: 0626 イタウ・ウニバンコ銀行 since 2020-03-31', () => {
    const answer = lineage.bank('0626')!;
    assert.deepEqual([answer.status, answer.since, answer.successor], ['closed', '2020-03-31', null]);
  });

  it('applies the override table: 0533 長野銀行 merged into 0143 八十二長野銀行, its branches into the bank, 113 平沢 into 439 平沢出張所', () => {
    assert.deepEqual(lineage.bank('0533')!.successor, bank('0143', '八十二長野銀行'));
    assert.deepEqual(lineage.branch('0533', '101')!.successor, bank('0143', '八十二長野銀行'));
    assert.deepEqual(lineage.branch('0533', '113')!.successor, branch('0143', '八十二長野銀行', '439', '平沢出張所'));
    // Without the table, the data alone shows no successor.
    const inferred = lineageOf(buildTimeHistory(), []);
    assert.equal(inferred.bank('0533')!.status, 'closed');
  });

  it('reaches a head office through the name of its institution: 3201 苫前町農協 lives on as 3202-007 苫前', () => {
    assert.deepEqual(lineage.branch('3201', '001')!.successor, branch('3202', 'るもい農業協同組合', '007', '苫前'));
  });
});

/** A directory of the bundled data edited, dated `date`. */
function directoryOf(date: string, edit: (data: RawData) => void) {
  return buildDirectory(readZenginPackage(tempDir.adopt(writeZenginPackage(date, edit))));
}

/** 0039 auじぶん銀行 vanishes; its colour branches arrive at 0038 under 7xx, あお as あお支店. 0005-001 closes; 0001-004's code changes. */
const merger = (data: RawData) => {
  const jibun = data['0039']!;
  delete data['0039'];
  // The package's records carry their code too (src/dataset/zengin.ts).
  type RawBranch = RawData[string]['branches'][string];
  const moved = (record: RawBranch, code: string, name?: string): RawBranch => Object.assign({ ...record, code }, name ? { name } : {});
  for (const [code, b] of Object.entries(jibun.branches)) {
    if (code.startsWith('1')) data['0038']!.branches[`7${code.slice(1)}`] = moved(b, `7${code.slice(1)}`, code === '105' ? `${b.name}支店` : undefined);
  }
  delete data['0005']!.branches['001'];
  data['0001']!.branches['994'] = moved(data['0001']!.branches['004']!, '994');
  delete data['0001']!.branches['004'];
};

describe('lineage extended by newer versions', () => {
  it('extends the history with a newer directory: a vanished bank whose branches arrive elsewhere is merged, branch by branch', () => {
    const next = directoryOf('2026-10-01', merger);
    const extended = lineageOf(extendHistory(buildTimeHistory(), next, { date: '2026-10-01', source: 'fixture' }), readOverrides());
    const jibun = 'ａｕじぶん銀行';
    const docomo = 'ドコモＳＭＴＢネット銀行';
    assert.deepEqual(extended.bank('0039'), {
      bank_code: '0039',
      branch_code: null,
      status: 'merged',
      current: null,
      successor: bank('0038', docomo),
      since: '2026-10-01',
      events: [
        // The rename じぶん → auじぶん in the first step of the published versions.
        { effective_date: '2020-02-21', change_type: 'renamed', before: bank('0039', 'じぶん銀行'), after: bank('0039', jibun) },
        { effective_date: '2026-10-01', change_type: 'merged', before: bank('0039', jibun), after: bank('0038', docomo) },
      ],
    });
    assert.deepEqual(extended.branch('0039', '101')!.successor, branch('0038', docomo, '701', 'あか'));
    assert.deepEqual(extended.branch('0039', '105')!.successor, branch('0038', docomo, '705', 'あお支店'));
    // Its branches that arrived nowhere went with the bank.
    assert.deepEqual(extended.branch('0039', '301')!.successor, bank('0038', docomo));
    assert.deepEqual([extended.branch('0005', '001')!.status, extended.branch('0005', '001')!.since], ['closed', '2026-10-01']);
    assert.deepEqual(extended.branch('0001', '004')!.successor?.branch_code, '994');
    assert.equal(extended.branch('0001', '004')!.status, 'code_changed');
  });

  it('a server extends the dataset with every version stored after it: two imports, then a restart, answer both', async () => {
    const store = await openStore({ dataDir: tempDir() });
    try {
      await seedTestStore(store);
      const first = tempDir.adopt(writeZenginPackage('2026-10-01', merger));
      // The second renames the successor bank: the answer names it as it is today.
      const second = tempDir.adopt(
        writeZenginPackage('2026-11-01', (data) => {
          merger(data);
          data['0038']!.name = 'ドコモネット';
        }),
      );
      for (const dir of [first, second]) assert.equal((await importSnapshot(store, (await readDatasetSource(dir)).raw, 'fixture')).ok, true);
      const live = await LiveDataset.open(store);
      const snapshot = live.snapshots.current;
      assert.deepEqual(
        snapshot.derive(LINEAGE_HISTORY).versions.slice(-3).map((v) => [v.date, v.source]),
        [
          ['2026-08-24', 'zengin-code@1.0.0-p20260824'],
          ['2026-10-01', 'fixture'],
          ['2026-11-01', 'fixture'],
        ],
      );
      const answer = snapshot.derive(LINEAGE).branch('0039', '101')!;
      assert.deepEqual([answer.status, answer.since, answer.successor], ['merged', '2026-10-01', branch('0038', 'ドコモネット銀行', '701', 'あか')]);
      // The default derivation, without the store, would have missed the version in between.
      const alone = new Snapshot(snapshot.directory).derive(LINEAGE).branch('0039', '101')!;
      assert.deepEqual([alone.since, alone.successor?.branch_code], ['2026-11-01', '701']);
      live.stop();
    } finally {
      await store.close();
    }
  });
});

describe('override table', () => {
  const history = buildTimeHistory();
  const dates = new Set(history.versions.map((v) => v.date));
  const published = new Set(history.versions.map((v) => v.source.replace('zengin-code@', '')));
  const inferred = lineageOf(history, []);

  it('has entries with a reason, the versions that show them and a date of one of them, on codes the data lists', () => {
    const overrides = readOverrides();
    assert.equal(overrides.length, 13);
    for (const o of overrides) {
      assert.match(o.code, /^\d{4}(-\d{3})?$/);
      assert.ok(o.successor === null || /^\d{4}(-\d{3})?$/.test(o.successor), o.code);
      assert.ok(dates.has(o.effective_date), o.code);
      assert.ok(o.reason.length > 20, o.code);
      assert.ok(o.versions.length >= 2 && o.versions.every((v) => published.has(v)), o.code);
      const [bank, branch] = o.code.split('-');
      assert.ok(branch === undefined ? history.banks.has(bank!) : history.branches.get(bank!)?.has(branch), o.code);
    }
  });

  it('holds only what the inference gets otherwise: each entry changes the answer, to the one it names', () => {
    for (const o of readOverrides()) {
      const [bank, branch] = o.code.split('-') as [string, string | undefined];
      const answer = (l: typeof lineage) => (branch === undefined ? l.bank(bank) : l.branch(bank, branch))!;
      const named = (l: typeof lineage) => {
        const s = answer(l).successor;
        return s ? (s.branch_code === null ? s.bank_code : `${s.bank_code}-${s.branch_code}`) : null;
      };
      assert.notEqual(named(inferred), o.successor, `${o.code}: the inference agrees already`);
      assert.equal(named(lineage), o.successor, o.code);
    }
  });
});

/**
 * The newer snapshot the webhook tests import (2026-09-01), made from the newest real version,
 * and the webhooks that watch it: what each must receive is known exactly.
 *
 *   branch removed  0005-135 三菱ＵＦＪ 渋谷          watched by A (its lineage: closed)
 *   branch renamed  0010-725 りそな 市ヶ谷 → 市ヶ谷駅前  watched by A
 *   branch renamed  0147-110 福井 春江中央 → 春江       watched by A through 0537 (福邦銀行 merged into 福井銀行)
 *   branch renamed  0001-004 みずほ 丸の内中央 → 丸の内  watched by B (0001)
 *   branch renamed  0009-103 三井住友 (unwatched)
 */
import { readDatasetSource } from '../../src/dataset/sources.js';
import { importSnapshot } from '../../src/history/importer.js';
import type { SqlStore } from '../../src/store/open.js';
import type { RawData } from './raw-diff.js';
import { writeZenginPackage } from './zengin-fixture.js';

export const FIXTURE_DATE = '2026-09-01';
export const CODES_A = ['0010-725', '0537', '0005-135'];
export const CODES_B = ['0001'];

/** The changes of the fixture by id (diff order: by bank, then branch), and which webhook gets each. */
export const CHANGES = {
  mizuho: { id: 'chg-20260901-000001', code: '0001-004' },
  shibuya: { id: 'chg-20260901-000002', code: '0005-135' },
  smbc: { id: 'chg-20260901-000003', code: '0009-103' },
  ichigaya: { id: 'chg-20260901-000004', code: '0010-725' },
  harue: { id: 'chg-20260901-000005', code: '0147-110' },
} as const;

export const EXPECTED_A = [CHANGES.shibuya.id, CHANGES.ichigaya.id, CHANGES.harue.id];
export const EXPECTED_B = [CHANGES.mizuho.id];

/** The fixture's edits of the newest real version. */
export function editWatchFixture(data: RawData): void {
  delete data['0005']!.branches['135'];
  data['0010']!.branches['725']!.name = '市ヶ谷駅前';
  data['0147']!.branches['110']!.name = '春江';
  data['0001']!.branches['004']!.name = '丸の内';
  data['0009']!.branches['103']!.name = data['0009']!.branches['103']!.name + '中央';
}

/** Writes the fixture package; returns its directory (the caller removes it). */
export function writeWatchFixture(): string {
  return writeZenginPackage(FIXTURE_DATE, editWatchFixture);
}

/** `ginko import` of the fixture, in process. */
export async function importWatchFixture(store: SqlStore, dir: string): Promise<void> {
  const outcome = await importSnapshot(store, (await readDatasetSource(dir)).raw, 'fixture');
  if (!outcome.ok || outcome.changes !== 5) throw new Error(`the fixture did not import as expected: ${JSON.stringify(outcome)}`);
}

/**
 * The spoken keys (src/domain/romaji/spoken-key.ts) under which a romaji query finds a record:
 * its reading, and the readings of the forms people write besides it — for an institution the
 * stem alone (`hokkaido`), with the short reading of its type (`hokkaido shinkin`, `JA sagami`);
 * for a branch without an ending in the master, with 支店 (`shinjuku shiten`).
 *
 * The type endings are listed here by their kana, as the master's readings end; the kanji
 * forms of written-forms.ts have no spoken key.
 */
import { type SpokenKey, spokenKeyOfKana } from '../../domain/romaji/spoken-key.js';
import type { Bank, Branch } from '../../domain/types.js';

interface TypeReading {
  /** The ending of the master's reading. */
  readonly kana: string;
  /** What people say instead; '' is the bare stem. */
  readonly alternatives: readonly string[];
  readonly prefixes?: readonly string[];
}

// Longest endings first: シンヨウノウギヨウ…レンゴウカイ ends in neither ノウギヨウ… nor キンコ.
const TYPE_READINGS: readonly TypeReading[] = [
  { kana: 'シンヨウギヨギヨウキヨウドウクミアイレンゴウカイ', alternatives: ['', 'シンギヨレン'], prefixes: ['JF'] },
  { kana: 'シンヨウノウギヨウキヨウドウクミアイレンゴウカイ', alternatives: ['', 'シンレン'], prefixes: ['JA'] },
  { kana: 'ノウギヨウキヨウドウクミアイ', alternatives: ['', 'ノウキヨウ'], prefixes: ['JA'] },
  { kana: 'ギヨギヨウキヨウドウクミアイ', alternatives: ['', 'ギヨキヨウ'], prefixes: ['JF'] },
  { kana: 'シンヨウキンコ', alternatives: ['', 'シンキン'] },
  { kana: 'シンヨウクミアイ', alternatives: ['', 'シンクミ'] },
  { kana: 'ロウドウキンコ', alternatives: ['', 'ロウキン'] },
  { kana: 'ギンコウ', alternatives: [''] },
];

const BRANCH_ENDINGS = ['出張所', '営業部', '支店', '支所', '本店'];

/** A record's keys, each list without duplicates. */
export interface SpokenKeys {
  readonly exact: readonly string[];
  readonly loose: readonly string[];
}

function spokenKeys(readings: Iterable<string>): SpokenKeys {
  const keys: SpokenKey[] = [];
  for (const reading of readings) {
    const key = spokenKeyOfKana(reading);
    if (key && key.loose !== '') keys.push(key);
  }
  return { exact: [...new Set(keys.map((k) => k.exact))], loose: [...new Set(keys.map((k) => k.loose))] };
}

export function bankSpokenKeys(bank: Bank): SpokenKeys {
  const readings = [bank.fullWidthKana];
  const type = TYPE_READINGS.find((t) => bank.fullWidthKana.endsWith(t.kana) && bank.fullWidthKana.length > t.kana.length);
  if (type) {
    const stem = bank.fullWidthKana.slice(0, -type.kana.length);
    for (const alternative of type.alternatives) readings.push(stem + alternative);
    for (const prefix of type.prefixes ?? []) readings.push(prefix + stem);
  }
  return spokenKeys(readings);
}

export function branchSpokenKeys(branch: Branch): SpokenKeys {
  const readings = [branch.fullWidthKana];
  if (!BRANCH_ENDINGS.some((ending) => branch.name.endsWith(ending))) readings.push(branch.fullWidthKana + 'シテン');
  return spokenKeys(readings);
}

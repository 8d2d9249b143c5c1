/**
 * The readings under which a romaji input finds a record, with their spoken keys
 * (spoken-key.ts): the master's reading, and the readings of the forms people write besides it
 * — for an institution the stem alone (`hokkaido`), with the short reading of its type
 * (`hokkaido shinkin`, `JA sagami`); for a branch without an ending in the master, with 支店
 * (`shinjuku shiten`), and for one with an ending, without it (`tokyo` for 東京営業部) or, where
 * the master's reading leaves the ending out (東京営業部 トウキヨウ), with it (`tokyo eigyobu`).
 * Freeword compares the keys; Resolve hands the written form that matched (`東京` for the
 * reading トウキヨウ of 東京営業部) to its matcher.
 *
 * The type endings are listed here by their kana, as the master's readings end; the kanji
 * forms of src/search/freeword/written-forms.ts have no spoken key.
 */
import type { Bank, Branch } from '../types.js';
import { type SpokenKey, spokenKeyOfKana } from './spoken-key.js';

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

/** Branch endings by name and reading; a name without one is also written with 支店. */
export const BRANCH_ENDING_READINGS: readonly { readonly name: string; readonly kana: string }[] = [
  { name: '出張所', kana: 'シユツチヨウジヨ' },
  { name: '営業部', kana: 'エイギヨウブ' },
  { name: '支店', kana: 'シテン' },
  { name: '支所', kana: 'シシヨ' },
  { name: '本店', kana: 'ホンテン' },
];

export interface SpokenForm {
  /** The form as Resolve matches it: the reading of an institution, the written name of a branch form. */
  readonly written: string;
  readonly key: SpokenKey;
}

/** [reading, written form] pairs to forms, one per reading. */
function formsOf(pairs: Iterable<readonly [string, string]>): SpokenForm[] {
  const forms = new Map<string, SpokenForm>();
  for (const [reading, written] of pairs) {
    const key = spokenKeyOfKana(reading);
    if (key && key.loose !== '' && !forms.has(reading)) forms.set(reading, { written, key });
  }
  return [...forms.values()];
}

export function bankSpokenForms(bank: Bank): SpokenForm[] {
  const readings = [bank.fullWidthKana];
  const type = TYPE_READINGS.find((t) => bank.fullWidthKana.endsWith(t.kana) && bank.fullWidthKana.length > t.kana.length);
  if (type) {
    const stem = bank.fullWidthKana.slice(0, -type.kana.length);
    for (const alternative of type.alternatives) readings.push(stem + alternative);
    for (const prefix of type.prefixes ?? []) readings.push(prefix + stem);
  }
  return formsOf(readings.map((r) => [r, r] as const));
}

export function branchSpokenForms(branch: Branch): SpokenForm[] {
  const { name, fullWidthKana: kana } = branch;
  const pairs: [string, string][] = [[kana, name]];
  const ending = BRANCH_ENDING_READINGS.find((e) => name.endsWith(e.name));
  if (!ending) pairs.push([kana + 'シテン', name + '支店']);
  else if (kana.endsWith(ending.kana)) {
    if (kana.length > ending.kana.length && name.length > ending.name.length) pairs.push([kana.slice(0, -ending.kana.length), name.slice(0, -ending.name.length)]);
  } else pairs.push([kana + ending.kana, name]); // the master reads 東京営業部 トウキヨウ: `tokyo eigyobu` is it too
  return formsOf(pairs);
}

/** A record's keys for freeword, each list without duplicates. */
export interface SpokenKeys {
  readonly exact: readonly string[];
  readonly loose: readonly string[];
}

export function spokenKeysOf(forms: readonly SpokenForm[]): SpokenKeys {
  return { exact: [...new Set(forms.map((f) => f.key.exact))], loose: [...new Set(forms.map((f) => f.key.loose))] };
}

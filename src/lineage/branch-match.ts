/**
 * How a branch of one institution is recognised under another after a merger
 * (docs/lineage.md#inference): the same name and reading; else the same name once an office
 * word is added, dropped or swapped (春江 ↔ 春江支店, 駅前出張所 ↔ 駅前); else the same reading
 * written otherwise (市ケ谷 ↔ 市ヶ谷). A merger's 中央 counts as an office word (今池 → 今池中央).
 */
import { BRANCH_SUFFIX_RULES, shortBranchReading } from '../domain/branch-readings.js';
import { INSTITUTION_TYPE_SPELLINGS } from '../domain/institutions.js';

export type MatchTier = 'name' | 'office_word' | 'reading';

export const MATCH_TIERS: readonly MatchTier[] = ['name', 'office_word', 'reading'];

/**
 * Words a branch name gains or loses when it moves: the office words whose reading
 * src/domain/branch-readings.ts completes, the three the Zengin kana already reads (支店, 支所,
 * 営業所), 統括 (a regional head office), and 中央, which a merger adds where the absorbing bank
 * has a branch of that name already (中京銀行 今池 → あいち銀行 今池中央). Longest first.
 */
const OFFICE_WORDS: readonly string[] = [...new Set([...BRANCH_SUFFIX_RULES.map((r) => r.suffix), '支店', '支所', '営業所', '統括', '中央'])].sort((a, b) => b.length - a.length);

/** The name without its office word (春江支店 → 春江); the name itself when it has none or is one. */
export function baseName(name: string): string {
  for (const word of OFFICE_WORDS) if (name.length > word.length && name.endsWith(word)) return name.slice(0, -word.length);
  return name;
}

export interface NamedBranch {
  readonly name: string;
  readonly kana: string;
}

/** The key a branch is looked up by for each tier. */
export function matchKey(tier: MatchTier, branch: NamedBranch): string {
  switch (tier) {
    case 'name':
      return `${branch.name}\u0000${branch.kana}`;
    case 'office_word':
      return baseName(branch.name);
    case 'reading':
      return branch.kana;
  }
}

/**
 * The names an institution's head office may carry as a branch of the one that absorbed it:
 * the name without its type (苫前町農業協同組合 → 苫前町), and without 町, 村, 市 or 県 (苫前), in
 * writing and in reading. A small JA that merges, or hands its banking to its 信連, often
 * lives on as a branch or agency named after it (3202-007 苫前, 3001-148 にいかっぷ代理店); a
 * prefecture's 信漁連 as an office of the regional one (9489-004 長崎統括).
 */
export function institutionStems(name: string, kana: string): { readonly names: readonly string[]; readonly readings: readonly string[] } {
  const type = INSTITUTION_TYPE_SPELLINGS.find((t) => name.endsWith(t.full) && kana.endsWith(t.fullKana));
  const stem = type ? name.slice(0, -type.full.length) : name;
  const stemKana = type ? kana.slice(0, -type.fullKana.length) : kana;
  const names = new Set([stem]);
  const readings = new Set([stemKana]);
  for (const [word, readingsOfWord] of MUNICIPALITY_WORDS) {
    if (stem.length > word.length && stem.endsWith(word)) names.add(stem.slice(0, -word.length));
    for (const r of readingsOfWord) if (stemKana.length > r.length && stemKana.endsWith(r)) readings.add(stemKana.slice(0, -r.length));
  }
  return { names: [...names], readings: [...readings] };
}

/** Words of local government that end cooperative names (苫前町, 青森県), with their readings in Zengin kana. */
const MUNICIPALITY_WORDS: readonly (readonly [string, readonly string[]])[] = [
  ['町', ['チヨウ', 'マチ']],
  ['村', ['ムラ', 'ソン']],
  ['市', ['シ']],
  ['県', ['ケン']],
  ['都', ['ト']],
  ['府', ['フ']],
];

/** A branch's name and reading without its office word: 148 にいかっぷ代理店 → にいかっぷ, ニイカツプ. */
export function branchBase(branch: NamedBranch): { readonly name: string; readonly reading: string } {
  return { name: baseName(branch.name), reading: shortBranchReading(branch.name, branch.kana) };
}

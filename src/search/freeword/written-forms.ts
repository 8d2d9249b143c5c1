/**
 * The ways people write an institution or branch name besides its official form, as search
 * keys: `北海道信金`, `北海道しんきん`, `JA新ひたち野`, `東京支店`. Every key is folded with
 * foldForSearch, so each form also covers its readings in any script and width.
 */
import { shortBranchReading } from '../../domain/branch-readings.js';
import { foldForSearch } from '../../domain/fold.js';
import { INSTITUTION_TYPE_SPELLINGS } from '../../domain/institutions.js';
import type { Bank, Branch } from '../../domain/types.js';

interface TypeSuffix {
  /** The official ending of `name` and of `fullWidthKana`. */
  readonly name: string;
  readonly kana: string;
  /** Endings people write instead (kanji or kana; folding covers the other scripts); '' is the bare stem (`東京` for 東京信用金庫). */
  readonly alternatives: readonly string[];
  /** Marks written before the stem (`JA全農`, `JFしまね`). */
  readonly prefixes?: readonly string[];
}

/** From the one institutions table; longest endings first (信用農業協同組合連合会 ends in 連合会, not in 農業協同組合). */
const TYPE_SUFFIXES: readonly TypeSuffix[] = INSTITUTION_TYPE_SPELLINGS.map((t) => ({
  name: t.full,
  kana: t.fullKana,
  alternatives: ['', ...(t.short !== undefined ? [t.short] : []), ...(t.shortKana !== undefined ? [t.shortKana] : []), ...t.informalEndings],
  prefixes: t.prefixes,
}));

/** Branch endings that a typed name may add or leave out. */
const BRANCH_ENDINGS = ['出張所', '営業部', '支店', '支所', '本店'];

function distinctFolded(forms: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const form of forms) {
    const key = foldForSearch(form);
    if (key !== '') keys.add(key);
  }
  return [...keys];
}

export function bankKeys(bank: Bank): string[] {
  const forms = [bank.name, bank.fullWidthKana];
  const suffix = TYPE_SUFFIXES.find((s) => bank.name.endsWith(s.name));
  if (suffix) {
    const stem = bank.name.slice(0, -suffix.name.length);
    const kanaStem = bank.fullWidthKana.endsWith(suffix.kana) ? bank.fullWidthKana.slice(0, -suffix.kana.length) : undefined;
    for (const alternative of suffix.alternatives) {
      forms.push(stem + alternative);
      if (kanaStem !== undefined) forms.push(kanaStem + alternative);
    }
    for (const prefix of suffix.prefixes ?? []) {
      forms.push(prefix + stem);
      if (kanaStem !== undefined) forms.push(prefix + kanaStem);
    }
  }
  return distinctFolded(forms);
}

const SHITEN = foldForSearch('支店');
const SHITEN_KANA = foldForSearch('シテン');

export function branchKeys(branch: Branch): string[] {
  const name = foldForSearch(branch.name);
  const kana = foldForSearch(branch.fullWidthKana);
  const keys = new Set([name, kana]);
  // The reading without its office suffix (`トウキヨウ` for 東京営業部 `トウキヨウエイギヨウブ`) is
  // how the master wrote it and what people type: an exact hit, not only a prefix.
  const short = shortBranchReading(branch.name, branch.fullWidthKana);
  if (short !== branch.fullWidthKana) keys.add(foldForSearch(short));
  // The master writes most branches without 支店 (`新宿`), and people add it (`新宿支店`).
  // Folding a concatenation is concatenating the folds here (both endings start with a plain
  // letter), which halves the cost of building the index.
  if (!BRANCH_ENDINGS.some((ending) => branch.name.endsWith(ending))) keys.add(name + SHITEN).add(kana + SHITEN_KANA);
  keys.delete('');
  return [...keys];
}

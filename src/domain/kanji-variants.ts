/**
 * Old and variant kanji that people type in names (澤 for 沢, 髙 for 高, 﨑 for 崎), folded to the
 * form the Zengin master uses, and the kana that joins two kanji in place names (市ヶ谷, 市ケ谷,
 * 市が谷; 虎ノ門, 虎の門), which files write at will.
 *
 * The old forms come from the published tables of src/domain/old-kanji-forms.ts (the 常用漢字表's
 * 康熙字典体 and the 異体字 of 人名用漢字); NAME_VARIANTS adds the variants of names that neither
 * table lists. KANJI_VARIANTS, the one map every fold uses, is derived from the three.
 *
 * A folding is kept only where it does not turn one real name into another: test/kanji-variants
 * .test.ts folds every institution and branch name of the bundled master and fails when two
 * different names of one institution (or two institutions) meet. The pairs that would merge
 * real names are listed in KANJI_VARIANT_EXCEPTIONS with the records that show it, and are
 * never folded.
 */
import { JINMEIYO_OLD_FORMS, JOYO_OLD_FORMS } from './old-kanji-forms.js';

/**
 * 異体字 of names found in payee files that neither published table lists (髙 is not an old
 * form of 高 but a variant of its own), each with the form the master writes.
 */
export const NAME_VARIANTS: Readonly<Record<string, string>> = Object.freeze({
  髙: '高', 﨑: '崎', 嵜: '崎', 碕: '崎', 嶌: '島', 濵: '浜', 邉: '辺', 槇: '槙', 檜: '桧', 舘: '館',
  淸: '清', 栁: '柳', 蘆: '芦', 驒: '騨', 桒: '桑', 邨: '村',
});

/**
 * Variant → the master's form: the published old forms, then NAME_VARIANTS. Folded on both
 * sides, so a master name written with the variant still matches itself. Old forms that NFKC
 * already maps to today's form (the compatibility ideographs) are left out: every fold starts
 * with NFKC.
 */
export const KANJI_VARIANTS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries([...[...JOYO_OLD_FORMS, ...JINMEIYO_OLD_FORMS].filter(([old]) => old.normalize('NFKC') === old), ...Object.entries(NAME_VARIANTS)]),
);

export interface KanjiVariantException {
  readonly variant: string;
  readonly standard: string;
  /** Why the pair is not folded. */
  readonly reason: string;
  /** Where the reason can be checked. */
  readonly source: string;
}

/** Pairs that name different institutions or places in the master, so typing one is not typing the other. */
export const KANJI_VARIANT_EXCEPTIONS: readonly KanjiVariantException[] = Object.freeze([
  {
    variant: '國',
    standard: '国',
    reason: '0489 中國銀行 (Taiwan) and 0168 中国銀行 (Okayama) are different banks; 0146 北國銀行 is written with 國 by the bank itself',
    source: 'zengin-code 1.0.0-p20260824, lib/zengin-data.js',
  },
  {
    variant: '縣',
    standard: '県',
    reason: '1250 埼玉縣信用金庫 and 2351 新潟縣信用組合 write 縣; folded, their stems would meet 3011 埼玉県信連 and 2965 新潟県労金, 3017 新潟県信連, so 埼玉縣 alone would stop naming one institution',
    source: 'zengin-code 1.0.0-p20260824, lib/zengin-data.js',
  },
]);

const EXCEPTED = new Set(KANJI_VARIANT_EXCEPTIONS.map((e) => e.variant));
const FOLDED_VARIANTS = Object.keys(KANJI_VARIANTS).filter((v) => !EXCEPTED.has(v));
const VARIANT_PATTERN = new RegExp(`[${FOLDED_VARIANTS.join('')}]`, 'gu');
/** The folded variants by code unit: every one is a single UTF-16 unit (test/kanji-variants.test.ts). */
const VARIANT_UNITS = new Set(FOLDED_VARIANTS.map((v) => v.charCodeAt(0)));
/** ケ, ヶ, ヵ, が, ガ (read ga) and の, ノ (read no) between two kanji: the joining particle of place names. */
const JOINING_GA = /(?<=\p{Script=Han})[ヶヵがガ](?=\p{Script=Han})/gu;
const JOINING_NO = /(?<=\p{Script=Han})の(?=\p{Script=Han})/gu;
/** The particles alone: the patterns above test a script at every position, so they run only where one is. */
const GA_PARTICLES = /[ヶヵがガ]/;

const standardOf = (variant: string): string => KANJI_VARIANTS[variant]!;

/** Whether a UTF-16 code unit is a variant the fold rewrites (src/domain/fold.ts skips texts without one). */
export function isVariantKanjiUnit(unit: number): boolean {
  return VARIANT_UNITS.has(unit);
}

/**
 * The variant kanji of a text already in NFKC, in the master's form: 澤田 → 沢田. The search
 * fold (src/domain/fold.ts) applies this alone, so freeword finds 沢 under 澤 and 澤 under 沢.
 */
export function foldVariantKanji(nfkcText: string): string {
  return nfkcText.replace(VARIANT_PATTERN, standardOf);
}

/**
 * The text with variant kanji in the master's form and the joining kana between kanji in one
 * spelling: 髙島屋 → 高島屋, 市ヶ谷 / 市が谷 → 市ケ谷, 虎の門 → 虎ノ門. Resolve's keys. The particle
 * is kept, not dropped, so names keep their length (a typo of 那の津 is still one character off);
 * 市谷 for 市ヶ谷 is one character off and goes to review. NFKC first, so half-width ｹ counts too.
 * (Freeword leaves the particle alone: a partial query 自由が must still find 自由が丘.)
 */
export function foldKanjiVariants(text: string): string {
  let out = foldVariantKanji(text.normalize('NFKC'));
  if (GA_PARTICLES.test(out)) out = out.replace(JOINING_GA, 'ケ');
  if (out.includes('の')) out = out.replace(JOINING_NO, 'ノ');
  return out;
}

/**
 * Old and variant kanji that people type in names (髙 for 高, 﨑 for 崎, 澤 for 沢), folded to the
 * form the Zengin master uses, and the kana that joins two kanji in place names (市ヶ谷, 市ケ谷,
 * 市が谷; 虎ノ門, 虎の門), which files write at will.
 *
 * A folding is kept only where it does not turn one real name into another: test/kanji-variants
 * .test.ts folds every institution and branch name of the bundled master and fails when two
 * different names of one institution (or two institutions) meet. The pairs that would merge
 * real names are listed in KANJI_VARIANT_EXCEPTIONS with the records that show it, and are
 * never folded.
 */

/** Variant → the master's form. Folded on both sides, so a master name written with the variant still matches itself. */
export const KANJI_VARIANTS: Readonly<Record<string, string>> = Object.freeze({
  髙: '高', 﨑: '崎', 嵜: '崎', 碕: '崎', 嶋: '島', 嶌: '島', 濵: '浜', 濱: '浜', 邊: '辺', 邉: '辺',
  齋: '斎', 齊: '斎', 澤: '沢', 廣: '広', 櫻: '桜', 德: '徳', 眞: '真', 龍: '竜', 槇: '槙', 冨: '富',
  檜: '桧', 舘: '館', 淺: '浅', 學: '学', 靜: '静', 驛: '駅', 鐵: '鉄', 壽: '寿', 萬: '万', 嶽: '岳',
  藏: '蔵', 實: '実', 惠: '恵', 會: '会', 莊: '荘', 條: '条', 瀨: '瀬', 當: '当', 樂: '楽', 豐: '豊',
  圓: '円', 關: '関', 黑: '黒', 淸: '清', 栁: '柳', 峯: '峰', 澁: '渋', 瀧: '滝', 曾: '曽', 彌: '弥',
  禮: '礼', 廳: '庁', 蘆: '芦', 驒: '騨', 桒: '桑', 縣: '県', 邨: '村', 國: '国',
});

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
const VARIANT_PATTERN = new RegExp(`[${Object.keys(KANJI_VARIANTS).filter((v) => !EXCEPTED.has(v)).join('')}]`, 'gu');
/** ケ, ヶ, ヵ, が, ガ (read ga) and の, ノ (read no) between two kanji: the joining particle of place names. */
const JOINING_GA = /(?<=\p{Script=Han})[ヶヵがガ](?=\p{Script=Han})/gu;
const JOINING_NO = /(?<=\p{Script=Han})の(?=\p{Script=Han})/gu;
/** The particles alone: the patterns above test a script at every position, so they run only where one is. */
const GA_PARTICLES = /[ヶヵがガ]/;

const standardOf = (variant: string): string => KANJI_VARIANTS[variant]!;

/**
 * The text with variant kanji in the master's form and the joining kana between kanji in one
 * spelling: 髙島屋 → 高島屋, 市ヶ谷 / 市が谷 → 市ケ谷, 虎の門 → 虎ノ門. The particle is kept, not
 * dropped, so names keep their length (a typo of 那の津 is still one character off); 市谷 for
 * 市ヶ谷 is one character off and goes to review. NFKC first, so half-width ｹ counts too.
 */
export function foldKanjiVariants(text: string): string {
  let out = text.normalize('NFKC').replace(VARIANT_PATTERN, standardOf);
  if (GA_PARTICLES.test(out)) out = out.replace(JOINING_GA, 'ケ');
  if (out.includes('の')) out = out.replace(JOINING_NO, 'ノ');
  return out;
}

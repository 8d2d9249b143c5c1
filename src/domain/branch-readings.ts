/**
 * Branch readings with the reading of their office suffix (docs/readings.md). The Zengin master
 * that zengin-code is built from reads 東京営業部 as `トウキヨウ` and あけぼの出張所 as `アケボノ`:
 * the suffix is not read. The production form of the interface reads the whole name
 * (`トウキヨウエイギヨウブ`), so the derived readings append the suffix's reading, in Zengin
 * style (large kana), when the master's kana does not already read it.
 *
 * A suffix only counts when it is one: a name that is the suffix alone is a place (9375-109 本部
 * is Motobu, `モトブ`) and keeps its reading.
 */

/** An office suffix of a branch name and its reading in Zengin-style full-width katakana, word by word. */
export interface BranchSuffixRule {
  readonly suffix: string;
  /** The reading of each word of the suffix: 営業センター is エイギヨウ + センタ－. */
  readonly words: readonly string[];
}

/**
 * Longest first, so that 特別出張所 is read whole rather than as 特別 + 出張所. The table in
 * docs/readings.md lists the same rules with the counts they change in the bundled data.
 */
export const BRANCH_SUFFIX_RULES: readonly BranchSuffixRule[] = Object.freeze([
  { suffix: '特別出張所', words: ['トクベツ', 'シユツチヨウジヨ'] },
  { suffix: '営業センター', words: ['エイギヨウ', 'センタ－'] },
  { suffix: '営業本部', words: ['エイギヨウ', 'ホンブ'] },
  { suffix: '出張所', words: ['シユツチヨウジヨ'] },
  { suffix: '営業部', words: ['エイギヨウ', 'ブ'] },
  { suffix: '営業店', words: ['エイギヨウ', 'テン'] },
  { suffix: '事務所', words: ['ジムシヨ'] },
  { suffix: '代理店', words: ['ダイリテン'] },
  { suffix: '本部', words: ['ホンブ'] },
]);

/** The whole reading of a suffix rule: `エイギヨウブ`. */
export const readingOf = (rule: BranchSuffixRule): string => rule.words.join('');

/**
 * The Zengin kana field holds 15 half-width characters; a reading cut there may end with the
 * first part of the suffix's reading (大阪駐在員事務所 `オオサカチユウザイインジム`), which is
 * then completed rather than repeated.
 */
export const ZENGIN_KANA_WIDTH = 15;

/** The last characters of the suffixes: most names end with none of them (a Directory reads every branch name at start). */
const SUFFIX_ENDINGS = new Set(BRANCH_SUFFIX_RULES.map((r) => r.suffix.at(-1)!));

function ruleOf(name: string): BranchSuffixRule | undefined {
  if (!SUFFIX_ENDINGS.has(name.at(-1) ?? '')) return undefined;
  return BRANCH_SUFFIX_RULES.find((r) => name.length > r.suffix.length && name.endsWith(r.suffix));
}

/** Half-width length: a voiced or semi-voiced kana takes two cells (ド → ﾄﾞ). */
function halfWidthLength(kana: string): number {
  return [...kana.normalize('NFD')].length;
}

/** The longest proper start of `reading` that `kana` ends with, when the kana was cut at the field width. */
function cutOverlap(kana: string, reading: string): number {
  if (halfWidthLength(kana) < ZENGIN_KANA_WIDTH) return 0;
  for (let n = reading.length - 1; n > 0; n--) if (kana.endsWith(reading.slice(0, n))) return n;
  return 0;
}

/**
 * The full-width reading of a branch name: the master's kana, with the reading of the name's
 * office suffix appended when the kana does not already end with it.
 */
export function fullBranchReading(name: string, zenginKana: string): string {
  const rule = ruleOf(name);
  if (!rule || zenginKana === '') return zenginKana;
  // The kana may read the first words of the suffix already (板橋南営業センター `イタバシミナミエイギヨウ`).
  for (let read = rule.words.length; read > 0; read--) {
    if (zenginKana.endsWith(rule.words.slice(0, read).join(''))) return zenginKana + rule.words.slice(read).join('');
  }
  const reading = readingOf(rule);
  return zenginKana + reading.slice(cutOverlap(zenginKana, reading));
}

/**
 * The reading without the office suffix's reading (`トウキヨウエイギヨウブ` → `トウキヨウ`): how the
 * master wrote it, and what people type. Search keeps finding branches by it.
 */
export function shortBranchReading(name: string, fullWidthKana: string): string {
  const rule = ruleOf(name);
  const reading = rule ? readingOf(rule) : '';
  if (!rule || !fullWidthKana.endsWith(reading) || fullWidthKana === reading) return fullWidthKana;
  return fullWidthKana.slice(0, -reading.length);
}

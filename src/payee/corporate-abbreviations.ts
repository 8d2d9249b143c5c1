/**
 * The one table of 法人略語 and 営業所略語 (docs/kana.md#corporate-abbreviations): the kana
 * abbreviations that 全銀 transfer names use for a legal form or an office, as 全銀協 and the
 * banks publish them (株式会社 → ｶ, 有限会社 → ﾕ, 営業所 → ｴｲ …). Each entry holds the written
 * forms a person types (the name in kanji, its reading, the short kanji form such as (株)) and
 * the abbreviation; where the abbreviation goes and how it is bracketed follows from its
 * position in the name (abbreviationAt). zengin-kana.ts finds the written forms in a name.
 */

export type AbbreviationKind = 'corporation' | 'office';

export interface CorporateAbbreviation {
  /** The name as written in kanji: 株式会社. */
  readonly name: string;
  /** Its reading in katakana as people write it (small kana allowed): カブシキガイシャ. */
  readonly reading: string;
  /** Short kanji forms in brackets, as on receipts: (株); ㈱ and （株） are the same once NFKC has run. */
  readonly shortForms: readonly string[];
  /** The kana abbreviation in 全銀 katakana (large kana only): カ. */
  readonly abbreviation: string;
  /**
   * 法人略語 (the legal form) or 営業所略語 (the office). An office's reading is not abbreviated:
   * シユツチヨウジヨ and エイギヨウシヨ are also parts of place and branch names (the master's
   * branch readings hold them), so only the kanji 出張所 and 営業所 are.
   */
  readonly kind: AbbreviationKind;
}

const corporation = (name: string, reading: string, abbreviation: string, shortForms: readonly string[] = []): CorporateAbbreviation => ({ name, reading, shortForms, abbreviation, kind: 'corporation' });
const office = (name: string, reading: string, abbreviation: string): CorporateAbbreviation => ({ name, reading, shortForms: [], abbreviation, kind: 'office' });

/** The published list (docs/kana.md#corporate-abbreviations cites it), in its order. */
export const CORPORATE_ABBREVIATIONS: readonly CorporateAbbreviation[] = Object.freeze([
  corporation('株式会社', 'カブシキガイシャ', 'カ', ['(株)']),
  corporation('有限会社', 'ユウゲンガイシャ', 'ユ', ['(有)']),
  corporation('合名会社', 'ゴウメイガイシャ', 'メ', ['(名)']),
  corporation('合資会社', 'ゴウシガイシャ', 'シ', ['(資)']),
  corporation('合同会社', 'ゴウドウガイシャ', 'ド', ['(同)']),
  corporation('医療法人', 'イリョウホウジン', 'イ', ['(医)']),
  corporation('医療法人社団', 'イリョウホウジンシャダン', 'イ'),
  corporation('医療法人財団', 'イリョウホウジンザイダン', 'イ'),
  corporation('社会医療法人', 'シャカイイリョウホウジン', 'イ'),
  corporation('財団法人', 'ザイダンホウジン', 'ザイ', ['(財)']),
  corporation('一般財団法人', 'イッパンザイダンホウジン', 'ザイ', ['(一財)']),
  corporation('公益財団法人', 'コウエキザイダンホウジン', 'ザイ', ['(公財)']),
  corporation('社団法人', 'シャダンホウジン', 'シヤ', ['(社)']),
  corporation('一般社団法人', 'イッパンシャダンホウジン', 'シヤ', ['(一社)']),
  corporation('公益社団法人', 'コウエキシャダンホウジン', 'シヤ', ['(公社)']),
  corporation('宗教法人', 'シュウキョウホウジン', 'シユウ', ['(宗)']),
  corporation('学校法人', 'ガッコウホウジン', 'ガク', ['(学)']),
  corporation('社会福祉法人', 'シャカイフクシホウジン', 'フク', ['(福)']),
  corporation('相互会社', 'ソウゴガイシャ', 'ソ', ['(相)']),
  corporation('更生保護法人', 'コウセイホゴホウジン', 'ホゴ'),
  corporation('特定非営利活動法人', 'トクテイヒエイリカツドウホウジン', 'トクヒ', ['(特非)']),
  corporation('独立行政法人', 'ドクリツギョウセイホウジン', 'ドク', ['(独)']),
  corporation('地方独立行政法人', 'チホウドクリツギョウセイホウジン', 'チドク'),
  corporation('弁護士法人', 'ベンゴシホウジン', 'ベン', ['(弁)']),
  corporation('有限責任中間法人', 'ユウゲンセキニンチュウカンホウジン', 'チユウ'),
  corporation('無限責任中間法人', 'ムゲンセキニンチュウカンホウジン', 'チユウ'),
  corporation('行政書士法人', 'ギョウセイショシホウジン', 'ギヨ'),
  corporation('司法書士法人', 'シホウショシホウジン', 'シホウ'),
  corporation('税理士法人', 'ゼイリシホウジン', 'ゼイ', ['(税)']),
  corporation('国立大学法人', 'コクリツダイガクホウジン', 'ダイ'),
  corporation('公立大学法人', 'コウリツダイガクホウジン', 'ダイ'),
  corporation('農事組合法人', 'ノウジクミアイホウジン', 'ノウ'),
  corporation('管理組合法人', 'カンリクミアイホウジン', 'カンリ'),
  corporation('社会保険労務士法人', 'シャカイホケンロウムシホウジン', 'ロウム'),
  office('営業所', 'エイギョウショ', 'エイ'),
  office('出張所', 'シュッチョウジョ', 'シユツ'),
]);

/** 株式会社, the legal form of every bank: Resolve drops its written forms from bank names (src/resolve/noise.ts). */
export const KABUSHIKI_GAISHA: CorporateAbbreviation = CORPORATE_ABBREVIATIONS.find((e) => e.name === '株式会社')!;

/** `text` as a literal in a regular expression. */
export function escapedForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where in the name a legal form or office stands. */
export type AbbreviationPosition = 'start' | 'middle' | 'end';

/**
 * The abbreviation as written at `position`: カ) before the name, (カ) inside it, (カ after
 * it (株式会社ミズホ → カ)ミズホ, ミズホ株式会社 → ミズホ(カ, ミズホ株式会社東京支社 →
 * ミズホ(カ)トウキヨウシシヤ).
 */
export function abbreviationAt(abbreviation: string, position: AbbreviationPosition): string {
  switch (position) {
    case 'start':
      return `${abbreviation})`;
    case 'middle':
      return `(${abbreviation})`;
    case 'end':
      return `(${abbreviation}`;
  }
}

/**
 * The written forms of an entry that stand for it in a name: the kanji name, its short forms,
 * and (for a legal form) its reading, also with 会社 read カイシャ as well as ガイシャ.
 */
export function writtenForms(entry: CorporateAbbreviation): string[] {
  const forms = [entry.name, ...entry.shortForms];
  if (entry.kind === 'corporation') {
    forms.push(entry.reading);
    if (entry.reading.endsWith('ガイシャ')) forms.push(entry.reading.slice(0, -4) + 'カイシャ');
  }
  return forms;
}

/**
 * The curated alias table: well-known abbreviations, brands and former names that the master
 * does not contain. Kept as data; each alias lists every institution it may stand for, so its
 * ambiguity is explicit (more than one code: `bank_alias_ambiguous`, never auto-confirmed).
 *
 * Rules for entries (checked by test/resolve.aliases.test.ts):
 * - every code exists in the bundled directory;
 * - an alias never takes an official name, short name, stem or reading away from its
 *   institution: where it reads the same (シティバンク), it lists that institution too and so
 *   only adds doubt;
 * - former names are never auto-confirmed (branches may have been renamed or merged), so a
 *   former name with one successor is still only a candidate for review.
 * `source` says how the entry was verified: `data` = seen in the dated zengin-code versions
 * (each note names them), `public` = a well-known public merger, rename or brand.
 */
export type AliasKind = 'abbreviation' | 'brand' | 'former_name';

export interface BankAlias {
  readonly text: string;
  readonly codes: readonly string[];
  readonly kind: AliasKind;
  readonly source: 'data' | 'public';
  readonly note: string;
}

export const BANK_ALIASES: readonly BankAlias[] = Object.freeze([
  // Abbreviations and brands
  { text: 'MUFG', codes: ['0005'], kind: 'abbreviation', source: 'public', note: 'MUFG Bank is the English name of 三菱UFJ銀行' },
  { text: 'MUFG銀行', codes: ['0005'], kind: 'abbreviation', source: 'public', note: 'MUFG Bank' },
  { text: '三菱', codes: ['0005', '0288'], kind: 'abbreviation', source: 'public', note: '三菱UFJ銀行 or 三菱UFJ信託銀行' },
  { text: 'UFJ', codes: ['0005', '0288'], kind: 'abbreviation', source: 'public', note: 'UFJ銀行 and UFJ信託銀行 both existed' },
  { text: 'SMBC', codes: ['0009'], kind: 'abbreviation', source: 'public', note: 'Sumitomo Mitsui Banking Corporation; SMBC信託銀行 is matched by its own name' },
  { text: '住友', codes: ['0009', '0294'], kind: 'abbreviation', source: 'public', note: '三井住友銀行 or 三井住友信託銀行' },
  { text: 'mizuho', codes: ['0001'], kind: 'brand', source: 'public', note: 'romanized' },
  { text: 'resona', codes: ['0010'], kind: 'brand', source: 'public', note: 'romanized' },
  { text: '郵便局', codes: ['9900'], kind: 'brand', source: 'public', note: 'accounts at the post office are ゆうちょ銀行 accounts' },
  { text: 'ゆうびんきょく', codes: ['9900'], kind: 'brand', source: 'public', note: 'reading of 郵便局' },
  { text: '郵貯', codes: ['9900'], kind: 'brand', source: 'public', note: 'ゆうちょ in kanji' },
  { text: '郵便貯金', codes: ['9900'], kind: 'brand', source: 'public', note: 'the former postal savings' },
  { text: 'JPバンク', codes: ['9900'], kind: 'brand', source: 'public', note: 'JP BANK, ゆうちょ銀行' },
  { text: 'JNB', codes: ['0033'], kind: 'abbreviation', source: 'public', note: 'Japan Net Bank, now PayPay銀行' },
  { text: '住信SBI', codes: ['0038'], kind: 'abbreviation', source: 'data', note: 'short for 住信SBIネット銀行 (renamed, see below)' },
  { text: '77銀行', codes: ['0125'], kind: 'abbreviation', source: 'public', note: '七十七銀行 in digits' },
  { text: 'HSBC', codes: ['0411'], kind: 'abbreviation', source: 'public', note: '香港上海銀行' },
  { text: 'シティバンク', codes: ['0401', '0300'], kind: 'abbreviation', source: 'public', note: 'シティバンク、エヌ・エイ, or the former シティバンク銀行 (retail) now in SMBC信託銀行' },
  { text: '商工中金', codes: ['2004'], kind: 'abbreviation', source: 'public', note: '商工組合中央金庫' },
  { text: '農林中金', codes: ['3000'], kind: 'abbreviation', source: 'public', note: '農林中央金庫' },
  { text: '信金中金', codes: ['1000'], kind: 'abbreviation', source: 'public', note: '信金中央金庫' },
  { text: '全信組連', codes: ['2010'], kind: 'abbreviation', source: 'public', note: '全国信用協同組合連合会' },
  { text: '労金連', codes: ['2950'], kind: 'abbreviation', source: 'public', note: '労働金庫連合会' },
  { text: 'RCC', codes: ['2213'], kind: 'abbreviation', source: 'public', note: '整理回収機構' },
  // Former names, verified in the dated zengin-code versions named in each note
  { text: '住信SBIネット銀行', codes: ['0038'], kind: 'former_name', source: 'data', note: '0038 住信ＳＢＩネット → ドコモＳＭＴＢネット (p20260630 → p20260824)' },
  { text: '福邦銀行', codes: ['0147'], kind: 'former_name', source: 'data', note: '0537 福邦 removed and its branches added to 0147 福井 (p20260331 → p20260524)' },
  { text: '久留米市農協', codes: ['8660'], kind: 'former_name', source: 'data', note: '8660 久留米市農協 → 福岡久留米市農協 (p20260331 → p20260524)' },
  { text: 'にじ農協', codes: ['8660'], kind: 'former_name', source: 'data', note: '8653 にじ農協 removed; its branches 浮羽, 田主丸 appear at 8660' },
  { text: 'みい農協', codes: ['8660'], kind: 'former_name', source: 'data', note: '8656 みい農協 removed; its branches 小郡中央, 北野中央, 大刀洗中央 appear at 8660' },
  { text: '広島ゆたか農協', codes: ['7909'], kind: 'former_name', source: 'data', note: '8019 広島ゆたか農協 removed; its branches 内浦, 大長 appear at 7909' },
  // Former names from public mergers and renames
  { text: '三菱東京UFJ銀行', codes: ['0005'], kind: 'former_name', source: 'public', note: 'renamed 三菱UFJ銀行 in 2018' },
  { text: '東京三菱銀行', codes: ['0005'], kind: 'former_name', source: 'public', note: 'merged into 三菱東京UFJ銀行 in 2006' },
  { text: 'UFJ銀行', codes: ['0005'], kind: 'former_name', source: 'public', note: 'merged into 三菱東京UFJ銀行 in 2006' },
  { text: 'UFJ信託銀行', codes: ['0288'], kind: 'former_name', source: 'public', note: 'merged into 三菱UFJ信託銀行 in 2005' },
  { text: '三菱銀行', codes: ['0005'], kind: 'former_name', source: 'public', note: 'merged into 東京三菱銀行 in 1996' },
  { text: '東京銀行', codes: ['0005'], kind: 'former_name', source: 'public', note: 'merged into 東京三菱銀行 in 1996' },
  { text: '三和銀行', codes: ['0005'], kind: 'former_name', source: 'public', note: 'merged into UFJ銀行 in 2002' },
  { text: '東海銀行', codes: ['0005'], kind: 'former_name', source: 'public', note: 'merged into UFJ銀行 in 2002' },
  { text: '住友銀行', codes: ['0009'], kind: 'former_name', source: 'public', note: 'merged into 三井住友銀行 in 2001' },
  { text: 'さくら銀行', codes: ['0009'], kind: 'former_name', source: 'public', note: 'merged into 三井住友銀行 in 2001' },
  { text: '住友信託銀行', codes: ['0294'], kind: 'former_name', source: 'public', note: 'merged into 三井住友信託銀行 in 2012' },
  { text: '中央三井信託銀行', codes: ['0294'], kind: 'former_name', source: 'public', note: 'merged into 三井住友信託銀行 in 2012' },
  { text: '第一勧業銀行', codes: ['0001'], kind: 'former_name', source: 'public', note: 'merged into みずほ銀行 in 2002' },
  { text: '富士銀行', codes: ['0001'], kind: 'former_name', source: 'public', note: 'merged into みずほ銀行 in 2002' },
  { text: '日本興業銀行', codes: ['0001'], kind: 'former_name', source: 'public', note: 'merged into みずほ in 2002' },
  { text: 'みずほコーポレート銀行', codes: ['0001'], kind: 'former_name', source: 'public', note: 'merged into みずほ銀行 in 2013' },
  { text: 'あさひ銀行', codes: ['0010', '0017'], kind: 'former_name', source: 'public', note: 'split into りそな銀行 and 埼玉りそな銀行 in 2003' },
  { text: '大和銀行', codes: ['0010'], kind: 'former_name', source: 'public', note: 'merged into りそな銀行 in 2003' },
  { text: 'ジャパンネット銀行', codes: ['0033'], kind: 'former_name', source: 'public', note: 'renamed PayPay銀行 in 2021' },
  { text: 'じぶん銀行', codes: ['0039'], kind: 'former_name', source: 'public', note: 'renamed auじぶん銀行 in 2019' },
  { text: '新生銀行', codes: ['0397'], kind: 'former_name', source: 'public', note: 'renamed SBI新生銀行 in 2023' },
  { text: 'シティバンク銀行', codes: ['0300'], kind: 'former_name', source: 'public', note: 'retail business moved to SMBC信託銀行 in 2015' },
  { text: '東京都民銀行', codes: ['0137'], kind: 'former_name', source: 'public', note: 'merged into きらぼし銀行 in 2018' },
  { text: '八千代銀行', codes: ['0137'], kind: 'former_name', source: 'public', note: 'merged into きらぼし銀行 in 2018' },
  { text: '新銀行東京', codes: ['0137'], kind: 'former_name', source: 'public', note: 'merged into きらぼし銀行 in 2018' },
  { text: '第四銀行', codes: ['0140'], kind: 'former_name', source: 'public', note: 'merged into 第四北越銀行 in 2021' },
  { text: '北越銀行', codes: ['0140'], kind: 'former_name', source: 'public', note: 'merged into 第四北越銀行 in 2021' },
  { text: '八十二銀行', codes: ['0143'], kind: 'former_name', source: 'public', note: 'merged into 八十二長野銀行' },
  { text: '長野銀行', codes: ['0143'], kind: 'former_name', source: 'public', note: 'merged into 八十二長野銀行' },
  { text: '青森銀行', codes: ['0117'], kind: 'former_name', source: 'public', note: 'merged into 青森みちのく銀行' },
  { text: 'みちのく銀行', codes: ['0117'], kind: 'former_name', source: 'public', note: 'merged into 青森みちのく銀行' },
  { text: '十八銀行', codes: ['0181'], kind: 'former_name', source: 'public', note: 'merged into 十八親和銀行 in 2020' },
  { text: '親和銀行', codes: ['0181'], kind: 'former_name', source: 'public', note: 'merged into 十八親和銀行 in 2020' },
  { text: '関西アーバン銀行', codes: ['0159'], kind: 'former_name', source: 'public', note: 'merged into 関西みらい銀行 in 2019' },
  { text: '近畿大阪銀行', codes: ['0159'], kind: 'former_name', source: 'public', note: 'merged into 関西みらい銀行 in 2019' },
  { text: '三重銀行', codes: ['0154'], kind: 'former_name', source: 'public', note: 'merged into 三十三銀行 in 2021' },
  { text: '第三銀行', codes: ['0154'], kind: 'former_name', source: 'public', note: 'merged into 三十三銀行 in 2021' },
  { text: '徳島銀行', codes: ['0572'], kind: 'former_name', source: 'public', note: 'merged into 徳島大正銀行 in 2020' },
  { text: '大正銀行', codes: ['0572'], kind: 'former_name', source: 'public', note: 'merged into 徳島大正銀行 in 2020' },
  { text: '愛知銀行', codes: ['0542'], kind: 'former_name', source: 'public', note: 'merged into あいち銀行 in 2025' },
  { text: '中京銀行', codes: ['0542'], kind: 'former_name', source: 'public', note: 'merged into あいち銀行 in 2025' },
] satisfies readonly BankAlias[]);

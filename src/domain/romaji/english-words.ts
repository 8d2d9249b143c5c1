/**
 * English and brand words people type among romaji, with the reading they stand for: `bank`
 * is 銀行 (ぎんこう), `UFJ` is read ユーエフジェイ in the master, `Japan Post Bank` is
 * ゆうちょ銀行. Kept as data so that each entry says where it comes from; the romaji reader
 * (latin-readings.ts) tries the text with and without them, so a romaji word that happens to
 * look like one (banka) still reads as romaji too.
 *
 * `source`: `english_name` = the institution's or the type's own English name, as it writes it
 * on its English pages and statements (Mizuho Bank, Johnan Shinkin Bank, MUFG Bank);
 * `letters` = Latin letters in an official name, read as the master's kana reads them
 * (三菱ＵＦＪ → ミツビシユ－エフジエイ, ＳＢＩ新生 → エスビ－アイシンセイ); `brand` = a
 * brand of the institution written in the Latin alphabet (PayPay, JP BANK).
 */
export interface EnglishWord {
  /** As typed; compared in lower case without spaces, hyphens or dots. */
  readonly text: string;
  /** The reading it stands for, in kana. */
  readonly reading: string;
  readonly source: 'english_name' | 'letters' | 'brand';
  readonly note: string;
}

export const ENGLISH_WORDS: readonly EnglishWord[] = Object.freeze([
  // Institution types
  { text: 'shinkin bank', reading: 'しんきん', source: 'english_name', note: 'shinkin banks call themselves "… Shinkin Bank" (Johnan Shinkin Bank)' },
  { text: 'credit cooperative', reading: 'しんくみ', source: 'english_name', note: '信用組合 in English' },
  { text: 'credit union', reading: 'しんくみ', source: 'english_name', note: '信用組合 in English' },
  { text: 'labour bank', reading: 'ろうきん', source: 'english_name', note: '労働金庫 call themselves "… Labour Bank" (Chuo Labour Bank)' },
  { text: 'labor bank', reading: 'ろうきん', source: 'english_name', note: 'American spelling of Labour Bank' },
  { text: 'rokin bank', reading: 'ろうきん', source: 'english_name', note: 'Kinki Rokin Bank and others' },
  { text: 'trust and banking', reading: 'しんたくぎんこう', source: 'english_name', note: 'Mizuho Trust & Banking' },
  { text: 'trust & banking', reading: 'しんたくぎんこう', source: 'english_name', note: 'Mizuho Trust & Banking' },
  { text: 'trust bank', reading: 'しんたくぎんこう', source: 'english_name', note: 'Sumitomo Mitsui Trust Bank' },
  { text: 'banking corporation', reading: 'ぎんこう', source: 'english_name', note: 'Sumitomo Mitsui Banking Corporation' },
  { text: 'bank', reading: 'ぎんこう', source: 'english_name', note: 'every bank\'s English name ("Mizuho Bank")' },
  // Branch words
  { text: 'branch', reading: 'してん', source: 'english_name', note: '支店 ("Shinjuku Branch")' },
  { text: 'head office', reading: 'ほんてん', source: 'english_name', note: '本店' },
  { text: 'main office', reading: 'ほんてん', source: 'english_name', note: '本店' },
  { text: 'main branch', reading: 'ほんてん', source: 'english_name', note: '本店' },
  { text: 'sub branch', reading: 'しゅっちょうじょ', source: 'english_name', note: '出張所' },
  // Institutions by their English names and Latin letters
  { text: 'japan post bank', reading: 'ゆうちょぎんこう', source: 'english_name', note: 'ゆうちょ銀行 is Japan Post Bank' },
  { text: 'japan post', reading: 'ゆうちょ', source: 'english_name', note: 'accounts at Japan Post offices are ゆうちょ銀行 accounts' },
  { text: 'jp bank', reading: 'ゆうちょぎんこう', source: 'brand', note: 'JP BANK, the brand of ゆうちょ銀行' },
  { text: 'sumitomo mitsui', reading: 'みついすみとも', source: 'english_name', note: '三井住友銀行 is Sumitomo Mitsui Banking Corporation' },
  { text: 'smbc', reading: 'みついすみともぎんこう', source: 'brand', note: 'Sumitomo Mitsui Banking Corporation' },
  { text: 'mufg', reading: 'みつびしゆーえふじぇい', source: 'english_name', note: '三菱ＵＦＪ銀行 is MUFG Bank' },
  { text: 'ufj', reading: 'ゆーえふじぇい', source: 'letters', note: '三菱ＵＦＪ: ミツビシユ－エフジエイ' },
  { text: 'sbi', reading: 'えすびーあい', source: 'letters', note: 'ＳＢＩ新生, 住信ＳＢＩ: エスビ－アイ' },
  { text: 'gmo', reading: 'じーえむおー', source: 'letters', note: 'ＧＭＯあおぞらネット: ジ－エムオ－' },
  { text: 'paypay', reading: 'ぺいぺい', source: 'letters', note: 'ＰａｙＰａｙ銀行: ペイペイ' },
  { text: 'au', reading: 'えーゆー', source: 'letters', note: 'ａｕじぶん銀行: エ－ユ－ジブン' },
  { text: 'aeon', reading: 'いおん', source: 'english_name', note: 'イオン銀行 is AEON Bank' },
  { text: 'sony', reading: 'そにー', source: 'english_name', note: 'ソニー銀行 is Sony Bank' },
  { text: 'seven', reading: 'せぶん', source: 'english_name', note: 'セブン銀行 is Seven Bank' },
  { text: 'lawson', reading: 'ろーそん', source: 'english_name', note: 'ローソン銀行 is Lawson Bank' },
  { text: 'shoko chukin', reading: 'しょうこうくみあいちゅうおうきんこ', source: 'english_name', note: '商工組合中央金庫 is The Shoko Chukin Bank' },
  { text: 'norinchukin', reading: 'のうりんちゅうおうきんこ', source: 'english_name', note: '農林中央金庫 is The Norinchukin Bank' },
  { text: 'resona', reading: 'りそな', source: 'brand', note: 'りそな銀行 writes its brand Resona (the reading is risona)' },
  { text: 'star', reading: 'すたー', source: 'english_name', note: '東京スター銀行 is Tokyo Star Bank' },
  { text: 'net', reading: 'ねっと', source: 'english_name', note: 'ネット in bank names: ＧＭＯあおぞらネット, ドコモＳＭＴＢネット' },
]);

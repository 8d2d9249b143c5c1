/**
 * Full institution names (docs/search-api.md#resources): the Zengin master holds short forms
 * without the type suffix (`みずほ`, `北海道信金`); users know `みずほ銀行`, `北海道信用金庫`. The name and its
 * full-width kana get the same suffix so that every reading form stays consistent.
 */
import { INSTITUTION_TYPE_SPELLINGS } from './institutions.js';

interface NameForm {
  readonly name: string;
  readonly kana: string;
}

/** A short ending of the master and its full form, in name and in Zengin kana. */
interface SuffixRule {
  readonly short: NameForm;
  readonly full: NameForm;
}

/** Every type whose master short ending differs from its full ending (all but 銀行). */
const SUFFIX_RULES: readonly SuffixRule[] = INSTITUTION_TYPE_SPELLINGS.flatMap((t) =>
  t.short !== undefined && t.shortKana !== undefined ? [{ short: { name: t.short, kana: t.shortKana }, full: { name: t.full, kana: t.fullKana } }] : [],
);

const bankSpelling = INSTITUTION_TYPE_SPELLINGS.find((t) => t.type === 'bank')!;
const BANK_SUFFIX: NameForm = { name: bankSpelling.full, kana: bankSpelling.fullKana };

/** Institutions whose full name is not the short form plus a type suffix. */
const FULL_NAME_EXCEPTIONS: Readonly<Record<string, NameForm>> = Object.freeze({
  '0200': { name: 'ワイズ・ペイメンツ・ジャパン', kana: 'ワイズ' }, // a funds-transfer company, not a bank
  '1000': { name: '信金中央金庫', kana: 'シンキンチユウオウキンコ' },
  '2004': { name: '商工組合中央金庫', kana: 'シヨウコウクミアイチユウオウキンコ' },
  '2010': { name: '全国信用協同組合連合会', kana: 'ゼンコクシンヨウキヨウドウクミアイレンゴウカイ' },
  '2213': { name: '整理回収機構', kana: 'セイリカイシユウキコウ' },
  '2950': { name: '労働金庫連合会', kana: 'ロウドウキンコレンゴウカイ' },
  '3000': { name: '農林中央金庫', kana: 'ノウリンチユウオウキンコ' },
  '3771': { name: '秋田たかのす農業協同組合', kana: 'アキタタカノスノウギヨウキヨウドウクミアイ' },
  '9900': { name: 'ゆうちょ銀行', kana: 'ユウチヨギンコウ' },
});

/** Foreign banks whose registered name already says "bank" in its own language. */
const NAMES_WITHOUT_BANK_SUFFIX = /(?:バンク|エヌ・エイ|リミテッド)/u;

function replaceEnding(text: string, short: string, full: string): string {
  return text.endsWith(short) ? text.slice(0, text.length - short.length) + full : text + full;
}

/**
 * The full name and full-width kana of an institution from the master's short forms.
 * Kana the master cut at its 15-character width keeps the cut and gets the suffix appended.
 */
export function fullInstitutionName(bankCode: string, short: NameForm): NameForm {
  const exception = FULL_NAME_EXCEPTIONS[bankCode];
  if (exception) return exception;
  for (const rule of SUFFIX_RULES) {
    if (short.name.endsWith(rule.short.name)) {
      return {
        name: replaceEnding(short.name, rule.short.name, rule.full.name),
        kana: replaceEnding(short.kana, rule.short.kana, rule.full.kana),
      };
    }
  }
  if (bankCode < '1000' && !NAMES_WITHOUT_BANK_SUFFIX.test(short.name)) {
    return { name: short.name + BANK_SUFFIX.name, kana: short.kana + BANK_SUFFIX.kana };
  }
  return short;
}

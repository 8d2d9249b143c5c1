/**
 * Institution types as people write them. A bank name is read as a stem plus an optional type
 * (`北海道` + 信用金庫), whatever spelling of the type was used: the full form (信用金庫), the
 * master's short form (信金), the reading (しんようきんこ, しんきん) or a brand prefix (JA, JF).
 */
import type { Bank } from '../domain/types.js';
import { type Key, keyOf, withoutPrefix, withoutSuffix } from './keys.js';

export type InstitutionType = 'bank' | 'shinkin' | 'shinkumi' | 'rokin' | 'nokyo' | 'shinren' | 'gyokyo' | 'shingyoren';

interface TypeSpelling {
  readonly type: InstitutionType;
  /** The ending of full names (DESIGN.md §2), e.g. 信用金庫. */
  readonly full: string;
  /** The ending of the master's short names (信金); absent where the master drops the type (銀行). */
  readonly short?: string;
  readonly fullKana: string;
  readonly shortKana?: string;
  /** Brand prefixes that stand for the type: JAさがみ = さがみ農協. */
  readonly prefixes?: readonly string[];
}

/** Longer endings first: 信用漁業協同組合連合会 must win over 漁業協同組合. */
const TYPE_SPELLINGS: readonly TypeSpelling[] = [
  { type: 'shingyoren', full: '信用漁業協同組合連合会', short: '信漁連', fullKana: 'シンヨウギヨギヨウキヨウドウクミアイレンゴウカイ', shortKana: 'シンギヨレン' },
  { type: 'shinren', full: '信用農業協同組合連合会', short: '信連', fullKana: 'シンヨウノウギヨウキヨウドウクミアイレンゴウカイ', shortKana: 'シンレン' },
  { type: 'gyokyo', full: '漁業協同組合', short: '漁協', fullKana: 'ギヨギヨウキヨウドウクミアイ', shortKana: 'ギヨキヨウ', prefixes: ['JF'] },
  { type: 'nokyo', full: '農業協同組合', short: '農協', fullKana: 'ノウギヨウキヨウドウクミアイ', shortKana: 'ノウキヨウ', prefixes: ['JA'] },
  { type: 'shinkin', full: '信用金庫', short: '信金', fullKana: 'シンヨウキンコ', shortKana: 'シンキン' },
  { type: 'shinkumi', full: '信用組合', short: '信組', fullKana: 'シンヨウクミアイ', shortKana: 'シンクミ' },
  { type: 'rokin', full: '労働金庫', short: '労金', fullKana: 'ロウドウキンコ', shortKana: 'ロウキン' },
  { type: 'bank', full: '銀行', fullKana: 'ギンコウ' },
];

interface SuffixKey {
  readonly type: InstitutionType;
  readonly key: Key;
}

const SUFFIX_KEYS: readonly SuffixKey[] = TYPE_SPELLINGS.flatMap((t) =>
  [t.full, t.short, t.fullKana, t.shortKana].filter((s): s is string => s !== undefined).map((s) => ({ type: t.type, key: keyOf(s) })),
).sort((a, b) => b.key.folded.length - a.key.folded.length);

const PREFIX_KEYS: readonly SuffixKey[] = TYPE_SPELLINGS.flatMap((t) => (t.prefixes ?? []).map((p) => ({ type: t.type, key: keyOf(p) })));

/** Company-form words that say nothing about which institution is meant. */
const COMPANY_FORMS = /^(?:株式会社|\(株\)|（株）|㈱)|(?:株式会社|\(株\)|（株）|㈱)$/gu;

export function withoutCompanyForm(text: string): string {
  return text.normalize('NFKC').trim().replace(COMPANY_FORMS, '').trim();
}

/** One way of reading a bank input: the stem, and the type it names if any. */
export interface BankReading {
  readonly stem: Key;
  readonly type: InstitutionType | null;
}

/**
 * Every reading of a bank input: as written (no type), and with each type spelling found at
 * its end or start removed. `北海道しんきん` → [北海道しんきん], [北海道, shinkin].
 */
export function readBankInput(input: Key): BankReading[] {
  // 信用金庫 or JA alone names a type, not an institution.
  if ([...SUFFIX_KEYS, ...PREFIX_KEYS].some((s) => s.key.folded === input.folded)) return [];
  const readings: BankReading[] = [{ stem: input, type: null }];
  const add = (stem: Key | undefined, type: InstitutionType) => {
    if (stem && !readings.some((r) => r.type === type && r.stem.folded === stem.folded)) readings.push({ stem, type });
  };
  for (const suffix of SUFFIX_KEYS) add(withoutSuffix(input, suffix.key), suffix.type);
  for (const prefix of PREFIX_KEYS) {
    const rest = withoutPrefix(input, prefix.key);
    if (!rest) continue;
    add(rest, prefix.type);
    // JAさがみ農協: the prefix and the ending name the same type.
    for (const suffix of SUFFIX_KEYS) if (suffix.type === prefix.type) add(withoutSuffix(rest, suffix.key), prefix.type);
  }
  return readings;
}

/** The name forms of one institution, derived from its public resource. */
export interface InstitutionForms {
  readonly type: InstitutionType | null;
  /** Name without the type ending: みずほ, 北海道. The whole name where there is no type ending. */
  readonly stem: string;
  /** The master's short form: みずほ, 北海道信金. */
  readonly short: string;
  /** Reading without the type ending. */
  readonly kanaStem: string;
}

export function institutionForms(bank: Bank): InstitutionForms {
  for (const t of TYPE_SPELLINGS) {
    if (bank.name.endsWith(t.full) && bank.name.length > t.full.length) {
      const stem = bank.name.slice(0, bank.name.length - t.full.length);
      const kanaStem = bank.fullWidthKana.endsWith(t.fullKana) ? bank.fullWidthKana.slice(0, bank.fullWidthKana.length - t.fullKana.length) : bank.fullWidthKana;
      return { type: t.type, stem, short: stem + (t.short ?? ''), kanaStem };
    }
  }
  return { type: null, stem: bank.name, short: bank.name, kanaStem: bank.fullWidthKana };
}

/**
 * Institution types as people write them. A bank name is read as a stem plus an optional type
 * (`北海道` + 信用金庫), whatever spelling of the type was used: the full form (信用金庫), the
 * master's short form (信金), the reading (しんようきんこ, しんきん) or a brand prefix (JA, JF), all
 * from the one table of src/domain/institutions.ts.
 */
import { type InstitutionType, INSTITUTION_TYPE_SPELLINGS } from '../domain/institutions.js';
import { escapedForPattern, KABUSHIKI_GAISHA } from '../payee/corporate-abbreviations.js';
import type { Bank } from '../domain/types.js';
import { type Key, keyOf, withoutPrefix, withoutSuffix } from './keys.js';

interface SuffixKey {
  readonly type: InstitutionType;
  readonly key: Key;
}

const SUFFIX_KEYS: readonly SuffixKey[] = INSTITUTION_TYPE_SPELLINGS.flatMap((t) =>
  [t.full, t.short, t.fullKana, t.shortKana].filter((s): s is string => s !== undefined).map((s) => ({ type: t.type, key: keyOf(s) })),
).sort((a, b) => b.key.folded.length - a.key.folded.length);

const PREFIX_KEYS: readonly SuffixKey[] = INSTITUTION_TYPE_SPELLINGS.flatMap((t) => t.prefixes.map((p) => ({ type: t.type, key: keyOf(p) })));

/** The folded spellings of the types alone. */
const TYPE_SPELLINGS: ReadonlySet<string> = new Set([...SUFFIX_KEYS, ...PREFIX_KEYS].map((s) => s.key.folded));

/**
 * Company-form words that say nothing about which institution is meant: 株式会社 and its short
 * form (株) from the one 法人略語 table; （株） and ㈱ are (株) once NFKC has run.
 */
const COMPANY_FORM_TEXTS = [KABUSHIKI_GAISHA.name, ...KABUSHIKI_GAISHA.shortForms].map(escapedForPattern).join('|');
const COMPANY_FORMS = new RegExp(`^(?:${COMPANY_FORM_TEXTS})|(?:${COMPANY_FORM_TEXTS})$`, 'gu');

export function withoutCompanyForm(text: string): string {
  const trimmed = text.normalize('NFKC').trim();
  // The pattern ends in `$`, so it is tried at every position: only where there is a 株.
  return trimmed.includes('株') ? trimmed.replace(COMPANY_FORMS, '').trim() : trimmed;
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
  if (TYPE_SPELLINGS.has(input.folded)) return [];
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
  for (const t of INSTITUTION_TYPE_SPELLINGS) {
    if (bank.name.endsWith(t.full) && bank.name.length > t.full.length) {
      const stem = bank.name.slice(0, bank.name.length - t.full.length);
      const kanaStem = bank.fullWidthKana.endsWith(t.fullKana) ? bank.fullWidthKana.slice(0, bank.fullWidthKana.length - t.fullKana.length) : bank.fullWidthKana;
      return { type: t.type, stem, short: stem + (t.short ?? ''), kanaStem };
    }
  }
  return { type: null, stem: bank.name, short: bank.name, kanaStem: bank.fullWidthKana };
}

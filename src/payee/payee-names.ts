/**
 * Whether a name in a payee record names a given bank or branch listing, read the way a bank
 * clerk would (docs/payee-checks.md#names): width, script, case, small kana, the long vowel,
 * spaces and ヂ/ジ do not matter (foldKeepingVoicing of src/domain/fold.ts), voicing does; nor do
 * variant kanji or the joining kana of place names (髙 and 高, 市が谷 and 市ヶ谷: Resolve's
 * foldKanjiVariants of src/domain/kanji-variants.ts); a
 * bank's type may be written in full, short, as its reading or left out (みずほ, みずほ銀行,
 * ﾐｽﾞﾎｷﾞﾝｺｳ), 株式会社 ignored; a branch's office word likewise (新宿, 新宿支店). A name of 15
 * half-width characters or more that a listing's reading starts with (全銀 equivalence of
 * src/payee/zengin-kana.ts) matches too: 全銀 files cut names at their 15-character fields.
 */
import { foldKeepingVoicing } from '../domain/fold.js';
import { INSTITUTION_TYPE_SPELLINGS } from '../domain/institutions.js';
import { foldKanjiVariants } from '../domain/kanji-variants.js';
import { OFFICE_WORDS } from '../domain/office-words.js';
import { KABUSHIKI_GAISHA } from './corporate-abbreviations.js';
import { equivalenceKey, normalizeZenginName } from './zengin-kana.js';

/** A name as written in one listing: its name and its full-width reading. */
export interface ListedName {
  readonly name: string;
  readonly kana: string;
}

/** A bank name's key: the folded stem and the type its ending named (null for none). */
interface BankKey {
  readonly stem: string;
  readonly type: string | null;
}

const fold = (text: string) => foldKeepingVoicing(foldKanjiVariants(text));

const TYPE_ENDINGS: readonly { readonly ending: string; readonly type: string }[] = INSTITUTION_TYPE_SPELLINGS.flatMap((t) =>
  [t.full, t.short, t.fullKana, t.shortKana].filter((s): s is string => s !== undefined).map((s) => ({ ending: fold(s), type: t.type })),
).sort((a, b) => b.ending.length - a.ending.length);

const COMPANY_FORMS = [KABUSHIKI_GAISHA.name, ...KABUSHIKI_GAISHA.shortForms].map(fold);

function withoutCompanyForm(folded: string): string {
  for (const form of COMPANY_FORMS) {
    if (folded.startsWith(form)) return folded.slice(form.length);
    if (folded.endsWith(form)) return folded.slice(0, -form.length);
  }
  return folded;
}

function bankKey(text: string): BankKey {
  const folded = withoutCompanyForm(fold(text));
  for (const { ending, type } of TYPE_ENDINGS) {
    if (folded.length > ending.length && folded.endsWith(ending)) return { stem: folded.slice(0, -ending.length), type };
  }
  return { stem: folded, type: null };
}

/** Office words a branch name may carry or leave out, longest first. */
const OFFICE_ENDINGS = OFFICE_WORDS.map((w) => fold(w.text)).sort((a, b) => b.length - a.length);

function branchKey(text: string): string {
  const folded = fold(text);
  for (const word of OFFICE_ENDINGS) if (folded.length > word.length && folded.endsWith(word)) return folded.slice(0, -word.length);
  return folded;
}

/** Shortest given name read as possibly cut by a 全銀 field. */
export const ZENGIN_NAME_FIELD_WIDTH = 15;

const zenginKey = (text: string) => equivalenceKey(normalizeZenginName(text, 'remitter').normalized);

/** A half-width name filling a 全銀 field, which the listing's reading starts with. */
function cutReading(given: string, listed: ListedName): boolean {
  if (given.length < ZENGIN_NAME_FIELD_WIDTH || !/^[\uff61-\uff9f\x20-\x7e]+$/u.test(given)) return false;
  const key = zenginKey(given);
  return key.length > 0 && zenginKey(listed.kana).startsWith(key);
}

/** Whether `given` names the bank as `listed`. */
export function namesBank(given: string, listed: ListedName): boolean {
  const key = bankKey(given);
  if (key.stem === '') return false;
  for (const form of [listed.name, listed.kana]) {
    const other = bankKey(form);
    if (other.stem === key.stem && (key.type === null || key.type === other.type)) return true;
  }
  return cutReading(given, listed);
}

/** Whether `given` names the branch as `listed`. */
export function namesBranch(given: string, listed: ListedName): boolean {
  const key = branchKey(given);
  if (key === '') return false;
  return key === branchKey(listed.name) || key === branchKey(listed.kana) || cutReading(given, listed);
}

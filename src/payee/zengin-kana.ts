/**
 * Names in the 全銀 half-width kana set (docs/kana.md): what a payee (受取人名) or remitter
 * (依頼人名) name must look like in a Zengin transfer, from what a person types.
 *
 *   1. Each character on its own: NFKC (full-width ASCII to ASCII, half-width kana to full),
 *      hiragana to katakana, small kana written large (キュ → キユ), ヰ ヱ ヲ as イ エ オ, every
 *      dash and the long vowel ー as `-`, the middle dot ・ as a space, 、 。 as `,` `.`, Latin
 *      letters in upper case, then katakana to half-width (ガ → ｶﾞ).
 *   2. The 法人略語 and 営業所略語 of src/payee/corporate-abbreviations.ts by position: a legal
 *      form first becomes ｶ), last (ｶ, inside the name (ｶ); spaces beside it go.
 *   3. Runs of spaces as one; none at either end.
 *   4. Every character checked against the set of the field; the length (ﾞ and ﾟ count as one
 *      character each) against its limit. Kanji and anything outside the set stay in the text
 *      and are reported by their index in the input.
 *
 * A normalized text normalizes to itself (test/zengin-kana.test.ts checks it as a property).
 * No HTTP here.
 */
import { smallToLarge } from '../domain/fold.js';
import { hiraganaToKatakana, toHalfWidthKana } from '../domain/kana.js';
import { abbreviationAt, type AbbreviationPosition, CORPORATE_ABBREVIATIONS, writtenForms } from './corporate-abbreviations.js';

/** The name fields of a transfer: their length limits and the symbols each allows besides kana, A–Z, 0–9 and space. */
export const ZENGIN_NAME_FIELDS = Object.freeze({
  payee: Object.freeze({ label: '受取人名', maxLength: 30, symbols: '().-' }),
  remitter: Object.freeze({ label: '依頼人名', maxLength: 40, symbols: '().-,/' }),
});

export type ZenginNameField = keyof typeof ZENGIN_NAME_FIELDS;
export const ZENGIN_NAME_FIELD_NAMES = Object.freeze(Object.keys(ZENGIN_NAME_FIELDS) as ZenginNameField[]);

/** Every symbol some name field allows: a symbol outside it is `not_in_charset`, one inside but not the field's `not_in_field`. */
const ANY_FIELD_SYMBOLS = new Set(ZENGIN_NAME_FIELD_NAMES.flatMap((f) => [...ZENGIN_NAME_FIELDS[f].symbols]));

/**
 * Why a character or the text is not valid:
 *   kanji           a CJK ideograph: 全銀 names are written in kana; type the reading
 *   not_in_charset  outside the 全銀 set for names (&, @, 「, emoji …)
 *   not_in_field    in the set, but not allowed in this field (`,` `/` in a payee name)
 *   too_long        the first character beyond the field's length limit
 *   empty           nothing left to send (index 0, char "")
 */
export const KANA_PROBLEM_REASONS = ['kanji', 'not_in_charset', 'not_in_field', 'too_long', 'empty'] as const;
export type KanaProblemReason = (typeof KANA_PROBLEM_REASONS)[number];

export interface KanaProblem {
  /** The position in the input text, in characters (Unicode code points) from 0. */
  readonly index: number;
  /** The input character at that position. */
  readonly char: string;
  readonly reason: KanaProblemReason;
}

export interface NormalizedName {
  readonly normalized: string;
  readonly valid: boolean;
  /** Characters of `normalized` as the field counts them: ﾞ and ﾟ are one each. */
  readonly length: number;
  readonly problems: readonly KanaProblem[];
}

/** One character of the normalized text and the input character it came from. */
interface Unit {
  readonly ch: string;
  readonly src: number;
}

const SPACING_VOICING = new Map([
  ['\u309b', 'ﾞ'],
  ['\u309c', 'ﾟ'],
]);
const OLD_KANA: Readonly<Record<string, string>> = { ヰ: 'イ', ヱ: 'エ', ヲ: 'オ' };
const PUNCTUATION: Readonly<Record<string, string>> = { '・': ' ', '、': ',', '。': '.' };
/** Hyphens and dashes, the minus sign and the long-vowel mark (ｰ is ー after NFKC). */
const DASHES = /[\u2010-\u2015\u2212\u30fc]/gu;

/** Step 1 for one character: the 全銀 characters it becomes (one, two for a voiced kana, more for ㍿). */
function convertCharacter(c: string): string {
  const mark = SPACING_VOICING.get(c);
  if (mark !== undefined) return mark;
  // NFD after the script and size steps: ヺ is ヲ + ゛, and ヲ is written オ.
  const katakana = smallToLarge(hiraganaToKatakana(c.normalize('NFKC'))).normalize('NFD');
  const plain = katakana
    .replace(/[ヰヱヲ]/gu, (k) => OLD_KANA[k]!)
    .replace(/[・、。]/gu, (p) => PUNCTUATION[p]!)
    .replace(DASHES, '-')
    .replace(/\s/gu, ' ')
    .replace(/[a-z]/g, (l) => l.toUpperCase());
  return toHalfWidthKana(plain);
}

const CONVERTED = new Map<string, string>();

/** convertCharacter, kept per character: names repeat the same few dozen. */
function converted(c: string): string {
  let out = CONVERTED.get(c);
  if (out === undefined) {
    out = convertCharacter(c);
    // Bounded: only characters typed are kept, and a name field has few distinct ones; past
    // this many the cache stops growing rather than holding arbitrary text.
    if (CONVERTED.size < 10_000) CONVERTED.set(c, out);
  }
  return out;
}

function convertedUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let src = 0;
  for (const c of text) {
    for (const ch of converted(c)) units.push({ ch, src });
    src++;
  }
  return units;
}

/** A written form of an abbreviation table entry, in the characters of step 1, with the abbreviation it stands for. */
interface AbbreviationPattern {
  readonly chars: readonly string[];
  readonly abbreviation: string;
}

const toChars = (text: string) => [...text].flatMap((c) => [...converted(c)]);

/**
 * Every written form of every entry, and the bracketed abbreviation itself ((ｶ), so that one
 * typed in the wrong place moves to the right one), longest first: 一般社団法人 before 社団法人.
 */
const PATTERNS: readonly AbbreviationPattern[] = CORPORATE_ABBREVIATIONS.flatMap((entry) => {
  const abbreviation = toChars(entry.abbreviation).join('');
  return [...writtenForms(entry), abbreviationAt(entry.abbreviation, 'middle')].map((form) => ({ chars: toChars(form), abbreviation }));
}).sort((a, b) => b.chars.length - a.chars.length);

const FIRST_CHARS = new Set(PATTERNS.map((p) => p.chars[0]!));

function patternAt(units: readonly Unit[], at: number): AbbreviationPattern | undefined {
  if (!FIRST_CHARS.has(units[at]!.ch)) return undefined;
  return PATTERNS.find((p) => p.chars.length <= units.length - at && p.chars.every((ch, i) => units[at + i]!.ch === ch));
}

const isSpace = (u: Unit) => u.ch === ' ';

/** Step 2: each legal form or office in the text as its abbreviation for where it stands. */
function abbreviated(units: readonly Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let at = 0; at < units.length; ) {
    const pattern = patternAt(units, at);
    if (!pattern) {
      out.push(units[at]!);
      at++;
      continue;
    }
    const end = at + pattern.chars.length;
    const nothingBefore = out.every(isSpace);
    const nothingAfter = units.slice(end).every(isSpace);
    const position: AbbreviationPosition = nothingBefore ? 'start' : nothingAfter ? 'end' : 'middle';
    // The brackets join the abbreviation to the name: no space beside it.
    while (out.length > 0 && isSpace(out[out.length - 1]!)) out.pop();
    const src = units[at]!.src;
    for (const ch of abbreviationAt(pattern.abbreviation, position)) out.push({ ch, src });
    at = end;
    while (at < units.length && isSpace(units[at]!)) at++;
  }
  return out;
}

/** Step 3: one space between words, none at the ends. */
function collapsedSpaces(units: readonly Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    if (isSpace(u) && (out.length === 0 || isSpace(out[out.length - 1]!))) continue;
    out.push(u);
  }
  if (out.length > 0 && isSpace(out[out.length - 1]!)) out.pop();
  return out;
}

/** ｱ–ﾝ, ﾞ ﾟ (ｦ and the small kana ｧ–ｯ, ｰ are outside), A–Z, 0–9, space. */
const KANA_AND_ALPHANUMERIC = /^[\uff71-\uff9f A-Z0-9]$/u;
const KANJI = /^[\p{Script=Han}\u3005\u3006]$/u;

function reasonOf(ch: string, symbols: string): KanaProblemReason | undefined {
  if (KANA_AND_ALPHANUMERIC.test(ch) || symbols.includes(ch)) return undefined;
  if (KANJI.test(ch)) return 'kanji';
  return ANY_FIELD_SYMBOLS.has(ch) ? 'not_in_field' : 'not_in_charset';
}

/** The name in the 全銀 set for `field`, whether it may be sent as it is, and what stands in the way. */
export function normalizeZenginName(text: string, field: ZenginNameField = 'payee'): NormalizedName {
  const { maxLength, symbols } = ZENGIN_NAME_FIELDS[field];
  const input = [...text];
  const units = collapsedSpaces(abbreviated(convertedUnits(text)));
  const problems: KanaProblem[] = [];
  const reported = new Set<number>();
  for (const u of units) {
    const reason = reasonOf(u.ch, symbols);
    // A character that became several (㍿, ガ) is reported once.
    if (reason === undefined || reported.has(u.src)) continue;
    reported.add(u.src);
    problems.push({ index: u.src, char: input[u.src]!, reason });
  }
  if (units.length > maxLength) {
    const first = units[maxLength]!.src;
    problems.push({ index: first, char: input[first]!, reason: 'too_long' });
  }
  if (units.length === 0) problems.push({ index: 0, char: '', reason: 'empty' });
  return { normalized: units.map((u) => u.ch).join(''), valid: problems.length === 0, length: units.length, problems };
}

/**
 * The key two names are compared by: the normalized text without spaces and hyphens, so that
 * width, script, case, small kana, the long vowel (ー, -, none) and spacing do not matter, as
 * banks compare 振込依頼人名.
 */
export function equivalenceKey(normalized: string): string {
  return normalized.replace(/[ -]/g, '');
}

export interface NameEquivalence {
  readonly equivalent: boolean;
  readonly aNormalized: string;
  readonly bNormalized: string;
}

/** Whether a bank would read `a` and `b` as the same name; both normalized as remitter names (the widest set). */
export function equivalentNames(a: string, b: string): NameEquivalence {
  const aNormalized = normalizeZenginName(a, 'remitter').normalized;
  const bNormalized = normalizeZenginName(b, 'remitter').normalized;
  return { equivalent: equivalenceKey(aNormalized) === equivalenceKey(bNormalized), aNormalized, bNormalized };
}

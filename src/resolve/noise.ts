/**
 * What files put around a name: company designators (株式会社, (株), ㈱, ｶ), (ｶ), the bank or
 * branch code beside the name (`0005 三菱UFJ`, `0005三菱UFJ銀行`, `新宿支店（001）`, `[001]新宿`,
 * `新宿支店 001番`), a bank or branch given only by its code (`9900`, `店番001`, `001番`,
 * `支店コード 001`, `No.001`), brackets, quotes and trailing punctuation. Cleaning splits an input
 * into the name to match and the code written with it; the rest of the matcher never sees the
 * noise. A branch code glued to the name (`123新宿支店`) is only a second reading: digits at the
 * edge of a branch name can be part of it (JP Bank's `018店`, 0304's `本店営業１６５`).
 */
import { smallToLarge } from '../domain/fold.js';
import { katakanaToHiragana } from '../domain/kana.js';
import { abbreviationAt, type AbbreviationPosition, escapedForPattern, KABUSHIKI_GAISHA } from '../payee/corporate-abbreviations.js';
import { withoutCompanyForm } from './institution-names.js';

export interface CleanInput {
  /** The name with the noise removed; may be '' when only a code was given. */
  readonly text: string;
  /** A code written with the name (4 digits for a bank, 3 for a branch), if any. */
  readonly code: string | undefined;
  /** Branches: the reading with 3 digits glued to either end taken as the code (`123新宿支店` → 新宿支店, 123). */
  readonly glued?: { readonly text: string; readonly code: string };
}

const OPEN = '(\\[{「『【〈《<"\'“‘';
const CLOSE = ')\\]}」』】〉》>"\'”’';
const BRACKETS = new RegExp(`[${OPEN}${CLOSE}]`, 'gu');
/** Punctuation that ends or starts a cell without being part of a name. */
const EDGE_PUNCTUATION = /^[\s。、.,:;!?・／/\\|_-]+|[\s。、.,:;!?・／/\\|_-]+$/gu;

/** `(001)`, `[001]`, `【001】`, `<0005>` anywhere in the text. */
function bracketedCode(digits: number): RegExp {
  return new RegExp(`[${OPEN}]\\s*(\\d{${digits}})\\s*[${CLOSE}]`, 'u');
}
/**
 * A code at the start or end, set apart by a space or a separator (`0005 三菱UFJ`, `新宿 001`),
 * or, where `glued`, by nothing at all (`0005三菱UFJ銀行`): no institution name holds a digit.
 */
function edgeCode(digits: number, glued: boolean): RegExp {
  const apart = `\\s*[:：\\-_/|]\\s*|\\s${glued ? '*' : '+'}`;
  return new RegExp(`^(\\d{${digits}})(?:${apart})(?=\\D)|(?<=\\D)(?:${apart})(\\d{${digits}})$`, 'u');
}

const BANK_BRACKETED = bracketedCode(4);
const BANK_EDGE = edgeCode(4, true);
const BRANCH_BRACKETED = bracketedCode(3);
const BRANCH_EDGE = edgeCode(3, false);
/** Three digits glued to the start or end of a branch name: 123新宿支店, 新宿支店123. */
const BRANCH_GLUED = /^(\d{3})(?=[^\d\s])|(?<=[^\d\s])(\d{3})$/u;
/** The words files put before a branch code: 店番 001, 支店コード: 001, No.001, #001. */
const BRANCH_CODE_LABEL = /(?:店番号?|支店番号|支店コード|支店cd|店舗コード|店舗番号|店コード|コード|(?<![a-z])no\.?|#)\s*[:：.]?\s*(\d{1,3})(?!\d)/iu;
/**
 * A branch code counted with 番 after it: 001番, 新宿支店 001番, 新宿（001番）. Three digits and
 * the end of a word, so 6番町 (a place, 六番町) and 10番 (麻布十番) are left to the name.
 */
const BRANCH_CODE_NUMBERED = /(?<!\d)(\d{3})\s*番(?=$|[\s)\]}」』】〉》>"'”’。、.,:;・/|])/u;

/**
 * Designators of 株式会社 in Zengin kana, from the one 法人略語 table: カ) or (カ) before the name,
 * (カ) or (カ after it, and the reading in words (カブシキガイシャ, as Zengin writes it カブシキガイシヤ,
 * in hiragana). The text is NFKC by then: ｶ) is カ).
 */
const KABUSHIKI_READINGS = [KABUSHIKI_GAISHA.reading, smallToLarge(KABUSHIKI_GAISHA.reading), katakanaToHiragana(KABUSHIKI_GAISHA.reading)];
const kanaForms = (positions: readonly AbbreviationPosition[]) => [...positions.map((p) => abbreviationAt(KABUSHIKI_GAISHA.abbreviation, p)), ...KABUSHIKI_READINGS].map(escapedForPattern).join('|');
const KANA_COMPANY_FORM = new RegExp(`^(?:${kanaForms(['start', 'middle'])})|(?:${kanaForms(['middle', 'end'])})$`, 'gu');
/** 〈株〉: the short form's character in other brackets. */
const ANGLE_COMPANY_FORM = new RegExp(`[〈<《]${escapedForPattern(KABUSHIKI_GAISHA.shortForms[0]!.slice(1, -1))}[〉>》]`, 'gu');

/** 〈株〉 and the kana designators removed; each pattern only where its 株 or カ is (patterns with `$` are tried at every position). */
function withoutOtherCompanyForms(text: string): string {
  const angled = text.includes('株') ? text.replace(ANGLE_COMPANY_FORM, '') : text;
  return (/[カか]/.test(angled) ? angled.replace(KANA_COMPANY_FORM, '') : angled).trim();
}

/** Every code pattern here needs an ASCII digit (the text is NFKC: full-width digits are ASCII by then). */
const HAS_DIGIT = /[0-9]/;

function tidy(text: string): string {
  return text.replace(BRACKETS, ' ').replace(EDGE_PUNCTUATION, '').trim();
}

export function cleanBankInput(raw: string): CleanInput {
  let text = withoutCompanyForm(withoutOtherCompanyForms(raw.normalize('NFKC')));
  let code: string | undefined;
  if (HAS_DIGIT.test(text)) {
    const bracketed = BANK_BRACKETED.exec(text);
    if (bracketed) {
      code = bracketed[1];
      text = text.replace(bracketed[0], ' ');
    } else {
      const edge = BANK_EDGE.exec(text);
      if (edge) {
        code = edge[1] ?? edge[2];
        text = text.replace(edge[0], ' ');
      }
    }
  }
  const name = withoutCompanyForm(tidy(text));
  // A bank code alone (9900, ０００１): no name to compare, the code names the bank.
  if (code === undefined && BARE_BANK_CODE.test(name)) return { text: '', code: name };
  return { text: name, code };
}

const BARE_BANK_CODE = /^\d{4}$/;

export function cleanBranchInput(raw: string): CleanInput {
  let text = raw.normalize('NFKC').trim();
  // A code is digits: most names have none to look for.
  if (!HAS_DIGIT.test(text)) return { text: tidy(text), code: undefined };
  let code: string | undefined;
  const labelled = BRANCH_CODE_LABEL.exec(text) ?? BRANCH_CODE_NUMBERED.exec(text);
  if (labelled) {
    code = labelled[1]!.padStart(3, '0');
    text = text.replace(labelled[0], ' ');
  } else {
    const bracketed = BRANCH_BRACKETED.exec(text);
    const edge = bracketed ? undefined : BRANCH_EDGE.exec(text);
    if (bracketed) {
      code = bracketed[1];
      text = text.replace(bracketed[0], ' ');
    } else if (edge) {
      code = edge[1] ?? edge[2];
      text = text.replace(edge[0], ' ');
    } else if (/^\d{3}$/.test(text)) {
      // A bare code: kept as the text too, where Japan Post Bank's numeric names (018 → 〇一八) read it.
      return { text, code: text };
    } else {
      const name = tidy(text);
      const glued = BRANCH_GLUED.exec(name);
      if (glued) return { text: name, code: undefined, glued: { text: tidy(name.replace(glued[0], '')), code: (glued[1] ?? glued[2])! } };
      return { text: name, code: undefined };
    }
  }
  return { text: tidy(text), code };
}

/**
 * The spoken keys of a romaji input: as typed, and with the English and brand words of
 * english-words.ts read as the kana they stand for (`mizuho bank` → mizuho + ぎんこう). Both
 * are kept, so a romaji word that looks like an English one still reads as romaji.
 *
 * An English word is read only where it ends a word: not before a vowel or `y` (`banka` is
 * romaji). Words shorter than four letters or that are themselves valid romaji (`net`, `au`,
 * `aeon`, `resona`) must also start a word (after a space, or another English word), and the
 * romaji-looking ones end one too.
 */
import { ENGLISH_WORDS } from './english-words.js';
import { isLatinText, kanaToLatin, type SpokenKey, spokenKeyOfLatin } from './spoken-key.js';

/** A romaji key shorter than this matches nothing: `a` or `ka` would be inside most readings. */
export const MIN_ROMAJI_KEY_LENGTH = 3;

interface CompactWord {
  readonly compact: string;
  readonly latin: string;
  readonly romajiLike: boolean;
}

const ROMAJI_WORD = /^(?:[aiueo]|[kgsztdnhbpmrw]y?[aiueo]|y[auo]|n)+$/;

const compactOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9&]/g, '');

// Longest first: `japan post bank` before `japan post`, `trust bank` before `bank`.
const WORDS: readonly CompactWord[] = ENGLISH_WORDS.map((w) => ({ compact: compactOf(w.text), latin: kanaToLatin(w.reading)!, romajiLike: ROMAJI_WORD.test(compactOf(w.text)) })).sort(
  (a, b) => b.compact.length - a.compact.length,
);

/** The text lower-cased with separators removed, and the positions where a separator was. */
function compactWithBoundaries(text: string): { compact: string; boundaries: Set<number> } {
  let compact = '';
  const boundaries = new Set<number>([0]);
  for (const ch of text.normalize('NFKD').toLowerCase()) {
    if (/[a-z0-9&]/.test(ch)) compact += ch;
    else if (/[\u0302\u0304]/.test(ch)) compact += compact.at(-1) ?? ''; // ō → oo
    else boundaries.add(compact.length);
  }
  boundaries.add(compact.length);
  return { compact, boundaries };
}

/** The text with English words replaced by the Latin spelling of their reading, or undefined if it has none. */
function withEnglishWords(text: string): string | undefined {
  const { compact, boundaries } = compactWithBoundaries(text);
  let out = '';
  let replacedUpTo = -1;
  for (let i = 0; i < compact.length; ) {
    const word = WORDS.find((w) => {
      if (!compact.startsWith(w.compact, i)) return false;
      const end = i + w.compact.length;
      if (end < compact.length && /[aiueoy]/.test(compact[end]!)) return false;
      // Short or romaji-looking words start a word (`net` is not inside `netto`); …
      const startsWord = boundaries.has(i) || replacedUpTo === i;
      if ((w.romajiLike || w.compact.length < 4) && !startsWord) return false;
      // … and romaji-looking ones end one (`au` is not the start of `aumi`).
      return !w.romajiLike || boundaries.has(end) || WORDS.some((next) => !next.romajiLike && compact.startsWith(next.compact, end));
    });
    if (word) {
      out += word.latin;
      i += word.compact.length;
      replacedUpTo = i;
    } else out += compact[i++];
  }
  return replacedUpTo >= 0 ? out : undefined;
}

/**
 * The keys a romaji input may stand for, as typed first; empty when the text is not romaji or
 * every key is shorter than MIN_ROMAJI_KEY_LENGTH.
 */
export function latinReadings(text: string): SpokenKey[] {
  if (!isLatinText(text)) return [];
  const keys = [spokenKeyOfLatin(text)];
  const english = withEnglishWords(text);
  if (english !== undefined) {
    const key = spokenKeyOfLatin(english);
    if (key.exact !== keys[0]!.exact) keys.push(key);
  }
  return keys.filter((k) => k.loose.length >= MIN_ROMAJI_KEY_LENGTH);
}

/**
 * Spoken forms by loose key, the lookup behind romaji inputs (romaji-input.ts): the forms of all
 * institutions, or of one bank's branches. A loose key keeps the first form of each written
 * text, in the order added.
 *
 * The branches alone have ~57,000 forms, so a form is not kept as the objects it comes in (a
 * form and its key): its loose key is only the table's key, and a form whose exact key is its
 * loose key (three in four: readings without long vowels) is kept as its written text alone.
 * A key with one form holds it as itself, not in an array.
 */
import type { SpokenForm } from '../domain/romaji/spoken-forms.js';

/** The written text, with the exact key where it differs from the loose key. */
type Stored = string | { readonly written: string; readonly exact: string };

const writtenOf = (stored: Stored) => (typeof stored === 'string' ? stored : stored.written);

export class RomajiFormTable {
  readonly #byLoose = new Map<string, Stored | Stored[]>();

  add(form: SpokenForm): void {
    const { exact, loose } = form.key;
    const stored: Stored = exact === loose ? form.written : { written: form.written, exact };
    const current = this.#byLoose.get(loose);
    if (current === undefined) this.#byLoose.set(loose, stored);
    else if (Array.isArray(current)) {
      if (!current.some((s) => writtenOf(s) === form.written)) current.push(stored);
    } else if (writtenOf(current) !== form.written) this.#byLoose.set(loose, [current, stored]);
  }

  /** The forms of loose key `loose`, in the order added; undefined when there are none. */
  get(loose: string): SpokenForm[] | undefined {
    const found = this.#byLoose.get(loose);
    if (found === undefined) return undefined;
    const form = (s: Stored): SpokenForm => (typeof s === 'string' ? { written: s, key: { exact: loose, loose } } : { written: s.written, key: { exact: s.exact, loose } });
    return Array.isArray(found) ? found.map(form) : [form(found)];
  }
}

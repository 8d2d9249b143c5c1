/**
 * Server-rendered pages: Eta templates in views/ (escaped by default with `<%=`; `<%~` only for
 * the layout's body), compiled once and kept. Every page gets the layout's data: language,
 * words, the operator and the CSRF token for its forms (docs/console.md#how-it-is-built).
 */
import { join } from 'node:path';
import { Eta } from 'eta';
import { PACKAGE_ROOT } from '../../../package-root.js';
import type { Language, Translate } from './i18n.js';

export const VIEWS_DIR = join(PACKAGE_ROOT, 'src', 'http', 'apis', 'admin', 'views');

const eta = new Eta({ views: VIEWS_DIR, cache: true, autoEscape: true, autoTrim: [false, 'nl'] });

/** What the layout needs on every page. */
export interface PageFrame {
  readonly lang: Language;
  readonly t: Translate;
  /** Absent on the sign-in page. */
  readonly operator?: string | undefined;
  readonly csrf?: string | undefined;
  /** The section of the navigation to mark as current. */
  readonly section?: string | undefined;
  /** The path of this page, for the language switch to come back to. */
  readonly path: string;
  /** A one-line notice above the content (a result of the last action). */
  readonly notice?: string | undefined;
  readonly error?: string | undefined;
}

export function renderPage(template: string, frame: PageFrame, data: Readonly<Record<string, unknown>> = {}): string {
  return eta.render(`./${template}`, { ...frame, ...data });
}

/**
 * The words that end a branch name and say what kind of office it is (東京支店, 渋谷出張所,
 * 東京営業部), in kanji and as the master's readings write them. People add them, leave them out
 * or write them as a reading; Resolve (src/resolve/branch-names.ts) and the payee checks'
 * name comparison (src/payee/payee-names.ts) both read branch names through this one table.
 */

/** What a trailing word says about the office. `branch` words are the ones official names omit. */
export type OfficeClass = 'branch' | 'sales_department' | 'other';

export interface OfficeWord {
  readonly text: string;
  readonly cls: OfficeClass;
  /** Written as a reading: a trailing テン is too often part of a name to trim with confidence. */
  readonly reading: boolean;
}

export const OFFICE_WORDS: readonly OfficeWord[] = Object.freeze([
  { text: '支店', cls: 'branch', reading: false },
  { text: '店', cls: 'branch', reading: false },
  { text: '営業部', cls: 'sales_department', reading: false },
  { text: '出張所', cls: 'other', reading: false },
  { text: '営業所', cls: 'other', reading: false },
  { text: '支所', cls: 'other', reading: false },
  { text: '代理店', cls: 'other', reading: false },
  { text: '事務所', cls: 'other', reading: false },
  { text: 'シテン', cls: 'branch', reading: true },
  { text: 'テン', cls: 'branch', reading: true },
  { text: 'エイギヨウブ', cls: 'sales_department', reading: true },
  { text: 'シユツチヨウシヨ', cls: 'other', reading: true },
  { text: 'エイギヨウシヨ', cls: 'other', reading: true },
]);

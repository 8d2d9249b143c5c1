/**
 * A snapshot of the master as the source gives it: short names and Zengin full-width kana.
 * Everything public is derived from this by `buildDirectory`; imports and diffs work on it.
 */
export interface RawBranch {
  readonly code: string;
  readonly name: string;
  readonly kana: string;
}

export interface RawInstitution {
  readonly code: string;
  readonly name: string;
  readonly kana: string;
  readonly branches: readonly RawBranch[];
}

export interface RawSnapshot {
  /** Reference date of the data, YYYY-MM-DD (JST). */
  readonly effectiveDate: string;
  readonly institutions: readonly RawInstitution[];
}

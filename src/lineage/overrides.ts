/**
 * The override table (src/lineage/data/overrides.json, docs/lineage.md#overrides): successors
 * the inference cannot see or gets wrong, each with a short reason and the versions that show
 * it. An entry names a bank (`0533`) or a branch (`3652-100`) and its successor, or `null` for
 * "no successor: whatever the names suggest". It takes effect at the version dated
 * `effective_date`; an entry with a null successor holds at every version.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';

export interface LineageOverride {
  /** `BBBB` for an institution, `BBBB-CCC` for a branch. */
  readonly code: string;
  /** Same shape as `code` (a branch's successor may be an institution alone); null for none. */
  readonly successor: string | null;
  /** The effective date of the first version that shows the change. */
  readonly effective_date: string;
  readonly reason: string;
  /** The published versions that show it: the last before and the first after. */
  readonly versions: readonly string[];
}

export interface OverrideFile {
  readonly description: string;
  readonly overrides: readonly LineageOverride[];
}

export const OVERRIDES_PATH = join(PACKAGE_ROOT, 'src', 'lineage', 'data', 'overrides.json');

let cached: readonly LineageOverride[] | undefined;

export function readOverrides(): readonly LineageOverride[] {
  cached ??= (JSON.parse(readFileSync(OVERRIDES_PATH, 'utf8')) as OverrideFile).overrides;
  return cached;
}

/** `0533` → ['0533', null]; `3652-100` → ['3652', '100']. */
export function splitCode(code: string): [bank: string, branch: string | null] {
  return [code.slice(0, 4), code.length > 4 ? code.slice(5) : null];
}

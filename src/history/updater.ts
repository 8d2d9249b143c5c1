/**
 * `ginko update` and the servers' scheduled checks (docs/history.md#update): ask the registry
 * for the newest dated zengin-code, and if it is newer than the current snapshot, download it
 * (streamed to a temporary file within the download cap), verify it against its published
 * integrity, read it within the caps of ginko import, and import it exactly as `ginko import` does (the
 * same validation, one transaction, the same change history). Any failure leaves the store as
 * it was; the outcome says which failure it was.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveLimitError } from '../dataset/archive-limits.js';
import type { ChangeDraft } from '../dataset/diff.js';
import type { PublishedVersion } from '../dataset/package-versions.js';
import type { RegistryFailureKind, RegistryOptions } from '../dataset/registry-client.js';
import type { SqlStore } from '../store/open.js';
import { ConcurrentImportError, loadCurrentSnapshot } from './history-store.js';
import { importSnapshot, planImport } from './importer.js';

export type UpdateFailureKind = RegistryFailureKind | 'invalid';

export type UpdateOutcome =
  | { readonly kind: 'current'; readonly effectiveDate: string; readonly newest: string }
  | { readonly kind: 'updated'; readonly updateId: string; readonly version: string; readonly changes: number; readonly counts: Readonly<Record<string, number>> }
  | { readonly kind: 'would_update'; readonly version: string; readonly effectiveDate: string; readonly changes: readonly ChangeDraft[]; readonly counts: Readonly<Record<string, number>> }
  | { readonly kind: 'failed'; readonly reason: UpdateFailureKind; readonly message: string };

export interface UpdateOptions extends RegistryOptions {
  /** Validate and diff, print, write nothing. */
  readonly dryRun?: boolean;
}

const failed = (reason: UpdateFailureKind, message: string): UpdateOutcome => ({ kind: 'failed', reason, message });

/** One check; never throws for a registry, package or validation problem (a store error does). */
export async function checkForUpdate(store: SqlStore, options: UpdateOptions): Promise<UpdateOutcome> {
  // Loaded on first use: npm's registry client takes a few hundred ms to load, which a server
  // without scheduled updates should not pay at every start.
  const { downloadVerifiedTarball, fetchNewestVersion, PACKAGE_NAME, RegistryError } = await import('../dataset/registry-client.js');
  const { readZenginTarball } = await import('../dataset/zengin-tarball.js');
  const current = await loadCurrentSnapshot(store.db);
  let newest: PublishedVersion;
  try {
    newest = await fetchNewestVersion(options);
  } catch (err) {
    if (err instanceof RegistryError) return failed(err.kind, err.message);
    throw err;
  }
  if (current && newest.effectiveDate <= current.raw.effectiveDate) return { kind: 'current', effectiveDate: current.raw.effectiveDate, newest: newest.version };
  // The tarball goes to a file of its own, read from there and removed whatever happens.
  const dir = await mkdtemp(join(tmpdir(), 'ginko-download-'));
  let raw;
  try {
    const file = join(dir, `${PACKAGE_NAME}-${newest.version}.tgz`);
    try {
      await downloadVerifiedTarball(newest, options, file);
    } catch (err) {
      if (err instanceof RegistryError) return failed(err.kind, err.message);
      throw err;
    }
    try {
      raw = await readZenginTarball(file);
    } catch (err) {
      return failed(err instanceof ArchiveLimitError ? 'too_large' : 'malformed', `${PACKAGE_NAME}@${newest.version}: ${(err as Error).message}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (raw.effectiveDate !== newest.effectiveDate) {
    return failed('malformed', `${PACKAGE_NAME}@${newest.version}'s tarball holds version date ${raw.effectiveDate}, not ${newest.effectiveDate}`);
  }
  const refused = (problems: readonly string[]) => failed('invalid', `${PACKAGE_NAME}@${newest.version} fails validation: ${problems.slice(0, 3).join('; ')}`);
  if (options.dryRun) {
    const plan = await planImport(store, raw);
    if (!plan.ok) return refused(plan.validation.problems);
    return { kind: 'would_update', version: newest.version, effectiveDate: newest.effectiveDate, changes: plan.changes, counts: plan.counts };
  }
  try {
    const outcome = await importSnapshot(store, raw, `${options.registry} ${PACKAGE_NAME}@${newest.version}`);
    if (!outcome.ok) return refused(outcome.validation.problems);
    return { kind: 'updated', updateId: outcome.updateId, version: newest.version, changes: outcome.changes, counts: outcome.counts };
  } catch (err) {
    // Another process imported between our diff and our write: its snapshot stands.
    if (err instanceof ConcurrentImportError) {
      const now = await loadCurrentSnapshot(store.db);
      if (now && now.raw.effectiveDate >= newest.effectiveDate) return { kind: 'current', effectiveDate: now.raw.effectiveDate, newest: newest.version };
    }
    throw err;
  }
}

/** `branch.added 6, branch.renamed 3`, by kind in alphabetical order. */
export function describeCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

/**
 * `ginko update [--registry URL] [--dry-run] [--max-download-mib N]`: import the newest published zengin-code if it
 * is newer than the current snapshot (docs/history.md#update). Exit 0 when current or updated;
 * 1 with one line on stderr when the registry, the tarball's integrity, the package or its
 * validation fails, and then nothing has changed.
 */
import type { Command } from 'commander';
import { checkForUpdate, describeCounts, type UpdateOutcome } from '../history/updater.js';
import { ensureSeeded } from '../history/seed.js';
import { recordCheck } from '../history/update-schedule.js';
import { openStore } from '../store/open.js';
import { addStoreOptions, type StoreConfig } from './config.js';
import { DEFAULT_MAX_DOWNLOAD_MIB, downloadMib, registryOptions, registryUrl } from './registry-config.js';

/** Changes listed one per line by `--dry-run`; the rest are counted. */
const LISTED_CHANGES = 50;

export function updateLines(outcome: UpdateOutcome): { readonly out: readonly string[]; readonly err?: string } {
  switch (outcome.kind) {
    case 'current':
      return { out: [`already current (${outcome.effectiveDate})`] };
    case 'updated': {
      const counts = describeCounts(outcome.counts);
      return { out: [`imported ${outcome.updateId}: ${outcome.changes} changes${counts ? ` (${counts})` : ''}`] };
    }
    case 'would_update': {
      const counts = describeCounts(outcome.counts);
      const lines = [`would import zengin-code@${outcome.version} (${outcome.effectiveDate}): ${outcome.changes.length} changes${counts ? ` (${counts})` : ''}; nothing changed (--dry-run)`];
      for (const c of outcome.changes.slice(0, LISTED_CHANGES)) {
        const code = c.branchCode ? `${c.bankCode}-${c.branchCode}` : c.bankCode;
        const before = c.before.name;
        const after = c.after.name;
        const names = before && after && before !== after ? `${before} → ${after}` : (after ?? before ?? '');
        lines.push(`  ${c.resourceType}.${c.changeType} ${code} ${names}`);
      }
      if (outcome.changes.length > LISTED_CHANGES) lines.push(`  … and ${outcome.changes.length - LISTED_CHANGES} more`);
      return { out: lines };
    }
    case 'failed':
      return { out: [], err: `update failed (${outcome.reason}): ${outcome.message}; nothing changed` };
  }
}

export function registerUpdateCommand(program: Command): void {
  addStoreOptions(
    program
      .command('update')
      .description('import the newest published zengin-code if it is newer than the current snapshot')
      .option('--registry <url>', 'npm registry (env GINKO_REGISTRY; default: npm\'s configured registry)', registryUrl)
      .option('--dry-run', 'print what would change and change nothing')
      .option('--max-download-mib <n>', `refuse a tarball larger than this many MiB (env GINKO_MAX_DOWNLOAD_MIB; default ${DEFAULT_MAX_DOWNLOAD_MIB})`, downloadMib),
  ).action(async (opts: StoreConfig & { registry?: string; dryRun?: boolean; maxDownloadMib?: number }) => {
    const options = { ...registryOptions(opts.registry, opts.maxDownloadMib), dryRun: opts.dryRun ?? false };
    const store = await openStore(opts);
    try {
      await ensureSeeded(store);
      const result = await checkForUpdate(store, options);
      if (!options.dryRun) await recordCheck(store, result);
      const { out, err } = updateLines(result);
      for (const line of out) process.stdout.write(line + '\n');
      if (err) {
        process.stderr.write(`ginko: ${err}\n`);
        process.exitCode = 1;
      }
    } finally {
      await store.close();
    }
  });
}

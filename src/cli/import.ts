/** `ginko import SOURCE [--effective-date D]`: a new dataset snapshot (docs/history.md#sources). */
import type { Command } from 'commander';
import { readDatasetSource, SOURCE_LAYOUTS } from '../dataset/sources.js';
import { importSnapshot } from '../history/importer.js';
import { ensureSeeded } from '../history/seed.js';
import { describeCounts } from '../history/updater.js';
import { openStore } from '../store/open.js';
import { addStoreOptions, type StoreConfig } from './config.js';

const print = (line: string) => process.stdout.write(line + '\n');

export function registerImportCommand(program: Command): void {
  addStoreOptions(
    program
      .command('import')
      .description('validate a new snapshot, store it with its changes, and make it current for every server on this store')
      .argument('<source>', `${Object.values(SOURCE_LAYOUTS).join(', ')}`)
      .option('--effective-date <date>', 'reference date of the data, YYYY-MM-DD (default: from the package version; required for a source-data checkout without data/updated_at)'),
  ).action(async (source: string, opts: StoreConfig & { effectiveDate?: string }) => {
    const { layout, raw } = await readDatasetSource(source, opts.effectiveDate);
    print(`reading ${SOURCE_LAYOUTS[layout]}, effective date ${raw.effectiveDate}`);
    const store = await openStore(opts);
    try {
      await ensureSeeded(store);
      const outcome = await importSnapshot(store, raw, source);
      if (!outcome.ok) {
        process.stderr.write(`ginko: the snapshot fails validation; nothing was changed:\n${outcome.validation.problems.map((p) => `  - ${p}`).join('\n')}\n`);
        process.exitCode = 1;
        return;
      }
      const counts = describeCounts(outcome.counts);
      print(`imported ${outcome.updateId}: ${outcome.banks} institutions, ${outcome.branches} branches, ${outcome.changes} changes${counts ? ` (${counts})` : ''}`);
    } finally {
      await store.close();
    }
  });
}

/** `ginko import SOURCE [--effective-date D]`: a new dataset snapshot (docs/history.md#import). */
import type { Command } from 'commander';
import { readDatasetSource } from '../dataset/sources.js';
import { importSnapshot } from '../history/importer.js';
import { ensureSeeded } from '../history/seed.js';
import { openStore } from '../store/open.js';
import { addStoreOptions, type StoreConfig } from './config.js';

const print = (line: string) => process.stdout.write(line + '\n');

export function registerImportCommand(program: Command): void {
  addStoreOptions(
    program
      .command('import')
      .description('validate a new snapshot, store it with its changes, and make it current for every server on this store')
      .argument('<source>', 'a zengin-code package directory or a Ginko master export .zip')
      .option('--effective-date <date>', 'reference date of the data, YYYY-MM-DD (default: from the package version)'),
  ).action(async (source: string, opts: StoreConfig & { effectiveDate?: string }) => {
    const raw = await readDatasetSource(source, opts.effectiveDate);
    const store = await openStore(opts);
    try {
      await ensureSeeded(store);
      const outcome = await importSnapshot(store, raw, source);
      if (!outcome.ok) {
        process.stderr.write(`ginko: the snapshot fails validation; nothing was changed:\n${outcome.validation.problems.map((p) => `  - ${p}`).join('\n')}\n`);
        process.exitCode = 1;
        return;
      }
      const counts = Object.entries(outcome.counts).map(([k, n]) => `${k} ${n}`).join(', ');
      print(`imported ${outcome.updateId}: ${outcome.banks} institutions, ${outcome.branches} branches, ${outcome.changes} changes${counts ? ` (${counts})` : ''}`);
    } finally {
      await store.close();
    }
  });
}

/** `ginko export --out FILE.zip`: the current snapshot as the Master Export file (docs/export.md). */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { MasterExports } from '../export/master-exports.js';
import { latestUpdateId } from '../history/history-store.js';
import { ensureSeeded } from '../history/seed.js';
import { openStore } from '../store/open.js';
import { addStoreOptions, type StoreConfig } from './config.js';

export function registerExportCommand(program: Command): void {
  addStoreOptions(
    program
      .command('export')
      .description('write the current snapshot as a Master Export ZIP (the file /master/v1 serves)')
      .requiredOption('--out <file>', 'where to write the ZIP'),
  ).action(async (opts: StoreConfig & { out: string }) => {
    const store = await openStore(opts);
    try {
      await ensureSeeded(store);
      const exports = new MasterExports(store.db);
      const id = (await latestUpdateId(store.db))!;
      const info = (await exports.ensure(id))!;
      writeFileSync(opts.out, (await exports.zip(id))!);
      process.stdout.write(`wrote ${opts.out}: ${info.dataset_id}, ${info.bank_row_count} institutions, ${info.branch_row_count} branches, ${info.zip_size_bytes} bytes, sha256 ${info.zip_sha256}\n`);
    } finally {
      await store.close();
    }
  });
}

/** `ginko maintenance on|off|status`: the operator switch for every server on a store. */
import type { Command } from 'commander';
import { MAINTENANCE_POLL_INTERVAL_MS } from '../access/maintenance.js';
import { readMaintenance, writeMaintenance } from '../store/maintenance-setting.js';
import { openStore } from '../store/open.js';
import { auditCli } from './cli-audit.js';
import { addStoreOptions, type StoreConfig } from './config.js';

const print = (line: string) => process.stdout.write(line + '\n');

export function registerMaintenanceCommand(program: Command): void {
  addStoreOptions(
    program
      .command('maintenance')
      .description(`switch maintenance mode for every server on this store (they notice within ${MAINTENANCE_POLL_INTERVAL_MS / 1000} s): keyed routes answer 503, /healthz stays up`)
      .argument('[state]', 'on, off or status', 'status'),
  ).action(async (state: string, opts: StoreConfig) => {
    if (!['on', 'off', 'status'].includes(state)) throw new Error(`maintenance takes on, off or status, not "${state}"`);
    const store = await openStore(opts);
    try {
      if (state !== 'status') {
        await writeMaintenance(store.db, state === 'on');
        await auditCli(store.db, `maintenance.${state}`, '');
      }
      print(`maintenance ${(await readMaintenance(store.db)) ? 'on' : 'off'}`);
    } finally {
      await store.close();
    }
  });
}

/** The maintenance switch every server on a store reads (`ginko maintenance on|off`; src/access/maintenance.ts). */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { getSetting, putSetting } from './settings.js';

export const MAINTENANCE_SETTING = 'maintenance';

export async function readMaintenance(db: Kysely<Database>): Promise<boolean> {
  return (await getSetting(db, MAINTENANCE_SETTING)) === 'on';
}

export async function writeMaintenance(db: Kysely<Database>, on: boolean): Promise<void> {
  await putSetting(db, MAINTENANCE_SETTING, on ? 'on' : 'off');
}

/**
 * Maintenance mode (docs/access.md#maintenance-mode; 503). Either forced for one process
 * (`ginko serve --maintenance`) or switched for every server on a store with `ginko maintenance
 * on|off`, which writes the `maintenance` setting; running servers read it every
 * POLL_INTERVAL_MS.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { getSetting, putSetting } from '../store/settings.js';

export const MAINTENANCE_SETTING = 'maintenance';
export const MAINTENANCE_POLL_INTERVAL_MS = 2_000;
/** Sent as Retry-After with every 503. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

export async function readMaintenance(db: Kysely<Database>): Promise<boolean> {
  return (await getSetting(db, MAINTENANCE_SETTING)) === 'on';
}

export async function writeMaintenance(db: Kysely<Database>, on: boolean): Promise<void> {
  await putSetting(db, MAINTENANCE_SETTING, on ? 'on' : 'off');
}

export interface MaintenanceOptions {
  /** On for this process whatever the store says. */
  readonly forced?: boolean;
  readonly pollIntervalMs?: number;
  readonly onError?: (err: unknown) => void;
}

export class MaintenanceSwitch {
  #stored = false;
  readonly #forced: boolean;
  #timer: NodeJS.Timeout | undefined;

  private constructor(forced: boolean) {
    this.#forced = forced;
  }

  /** A switch that is always off (or always on), reading no store. */
  static fixed(on: boolean): MaintenanceSwitch {
    return new MaintenanceSwitch(on);
  }

  /** Reads the setting now, then polls it. */
  static async watch(db: Kysely<Database>, options: MaintenanceOptions = {}): Promise<MaintenanceSwitch> {
    const s = new MaintenanceSwitch(options.forced ?? false);
    s.#stored = await readMaintenance(db);
    s.#timer = setInterval(() => {
      readMaintenance(db).then(
        (on) => (s.#stored = on),
        (err: unknown) => options.onError?.(err),
      );
    }, options.pollIntervalMs ?? MAINTENANCE_POLL_INTERVAL_MS);
    s.#timer.unref();
    return s;
  }

  get on(): boolean {
    return this.#forced || this.#stored;
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

/**
 * Maintenance mode (docs/access.md#maintenance-mode; 503). Either forced for one process
 * (`ginko serve --maintenance`) or switched for every server on a store with `ginko maintenance
 * on|off`, which writes the `maintenance` setting; running servers read it every
 * POLL_INTERVAL_MS (src/store/maintenance-setting.ts).
 */
export const MAINTENANCE_POLL_INTERVAL_MS = 2_000;
/** Sent as Retry-After with every 503. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

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

  /** Reads the setting with `read` now, then polls it. */
  static async watch(read: () => Promise<boolean>, options: MaintenanceOptions = {}): Promise<MaintenanceSwitch> {
    const s = new MaintenanceSwitch(options.forced ?? false);
    s.#stored = await read();
    s.#timer = setInterval(() => {
      read().then(
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

/**
 * The console's "check for updates now" (docs/console.md#plans-data-service): one check through
 * the same code as `ginko update` and the scheduled checks (src/history/update-schedule.ts), under
 * their store lease, and, after an import, the live dataset's refresh so that this server serves
 * the new snapshot at once (the others pick it up through their poll).
 */
import type { RegistryOptions } from '../dataset/registry-client.js';
import { checkUnderLease } from '../history/update-schedule.js';
import type { UpdateOutcome } from '../history/updater.js';
import type { SqlStore } from '../store/open.js';

export interface UpdateCheckOptions {
  readonly store: SqlStore;
  /**
   * The registry to ask, read when a check is asked for: a bad GINKO_REGISTRY then shows as that
   * check's failure instead of stopping a server that has no scheduled updates.
   */
  readonly registry: () => RegistryOptions;
  /** After an import: load the new snapshot (the live dataset's refresh). */
  readonly onUpdated?: () => Promise<unknown>;
}

/**
 * What a check came to: the update's outcome (never a dry run's), another process's check under
 * way, or no usable registry.
 */
export type UpdateCheckResult = Exclude<UpdateOutcome, { readonly kind: 'would_update' }> | { readonly kind: 'busy' } | { readonly kind: 'misconfigured'; readonly message: string };

export class UpdateCheck {
  constructor(private readonly options: UpdateCheckOptions) {}

  /** One check; a registry, package or configuration problem is a result, a store error throws. */
  async run(): Promise<UpdateCheckResult> {
    let registry: RegistryOptions;
    try {
      registry = this.options.registry();
    } catch (err) {
      return { kind: 'misconfigured', message: (err as Error).message };
    }
    const outcome = await checkUnderLease(this.options.store, registry);
    if (!outcome) return { kind: 'busy' };
    // checkForUpdate answers would_update only to a dry run, which this never asks for.
    if (outcome.kind === 'would_update') throw new Error('an update check without --dry-run answered as a dry run');
    if (outcome.kind === 'updated') await this.options.onUpdated?.();
    return outcome;
  }
}

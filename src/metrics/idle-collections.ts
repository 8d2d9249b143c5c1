/**
 * `ginko_idle_collections_total` and `ginko_idle_collection_seconds_total`
 * (docs/operations.md#memory): the full collections `ginko serve` made while idle
 * (src/cli/idle-collection.ts), read when /metrics is scraped. They are also counted, as V8's
 * own are, in `nodejs_gc_duration_seconds{kind="major"}`: the difference is V8's.
 */
import { Counter, type Registry } from 'prom-client';

export function registerIdleCollections(registry: Registry, made: () => { readonly collections: number; readonly seconds: number }): void {
  new Counter({
    name: 'ginko_idle_collections_total',
    help: 'Full garbage collections made while the server was idle after load, so that the next load does not pause for one',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(made().collections);
    },
  });
  new Counter({
    name: 'ginko_idle_collection_seconds_total',
    help: 'Seconds the full garbage collections made while idle took',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(made().seconds);
    },
  });
}

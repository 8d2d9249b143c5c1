/**
 * Metrics of the dataset's freshness and of scheduled update checks (docs/operations.md#metrics,
 * docs/history.md#schedules), added to a server's registry by `ginko serve`.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export interface DatasetUpdateSources {
  /** Effective date (YYYY-MM-DD, JST) of the snapshot being served. */
  readonly effectiveDate: () => string;
  /** Unix ms of the last successful check by any replica, if one is known. */
  readonly lastSuccessAt: () => number | undefined;
}

export interface DatasetUpdateMetrics {
  checked(outcome: string): void;
}

/** Seconds from the start of `effectiveDate` in Japan to `now`. */
export function datasetAgeSeconds(effectiveDate: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(`${effectiveDate}T00:00:00+09:00`)) / 1000));
}

export function registerDatasetUpdateMetrics(registry: Registry, sources: DatasetUpdateSources, outcomes: readonly string[]): DatasetUpdateMetrics {
  const registers = [registry];
  const checks = new Counter({
    name: 'ginko_dataset_update_checks_total',
    help: `Scheduled update checks by outcome (${outcomes.join(', ')})`,
    labelNames: ['outcome'],
    registers,
  });
  for (const outcome of outcomes) checks.inc({ outcome }, 0);
  new Gauge({
    name: 'ginko_dataset_age_seconds',
    help: 'Seconds since the effective date (00:00 JST) of the snapshot being served',
    registers,
    collect() {
      this.set(datasetAgeSeconds(sources.effectiveDate()));
    },
  });
  new Gauge({
    name: 'ginko_dataset_update_last_success_timestamp_seconds',
    help: 'Unix time of the last successful update check by any replica on the store; 0 if none is known',
    registers,
    collect() {
      this.set(Math.floor((sources.lastSuccessAt() ?? 0) / 1000));
    },
  });
  return { checked: (outcome) => checks.inc({ outcome }) };
}

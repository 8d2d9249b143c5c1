/**
 * Options shared by the commands, each with its environment variable (DESIGN.md §1). Flags win
 * over the environment, which wins over the defaults.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { DEFAULT_METRICS_ACCESS, METRICS_ACCESS_MODES, type MetricsAccess } from '../http/edge/metrics.js';

export interface StoreConfig {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
}

export function addStoreOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'SQLite file, generated TLS certificate and export files (env GINKO_DATA_DIR)', process.env.GINKO_DATA_DIR ?? './data')
    .option('--database-url <url>', 'postgres://… to use PostgreSQL instead of SQLite (env GINKO_DATABASE_URL)', process.env.GINKO_DATABASE_URL);
}

export function envFlag(name: string): boolean {
  const v = process.env[name];
  return v !== undefined && /^(1|true|yes|on)$/i.test(v);
}

/** `--metrics` / GINKO_METRICS: open (default), key or off (docs/operations.md#metrics). */
export function metricsAccess(value: string | undefined): MetricsAccess {
  if (value === undefined || value === '') return DEFAULT_METRICS_ACCESS;
  if (!(METRICS_ACCESS_MODES as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${METRICS_ACCESS_MODES.join(', ')}, not "${value}"`);
  return value as MetricsAccess;
}

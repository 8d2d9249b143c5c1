/**
 * Options shared by the commands, each with its environment variable (README.md#configuration).
 * Flags win over the environment, which wins over the defaults.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { LOOPBACK_PROXIES, parseTrustedProxies, trustedProxies, type TrustedProxies } from '../access/trusted-proxies.js';
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

/** What `--trust-proxy` without a list stands for (its preset): the loopback only. */
export const TRUST_LOOPBACK = 'loopback';

/**
 * `--trust-proxy [list]` / GINKO_TRUST_PROXY: the proxies whose X-Forwarded-* headers count
 * (docs/access.md#the-client-address). `loopback` (the flag alone, or GINKO_TRUST_PROXY=1) is
 * 127.0.0.0/8 and ::1; otherwise a comma-separated list of addresses and CIDR blocks.
 */
export function trustProxyOption(value: string): TrustedProxies {
  if (value === TRUST_LOOPBACK || /^(1|true|yes|on)$/i.test(value)) return trustedProxies(LOOPBACK_PROXIES);
  try {
    return parseTrustedProxies(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

/** GINKO_TRUST_PROXY as the default of `--trust-proxy`: unset, empty or 0/false/no/off is off. */
export function envTrustProxy(value: string | undefined): TrustedProxies | undefined {
  if (value === undefined || /^(|0|false|no|off)$/i.test(value.trim())) return undefined;
  return trustProxyOption(value.trim());
}

/**
 * `--public-url` / GINKO_PUBLIC_URL: the origin clients reach the service at (behind a proxy,
 * the proxy's), from which links handed to clients are built (download URLs). Only an origin:
 * http(s), a host, an optional port, no path, query or credentials.
 */
export function publicUrlOption(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`must be an https:// or http:// origin such as https://bank-directory.example.jp, not "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new InvalidArgumentError(`must be an https:// or http:// origin such as https://bank-directory.example.jp (no path, query or credentials), not "${value}"`);
  }
  return url.origin;
}

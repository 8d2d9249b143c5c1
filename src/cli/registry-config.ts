/**
 * Which registry `ginko update` and scheduled checks ask: `--registry`, else GINKO_REGISTRY,
 * else what npm itself is configured with (src/dataset/npm-config.ts), else the public one; and
 * how large a tarball they download: `--max-download-mib`, else GINKO_MAX_DOWNLOAD_MIB, else
 * ARCHIVE_LIMITS.downloadBytes.
 */
import { InvalidArgumentError } from 'commander';
import { ARCHIVE_LIMITS, MIB } from '../dataset/archive-limits.js';
import { npmConfig, npmRegistry, processConfigPlaces, withSlash } from '../dataset/npm-config.js';
import type { RegistryOptions } from '../dataset/registry-client.js';

/** `--registry` must be an http(s) URL. */
export function registryUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`must be an http:// or https:// URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError(`must be an http:// or https:// URL, not "${value}"`);
  return withSlash(url.toString());
}

/** The download cap in MiB when neither the flag nor GINKO_MAX_DOWNLOAD_MIB gives one. */
export const DEFAULT_MAX_DOWNLOAD_MIB = ARCHIVE_LIMITS.downloadBytes / MIB;

/** `--max-download-mib` must be a whole number of MiB, at least 1. */
export function downloadMib(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`must be a whole number of MiB, at least 1, not "${value}"`);
  return n;
}

function envDownloadMib(): number | undefined {
  const env = process.env.GINKO_MAX_DOWNLOAD_MIB;
  try {
    return env ? downloadMib(env) : undefined;
  } catch (err) {
    throw new Error(`GINKO_MAX_DOWNLOAD_MIB ${(err as Error).message}`);
  }
}

export function registryOptions(flag: string | undefined, maxDownloadMib?: number): RegistryOptions {
  const config = npmConfig(processConfigPlaces());
  const env = process.env.GINKO_REGISTRY;
  let fromEnv: string | undefined;
  try {
    fromEnv = env ? registryUrl(env) : undefined;
  } catch (err) {
    throw new Error(`GINKO_REGISTRY ${(err as Error).message}`);
  }
  const registry = flag ?? fromEnv ?? npmRegistry(config);
  const mib = maxDownloadMib ?? envDownloadMib() ?? DEFAULT_MAX_DOWNLOAD_MIB;
  return { registry, npmConfig: config, maxDownloadBytes: mib * MIB };
}

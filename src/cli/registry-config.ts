/**
 * Which registry `ginko update` and scheduled checks ask: `--registry`, else GINKO_REGISTRY,
 * else what npm itself is configured with (src/dataset/npm-config.ts), else the public one.
 */
import { InvalidArgumentError } from 'commander';
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

export function registryOptions(flag: string | undefined): RegistryOptions {
  const config = npmConfig(processConfigPlaces());
  const env = process.env.GINKO_REGISTRY;
  let fromEnv: string | undefined;
  try {
    fromEnv = env ? registryUrl(env) : undefined;
  } catch (err) {
    throw new Error(`GINKO_REGISTRY ${(err as Error).message}`);
  }
  const registry = flag ?? fromEnv ?? npmRegistry(config);
  return { registry, npmConfig: config };
}

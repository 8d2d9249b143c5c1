/**
 * The npm registry protocol for `ginko update`, through npm's own libraries: npm-registry-fetch
 * for the package document and the tarball (proxies, auth from .npmrc, retries), ssri to verify
 * the tarball against the `dist.integrity` the registry publishes before anything reads it.
 */
import npmFetch from 'npm-registry-fetch';
import ssri from 'ssri';
import { type PublishedVersion, newestVersion } from './package-versions.js';

export const PACKAGE_NAME = 'zengin-code';

/** Why a check failed; each is counted apart in /metrics. */
export type RegistryFailureKind = 'unreachable' | 'integrity' | 'malformed';

export class RegistryError extends Error {
  constructor(
    readonly kind: RegistryFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface RegistryOptions {
  readonly registry: string;
  /** npm configuration entries (auth for the registry's host, proxy); see npm-config.ts. */
  readonly npmConfig?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /** Retries after a network error or a 5xx; 1 by default. */
  readonly retries?: number;
}

function fetchOptions(options: RegistryOptions): npmFetch.Options {
  return {
    ...options.npmConfig,
    registry: options.registry,
    timeout: options.timeoutMs ?? 60_000,
    retry: { retries: options.retries ?? 1, minTimeout: 500, maxTimeout: 2_000 },
    preferOnline: true,
  };
}

function unreachable(what: string, options: RegistryOptions, err: unknown): RegistryError {
  const e = err as { statusCode?: number; code?: string; message?: string };
  const why = e.statusCode ? `answered ${e.statusCode}` : (e.code ?? e.message ?? String(err));
  return new RegistryError('unreachable', `the registry ${options.registry} could not give ${what}: ${why}`);
}

/** The newest dated version the registry publishes. */
export async function fetchNewestVersion(options: RegistryOptions): Promise<PublishedVersion> {
  let packument: unknown;
  try {
    packument = await npmFetch.json(`/${PACKAGE_NAME}`, fetchOptions(options));
  } catch (err) {
    if ((err as { code?: string }).code === 'EJSONPARSE' || err instanceof SyntaxError) {
      throw new RegistryError('malformed', `the registry's ${PACKAGE_NAME} document is not JSON`);
    }
    throw unreachable(`the ${PACKAGE_NAME} document`, options, err);
  }
  try {
    return newestVersion(packument);
  } catch (err) {
    throw new RegistryError('malformed', `the registry's ${PACKAGE_NAME} document is malformed: ${(err as Error).message}`);
  }
}

/** The tarball of `version`, verified against its published integrity. */
export async function fetchVerifiedTarball(version: PublishedVersion, options: RegistryOptions): Promise<Buffer> {
  let bytes: Buffer;
  try {
    const res = await npmFetch(version.tarball, fetchOptions(options));
    bytes = await res.buffer();
  } catch (err) {
    throw unreachable(`${PACKAGE_NAME}@${version.version}'s tarball`, options, err);
  }
  const integrity = ssri.parse(version.integrity, { single: false });
  if (!integrity || Object.keys(integrity).length === 0) throw new RegistryError('malformed', `${PACKAGE_NAME}@${version.version} publishes no usable integrity ("${version.integrity}")`);
  if (!ssri.checkData(bytes, integrity)) {
    throw new RegistryError('integrity', `${PACKAGE_NAME}@${version.version}'s tarball (${bytes.length} bytes) does not match its published integrity ${version.integrity.slice(0, 24)}…`);
  }
  return bytes;
}

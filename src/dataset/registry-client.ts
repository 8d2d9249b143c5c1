/**
 * The npm registry protocol for `ginko update`, through npm's own libraries: npm-registry-fetch
 * for the package document and the tarball (proxies, auth from .npmrc, retries), ssri to verify
 * the tarball against the `dist.integrity` the registry publishes before anything reads it. The
 * tarball is streamed to a file, counted against the download cap as it arrives and hashed as it
 * passes, so a huge or endless answer costs at most the cap, in memory or on disk.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import npmFetch from 'npm-registry-fetch';
import ssri from 'ssri';
import { ARCHIVE_LIMITS, sizeOf } from './archive-limits.js';
import { type PublishedVersion, newestVersion } from './package-versions.js';

export const PACKAGE_NAME = 'zengin-code';

/** Why a check failed; each is counted apart in /metrics. */
export type RegistryFailureKind = 'unreachable' | 'integrity' | 'malformed' | 'too_large';

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
  /** The download cap of a tarball; ARCHIVE_LIMITS.downloadBytes by default. */
  readonly maxDownloadBytes?: number;
}

function fetchOptions(options: RegistryOptions): npmFetch.Options {
  return {
    ...options.npmConfig,
    registry: options.registry,
    timeout: options.timeoutMs ?? 60_000,
    retry: { retries: options.retries ?? 1, minTimeout: 500, maxTimeout: 2_000 },
    preferOnline: true,
    // npm's cache (`cache` in .npmrc, or npm_config_cache, which `npm run` sets) is not used: it
    // would keep reading a tarball past the download cap into memory, and the store keeps what it needs.
    cache: undefined,
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

/**
 * Writes the tarball of `version` to `file`, refused past the download cap and verified against
 * its published integrity on the way; `file` is only to be read once this has resolved.
 */
export async function downloadVerifiedTarball(version: PublishedVersion, options: RegistryOptions, file: string): Promise<void> {
  const what = `${PACKAGE_NAME}@${version.version}'s tarball`;
  const integrity = ssri.parse(version.integrity, { single: false });
  if (!integrity || Object.keys(integrity).length === 0) throw new RegistryError('malformed', `${PACKAGE_NAME}@${version.version} publishes no usable integrity ("${version.integrity}")`);
  const cap = options.maxDownloadBytes ?? ARCHIVE_LIMITS.downloadBytes;
  const tooLarge = new RegistryError('too_large', `${what} is larger than the download cap of ${sizeOf(cap)} (--max-download-mib)`);
  let res: Awaited<ReturnType<typeof npmFetch>>;
  try {
    res = await npmFetch(version.tarball, fetchOptions(options));
  } catch (err) {
    throw unreachable(what, options, err);
  }
  // A minipass stream at run time (its type says a fetch body that may be null). It reads the
  // socket without backpressure, so bytes are counted as they arrive, not as the file takes them:
  // past the cap the stream is destroyed with an error, which aborts the request.
  const body = res.body as unknown as NodeJS.ReadableStream & { destroy(err?: Error): void };
  // A declared length past the cap is refused before a byte of the body is read.
  if (Number(res.headers.get('content-length')) > cap) {
    body.destroy(tooLarge);
    throw tooLarge;
  }
  const check = ssri.integrityStream({ integrity });
  const written = pipeline(check, createWriteStream(file));
  // Awaited once the body has ended; a write that fails before then (ENOSPC) must not be an
  // unhandled rejection meanwhile, which would end the server.
  written.catch(() => {});
  let bytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      body.on('error', reject);
      body.on('end', resolve);
      body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= cap) check.write(chunk);
        else body.destroy(tooLarge);
      });
    });
  } catch (err) {
    // With an error, so that the pipeline to the file ends too.
    check.destroy(err as Error);
    await written.catch(() => {});
    throw err === tooLarge ? tooLarge : unreachable(what, options, err);
  }
  check.end();
  try {
    await written;
  } catch (err) {
    if ((err as { code?: string }).code === 'EINTEGRITY') {
      throw new RegistryError('integrity', `${what} (${bytes} bytes) does not match its published integrity ${version.integrity.slice(0, 24)}…`);
    }
    throw err;
  }
}

/**
 * The HTTPS certificate: the operator's files when given, else a self-signed certificate for
 * localhost created once in the data directory and reused (so clients can pin it).
 *
 * Starts that share a new data directory (replicas on one volume) make the pair one at a time,
 * under a lock file, so that the key and the certificate on disk always come from the same
 * start; a pair that does not match all the same (from before the lock) is made again rather
 * than failing every start (docs/access.md#https).
 */
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { removeTemporaryCopies, writeFileWhole } from '../../shared/whole-file.js';

export interface TlsFiles {
  readonly cert: string;
  readonly key: string;
}

export const GENERATED_CERT = 'tls-cert.pem';
export const GENERATED_KEY = 'tls-key.pem';
/** Held by the start that makes the pair: created exclusively, removed when both files are written. */
export const GENERATION_LOCK = 'tls-cert.pem.lock';
const VALIDITY_DAYS = 825;
/**
 * A lock older than this was left by a start that died while making the pair (making it takes
 * well under a second), and the next start takes it over. A lock of this host whose process is
 * gone is taken over at once; one of another host (a container sharing the volume, whose
 * process ids mean nothing here) only by its age.
 */
export const STALE_LOCK_MS = 30_000;
const LOCK_POLL_MS = 50;

export async function loadOrCreateCertificate(dataDir: string, given?: { cert?: string | undefined; key?: string | undefined }): Promise<TlsFiles & { generated: boolean; certPath: string }> {
  if (given?.cert || given?.key) {
    if (!given.cert || !given.key) throw new Error('--tls-cert and --tls-key must be given together');
    return { cert: readFileSync(given.cert, 'utf8'), key: readFileSync(given.key, 'utf8'), generated: false, certPath: given.cert };
  }
  const certPath = join(dataDir, GENERATED_CERT);
  const keyPath = join(dataDir, GENERATED_KEY);
  const lockPath = join(dataDir, GENERATION_LOCK);
  const holder = holderLine();
  for (;;) {
    const written = matchingPair(certPath, keyPath);
    if (written !== undefined) return { ...written, generated: false, certPath };
    mkdirSync(dataDir, { recursive: true });
    if (!takeLock(lockPath, holder)) {
      // Another start is making the pair: its files are read once it is done.
      await sleep(LOCK_POLL_MS);
      continue;
    }
    try {
      // A start that held the lock while this one waited has written the pair.
      const meanwhile = matchingPair(certPath, keyPath);
      if (meanwhile !== undefined) return { ...meanwhile, generated: false, certPath };
      return { ...(await generatePair(certPath, keyPath)), generated: true, certPath };
    } finally {
      releaseLock(lockPath, holder);
    }
  }
}

/** The generated pair when both files are there and the key is the certificate's; else undefined. */
function matchingPair(certPath: string, keyPath: string): TlsFiles | undefined {
  const cert = readIfThere(certPath);
  const key = readIfThere(keyPath);
  if (cert === undefined || key === undefined) return undefined;
  try {
    return new X509Certificate(cert).checkPrivateKey(createPrivateKey(key)) ? { cert, key } : undefined;
  } catch {
    // Not a certificate or not a key: made again, as for a pair that does not match.
    return undefined;
  }
}

/** The file's text, or undefined while it is not there (any other error is the operator's to see). */
function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** What a start writes into the lock: its host and process id, and a token no other start writes. */
function holderLine(): string {
  return `${hostname()} ${process.pid} ${randomUUID()}`;
}

/** Creates the lock file unless another start holds it; takes over one left by a start that died. */
function takeLock(lockPath: string, holder: string): boolean {
  if (createLock(lockPath, holder)) return true;
  let held: string;
  let age: number;
  try {
    held = readFileSync(lockPath, 'utf8').trim();
    age = Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return false; // removed meanwhile: the next try may take it
  }
  if (age < STALE_LOCK_MS && !goneFromThisHost(held)) return false;
  return takeOverLock(lockPath, held, holder);
}

/** Creates the lock file with `holder` in it unless one is there. */
function createLock(lockPath: string, holder: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${holder}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes over the lock judged stale while it held `stale`, unless another start took it over
 * first. Starts that find the same dead lock at once (replicas restarted together) each judge
 * it stale: removing it by name would let a later one remove the lock an earlier one had just
 * made, and both would hold it. So the lock is moved aside under a name of this start's own (a
 * rename is atomic) and read there: if it is the stale one, it is removed and the lock created
 * as usual (of several starts, one creates it); if it is a newer start's, it is put back.
 * Exported for test/tls-pair.test.ts, which takes the place of the start that came first.
 */
export function takeOverLock(lockPath: string, stale: string, holder: string): boolean {
  const aside = `${lockPath}.${randomUUID()}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false; // another start moved it first
    throw error;
  }
  const moved = readFileSync(aside, 'utf8').trim();
  if (moved !== stale) {
    // A start took the stale lock over between this one's look and its move: put back. The link
    // fails with EEXIST only if a third start created a lock in that instant, and then both
    // hold it (the next start's pair check makes a pair again that does not match). A volume
    // without hard links gets it back by a rename, which would replace such a third lock.
    try {
      linkSync(aside, lockPath);
      rmSync(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') rmSync(aside, { force: true });
      else renameSync(aside, lockPath);
    }
    return false;
  }
  rmSync(aside, { force: true });
  return createLock(lockPath, holder);
}

/** Removes the lock if it is still this start's (not taken over by another meanwhile). */
function releaseLock(lockPath: string, holder: string): void {
  if (readIfThere(lockPath)?.trim() === holder) rmSync(lockPath, { force: true });
}

/** Whether a lock's holder (`host pid token`; before 2026-11-28 `host pid`) was a process of this host that no longer runs. */
function goneFromThisHost(holder: string): boolean {
  const [host, pid] = holder.split(' ');
  if (host !== hostname() || !/^\d+$/.test(pid ?? '')) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function generatePair(certPath: string, keyPath: string): Promise<TlsFiles> {
  const now = new Date();
  // Loaded only on the first start of a data directory: every later start reads the files.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + VALIDITY_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  // Copies a start that died while writing left behind: the lock held here means no other
  // start is writing them now.
  removeTemporaryCopies(dirname(certPath), [GENERATED_KEY, GENERATED_CERT]);
  // The key first: a start finds a certificate only once its key is there too.
  writeFileWhole(keyPath, pems.private, 0o600);
  writeFileWhole(certPath, pems.cert);
  return { cert: pems.cert, key: pems.private };
}

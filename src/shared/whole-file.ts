/**
 * Files Ginko writes once into its data directory (the generated TLS certificate and key, the
 * development key), written whole or not at all: under a temporary name, flushed to disk, then
 * renamed over the final name. A process stopped in the middle (killed, the machine down) leaves
 * no half-written file behind, which every later start would read and fail on
 * (test/server.test.ts).
 */
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEMPORARY = '.tmp';

/** `mode` as for writeFileSync: 0o666 less the umask unless given. */
export function writeFileWhole(path: string, text: string, mode = 0o666): void {
  // The process id keeps two processes that write the same file at once off each other's copy.
  const temporary = `${path}.${process.pid}${TEMPORARY}`;
  const fd = openSync(temporary, 'w', mode);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/**
 * Removes the temporary copies of the files `names` of `dir` (`<name>.<pid>.tmp`) that a process
 * stopped in the middle of writeFileWhole left. Only for a caller that knows no other process
 * writes those files now (the TLS pair's lock, src/http/edge/tls.ts).
 */
export function removeTemporaryCopies(dir: string, names: readonly string[]): void {
  const isCopy = (entry: string) =>
    entry.endsWith(TEMPORARY) && names.some((name) => entry.startsWith(`${name}.`) && /^\d+$/.test(entry.slice(name.length + 1, -TEMPORARY.length)));
  for (const entry of readdirSync(dir)) if (isCopy(entry)) rmSync(join(dir, entry), { force: true });
}

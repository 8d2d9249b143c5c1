/**
 * Files Ginko writes once into its data directory (the generated TLS certificate and key, the
 * development key), written whole or not at all: under a temporary name, flushed to disk, then
 * renamed over the final name. A process stopped in the middle (killed, the machine down) leaves
 * no half-written file behind, which every later start would read and fail on
 * (test/server.test.ts).
 */
import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';

/** `mode` as for writeFileSync: 0o666 less the umask unless given. */
export function writeFileWhole(path: string, text: string, mode = 0o666): void {
  // The process id keeps two processes that write the same file at once off each other's copy.
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', mode);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/** Temporary directories of one test file, removed when the file's tests are done. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

/** Call at the top level of a test file; returns a maker of new directories (and adopts others). */
export function useTempDirs(prefix: string): { (): string; adopt(dir: string): string } {
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const make = () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  return Object.assign(make, {
    /** Removes `dir` with the others, e.g. a fixture package written elsewhere. */
    adopt(dir: string) {
      dirs.push(dir);
      return dir;
    },
  });
}

/**
 * The caps on what a dataset source may make Ginko read (docs/limits.md#dataset-sources): a
 * registry download, one file taken out of a source, and everything a source unpacks. Every
 * reader (zengin-tarball.ts, master-zip-source.ts, source-data.ts, zengin.ts and the registry
 * client) takes its caps from this one table and refuses with a message naming the cap (an
 * ArchiveLimitError; the registry client's RegistryError `too_large`), so a hostile or broken
 * file costs at most these bytes, never the machine's memory.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';

export const MIB = 1024 * 1024;

export interface ArchiveLimits {
  /**
   * A registry tarball as downloaded (`ginko update`, the console's check, `--update-interval`).
   * Today's zengin-code tarball is about 0.75 MB; `--max-download-mib` / GINKO_MAX_DOWNLOAD_MIB.
   */
  readonly downloadBytes: number;
  /** One file a source is read from (lib/zengin-data.js is about 5 MB today). */
  readonly entryBytes: number;
  /** Everything one source unpacks or reads, the entries it skips included. */
  readonly totalBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = Object.freeze({ downloadBytes: 32 * MIB, entryBytes: 32 * MIB, totalBytes: 64 * MIB });

/** A source past its per-file or total cap; the message names the cap. */
export class ArchiveLimitError extends Error {}

/** `32 MiB`, or the bytes when they are not a whole number of MiB. */
export function sizeOf(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;
}

/** What one source has read so far, checked against the per-file and total caps. */
export class ReadBudget {
  #total = 0;

  constructor(
    /** The source (a file or a directory), as refusals name it. */
    private readonly source: string,
    readonly limits: ArchiveLimits = ARCHIVE_LIMITS,
  ) {}

  /** Refuses an entry of `bytes` (as its header or the file system says) before it is read. */
  entry(name: string, bytes: number): void {
    if (bytes > this.limits.entryBytes) throw new ArchiveLimitError(`${this.source}: ${name} is larger than the per-file cap of ${sizeOf(this.limits.entryBytes)}`);
  }

  /** Counts `bytes` more read or unpacked from the source, wanted or skipped. */
  take(bytes: number): void {
    this.#total += bytes;
    if (this.#total > this.limits.totalBytes) throw new ArchiveLimitError(`${this.source}: what it unpacks and reads adds up to more than the total cap of ${sizeOf(this.limits.totalBytes)}`);
  }

  /** The file `name` of a directory source, read whole once its size has passed both caps. */
  readFile(name: string): Buffer {
    const fd = openSync(join(this.source, name), 'r');
    try {
      const size = fstatSync(fd).size;
      this.entry(name, size);
      this.take(size);
      const bytes = Buffer.alloc(size);
      let read = 0;
      // A file that grows meanwhile is read up to the size that passed the caps.
      while (read < size) {
        const n = readSync(fd, bytes, read, size - read, null);
        if (n === 0) break;
        read += n;
      }
      return bytes.subarray(0, read);
    } finally {
      closeSync(fd);
    }
  }
}

/** Counting the response lines of a bench run's log (run.ts). */
import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Response lines in the log, read a chunk at a time: a full run on a quick machine writes more
 * than the longest string V8 can hold (512 MB).
 */
export function logLines(logFile: string, chunkBytes = 1 << 20): number {
  const marker = Buffer.from('"msg":"response"');
  const chunk = Buffer.alloc(Math.max(chunkBytes, 2 * marker.length));
  const fd = openSync(logFile, 'r');
  let n = 0;
  try {
    // Each read starts with the last marker.length - 1 bytes of the one before, so a marker
    // split between two reads is found, and none is counted twice.
    let kept = 0;
    for (;;) {
      const read = readSync(fd, chunk, kept, chunk.length - kept, null);
      if (read === 0) break;
      const end = kept + read;
      for (let i = chunk.indexOf(marker); i !== -1 && i + marker.length <= end; i = chunk.indexOf(marker, i + marker.length)) n++;
      kept = Math.min(marker.length - 1, end);
      chunk.copy(chunk, 0, end - kept, end);
    }
  } finally {
    closeSync(fd);
  }
  return n;
}

/**
 * A one-line progress bar for long CLI runs on a terminal: done/total, percentage, rows per
 * second and the time left, redrawn at most every 100 ms. Off when stderr is not a terminal
 * (a pipe or a log file gets only the summary).
 */
const WIDTH = 24;
const REDRAW_MS = 100;

export interface ProgressBar {
  update(done: number, total: number): void;
  /** Clears the line, leaving the terminal as it was. */
  end(): void;
}

const NO_BAR: ProgressBar = { update: () => undefined, end: () => undefined };

export function formatProgress(done: number, total: number, elapsedMs: number): string {
  const ratio = total === 0 ? 1 : done / total;
  const filled = Math.round(ratio * WIDTH);
  const perSecond = elapsedMs > 0 ? Math.round((done * 1000) / elapsedMs) : 0;
  const etaSeconds = perSecond > 0 ? Math.ceil((total - done) / perSecond) : undefined;
  const n = (x: number) => x.toLocaleString('en-US');
  return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${n(done)}/${n(total)} rows ${Math.floor(ratio * 100)}%  ${n(perSecond)} rows/s  ETA ${etaSeconds === undefined ? '–' : `${etaSeconds}s`}`;
}

export function progressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!stream.isTTY) return NO_BAR;
  const started = performance.now();
  let drawn = -Infinity;
  return {
    update(done, total) {
      const now = performance.now();
      if (now - drawn < REDRAW_MS && done < total) return;
      drawn = now;
      stream.write(`\r${formatProgress(done, total, now - started)}\u001b[K`);
    },
    end() {
      if (drawn !== -Infinity) stream.write('\r\u001b[K');
    },
  };
}

/**
 * How busy the event loop has been lately: the share of the last LOAD_WINDOW_MS it spent running
 * rather than waiting (Node's event loop utilization), read once per window by a timer. The
 * write batch (write-batch.ts) holds answers for the end of their turn only while the loop is
 * busy: there holding saves the CPU that wakes the client once per answer, where a loop with
 * time to spare would only make the first answers of a burst wait for the last
 * (docs/benchmarks.md#answers-written-at-the-end-of-their-turn).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** The window over which the loop's utilization is read. */
export const LOAD_WINDOW_MS = 100;
/** The share of a window the loop must have run for it to count as busy. */
export const BUSY_UTILIZATION = 0.75;

export class LoopLoad {
  #busy = false;
  #last: EventLoopUtilization = performance.eventLoopUtilization();
  readonly #timer: NodeJS.Timeout;

  constructor() {
    this.#timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.#busy = performance.eventLoopUtilization(now, this.#last).utilization >= BUSY_UTILIZATION;
      this.#last = now;
    }, LOAD_WINDOW_MS);
    // A gauge: it must not keep a process alive that has nothing else to do.
    this.#timer.unref();
  }

  /** Whether the loop ran for at least BUSY_UTILIZATION of the last window. */
  get busy(): boolean {
    return this.#busy;
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

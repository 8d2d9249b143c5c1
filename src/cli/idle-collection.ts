/**
 * A full garbage collection when the server falls idle after load (docs/operations.md#memory).
 *
 * V8 starts a full collection (a mark-compact) when the old generation reaches a limit, and it
 * counts towards it what the young collections promote and the memory outside the heap
 * (Buffers) made since the last one. A burst of load fills much of that room and leaves it
 * filled: an idle server collects nothing, so the mark-compact falls in the first load after
 * the lull, pausing the main thread and taking a processor from it while it marks
 * (docs/benchmarks.md#a-full-collection-while-idle). Made in the lull instead, it costs no
 * request anything and leaves the next load the whole room.
 */
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

/** The one table of the idle collection's settings. */
export const IDLE_COLLECTION = {
  /** How often the server looks whether it is idle. */
  checkMs: 250,
  /** Below this share of a check's interval spent busy, the event loop counts as idle. */
  idleBelow: 0.02,
  /**
   * What the old generation and the memory outside the heap must have grown by since the last
   * full collection for an idle one to be worth it: seconds of load at thousands of requests a
   * second (tens of bytes each; docs/benchmarks.md#the-old-generation-between-two-mark-compacts),
   * hours of a trickle.
   */
  growthBytes: 4 * 1024 * 1024,
} as const;

export interface IdleCollectionParts {
  /** A full collection, now. */
  readonly collect: () => void;
  /** Bytes a full collection would look at: the old generation's and those outside the heap. */
  readonly retained: () => number;
  /** The share of the time since the last call that the event loop was busy, 0 to 1. */
  readonly busy: () => number;
}

/** Decides, at each look, whether to collect now. */
export class IdleCollector {
  /** `retained` just after the last full collection, ours or V8's (it only falls at one). */
  #floor: number;
  #collections = 0;
  #seconds = 0;

  constructor(
    private readonly parts: IdleCollectionParts,
    private readonly growthBytes: number = IDLE_COLLECTION.growthBytes,
    private readonly idleBelow: number = IDLE_COLLECTION.idleBelow,
  ) {
    this.#floor = parts.retained();
  }

  /** Full collections made so far, and the seconds they took (ginko_idle_collections_total). */
  get collections(): number {
    return this.#collections;
  }

  get seconds(): number {
    return this.#seconds;
  }

  /** One look; true when it collected. */
  check(): boolean {
    const busy = this.parts.busy();
    const retained = this.parts.retained();
    // A mark-compact of V8's own since the last look: what it kept is the new floor.
    if (retained < this.#floor) this.#floor = retained;
    if (busy >= this.idleBelow || retained - this.#floor < this.growthBytes) return false;
    const started = performance.now();
    this.parts.collect();
    this.#seconds += (performance.now() - started) / 1000;
    this.#floor = this.parts.retained();
    this.#collections++;
    return true;
  }
}

/** What a full collection would look at, from V8's own statistics (no system call). */
export function retainedBytes(): number {
  let bytes = getHeapStatistics().external_memory;
  for (const space of getHeapSpaceStatistics()) {
    // The young generation is emptied by every scavenge, many a second: not a full collection's.
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space') bytes += space.space_used_size;
  }
  return bytes;
}

export interface IdleCollection {
  readonly collector: IdleCollector;
  stop(): void;
}

/**
 * Looks every IDLE_COLLECTION.checkMs, on a timer that keeps no process alive. Undefined when
 * Node.js was started without `--expose-gc` (npm start passes it; docs/deployment.md): the
 * server then runs as before, leaving every full collection to V8.
 */
export function startIdleCollection(): IdleCollection | undefined {
  const collect = globalThis.gc;
  if (collect === undefined) return undefined;
  let last = performance.eventLoopUtilization();
  const collector = new IdleCollector({
    collect: () => collect(),
    retained: retainedBytes,
    busy: () => {
      const now = performance.eventLoopUtilization();
      const { utilization } = performance.eventLoopUtilization(now, last);
      last = now;
      return utilization;
    },
  });
  const timer = setInterval(() => collector.check(), IDLE_COLLECTION.checkMs).unref();
  return { collector, stop: () => clearInterval(timer) };
}

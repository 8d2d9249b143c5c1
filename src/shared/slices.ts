/**
 * Long computations share the event loop (docs/architecture.md#long-requests). A request whose
 * work can run longer than a few milliseconds — a Resolve batch, a filter over a long list, a
 * payee file — does it in slices of at most SLICE_MS and waits for its turn between them. Turns
 * are given one slice per turn of the event loop, first come first served, so between two slices
 * Node reads and answers whatever else has arrived: a plain lookup waits for at most one slice,
 * however many heavy requests are in progress, and heavy requests of several clients take turns.
 *
 * Chosen over a worker pool: the work reads the snapshot's in-memory indexes, which a worker
 * would have to hold a copy of (its memory times the pool's size), and one slice per turn keeps
 * the latency of everything else bounded on any number of cores.
 */

/** The longest a slice holds the event loop, in milliseconds. */
export const SLICE_MS = 4;

const waiting: (() => void)[] = [];
let scheduled = false;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // One turn per immediate: an immediate queued while immediates run waits for the next turn of the loop.
  setImmediate(giveTurn);
}

function giveTurn(): void {
  scheduled = false;
  const next = waiting.shift();
  if (waiting.length > 0) schedule();
  next?.();
}

/** Resolves when it is the caller's turn again: one waiting slice per turn of the event loop, in order. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

/**
 * The clock of one computation's slices: `due()` says whether the slice has run its time, and
 * `pause()` waits for the next turn and starts a new slice. `spentMs` adds up the slices only,
 * never the time spent waiting for a turn.
 */
export class Slices {
  #start = performance.now();
  #before = 0;

  get spentMs(): number {
    return this.#before + performance.now() - this.#start;
  }

  due(): boolean {
    return performance.now() - this.#start >= SLICE_MS;
  }

  async pause(): Promise<void> {
    this.#before += performance.now() - this.#start;
    await nextTurn();
    this.#start = performance.now();
  }
}

/** `work` over each item in order, pausing between slices; the results in the items' order. */
export async function mapInSlices<T, U>(items: readonly T[], work: (item: T, index: number) => U): Promise<U[]> {
  const slices = new Slices();
  const out: U[] = [];
  for (let i = 0; i < items.length; i++) {
    if (slices.due()) await slices.pause();
    out.push(work(items[i]!, i));
  }
  return out;
}

/**
 * The snapshot a process serves right now. Requests read `current` once and keep that
 * reference, so swapping in a new snapshot never mixes two versions within one response.
 */
import type { Snapshot } from './snapshot.js';

export class SnapshotHolder {
  #current: Snapshot;
  readonly #listeners = new Set<(s: Snapshot) => void>();

  constructor(initial: Snapshot) {
    this.#current = initial;
  }

  get current(): Snapshot {
    return this.#current;
  }

  /** Swaps in `next`, then tells every listener (logging, warming, metrics). */
  replace(next: Snapshot): void {
    this.#current = next;
    for (const listener of this.#listeners) listener(next);
  }

  /** Calls `listener` after each swap; returns a function that stops it. */
  onReplace(listener: (s: Snapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

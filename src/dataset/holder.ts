/**
 * The directory a process serves right now. Requests read `current` once and keep that
 * reference, so swapping in a new snapshot never mixes two versions within one response.
 */
import type { Directory } from './directory.js';

export class DirectoryHolder {
  #current: Directory;
  readonly #listeners = new Set<(d: Directory) => void>();

  constructor(initial: Directory) {
    this.#current = initial;
  }

  get current(): Directory {
    return this.#current;
  }

  replace(next: Directory): void {
    this.#current = next;
    for (const listener of this.#listeners) listener(next);
  }

  /** Calls `listener` after each swap; returns a function that stops it. */
  onReplace(listener: (d: Directory) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

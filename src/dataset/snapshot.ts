/**
 * One dataset version as a process serves it: the Directory and everything derived from it —
 * search indexes, Resolve indexes, kept results and answers, serialized records. Derived state
 * is made on first use and kept on the snapshot, so it is swapped out whole with its version
 * and nothing per version lives in module scope.
 *
 * The modules that derive something declare it once as a Derivation (a name, how to build it,
 * and optionally how to warm it); the snapshot holds the values:
 *
 *   search/freeword/freeword-index.ts   FREEWORD_INDEX
 *   resolve/resolve-index.ts            RESOLVE_INDEX (warmed a bank at a time in the background)
 *   search/result-cache.ts              RESULTS
 *   http/edge/answer-cache.ts           ANSWERS
 *   http/apis/search/json.ts            RECORD_JSON
 */
import type { Directory } from './directory.js';

export interface Derivation<T> {
  /** For logs and errors. */
  readonly name: string;
  readonly build: (snapshot: Snapshot) => T;
  /**
   * Completes the value ahead of need, in steps between other work; `step` schedules the next
   * step and returns false once there is nothing left to do.
   */
  readonly warm?: (value: T, snapshot: Snapshot) => () => boolean;
}

export class Snapshot {
  // Keyed by the Derivation object itself: each module declares its derivations once.
  readonly #derived = new Map<object, unknown>();
  readonly #warming = new Set<object>();

  constructor(readonly directory: Directory) {}

  get version(): string {
    return this.directory.version;
  }

  /** The value of `derivation` for this snapshot, built on first use. */
  derive<T>(derivation: Derivation<T>): T {
    let value = this.#derived.get(derivation) as T | undefined;
    if (value === undefined) {
      value = derivation.build(this);
      this.#derived.set(derivation, value);
    }
    return value;
  }

  /**
   * Builds `derivation` and warms it a step at a time (about 5 ms each) between other work, once
   * per snapshot: a request never waits for more than one step.
   */
  warm<T>(derivation: Derivation<T>): void {
    if (this.#warming.has(derivation)) return;
    this.#warming.add(derivation);
    const step = derivation.warm?.(this.derive(derivation), this);
    if (step === undefined) return;
    const run = () => {
      const until = performance.now() + 5;
      let more = true;
      while (more && performance.now() < until) more = step();
      if (more) setImmediate(run).unref();
    };
    setImmediate(run).unref();
  }
}

/**
 * A warming step that visits the snapshot's banks one at a time (Derivation.warm): for indexes
 * built per bank on first need (Resolve, romaji forms).
 */
export function bankByBank(snapshot: Snapshot, visit: (bankCode: string) => void): () => boolean {
  const banks = snapshot.directory.banks;
  let next = 0;
  return () => {
    if (next < banks.length) visit(banks[next++]!.code);
    return next < banks.length;
  };
}

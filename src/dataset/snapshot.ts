/**
 * One dataset version as a process serves it: the Directory and everything derived from it —
 * search indexes, Resolve indexes, kept results and answers. Derived state
 * is made on first use and kept on the snapshot, so it is swapped out whole with its version
 * and nothing per version lives in module scope.
 *
 * The modules that derive something declare it once as a Derivation (a name, how to build it,
 * at once or in steps, and optionally how to warm it); the snapshot holds the values:
 *
 *   search/freeword/freeword-index.ts   FREEWORD_INDEX (built in steps when served, then its
 *                                       romaji keys warmed)
 *   resolve/resolve-index.ts            RESOLVE_INDEX (prepared in steps when served, its branch
 *                                       indexes warmed a bank at a time in the background)
 *   dataset/result-cache.ts             RESULTS
 *   http/edge/answer-cache.ts           ANSWERS
 *   lineage/served.ts                   LINEAGE_HISTORY (provided by history/stored-lineage.ts
 *                                       where it needs the store), LINEAGE (both in steps, built
 *                                       within the Resolve index's)
 */
import { Slices } from '../shared/slices.js';
import type { Directory } from './directory.js';

export type Derivation<T> = DerivationBuilt<T> | DerivationInSteps<T>;

interface DerivationBase<T> {
  /** For logs and errors. */
  readonly name: string;
  /**
   * Completes the value ahead of need, in steps between other work; `step` schedules the next
   * step and returns false once there is nothing left to do.
   */
  readonly warm?: (value: T, snapshot: Snapshot) => () => boolean;
}

interface DerivationBuilt<T> extends DerivationBase<T> {
  readonly build: (snapshot: Snapshot) => T;
  readonly steps?: never;
}

/**
 * Built by a generator that yields between steps of a few ms: `prepare` runs them between other
 * work; `derive`, when the value is needed before, runs the rest at once.
 */
export interface DerivationInSteps<T> extends DerivationBase<T> {
  readonly steps: (snapshot: Snapshot) => Generator<void, T, void>;
  readonly build?: never;
}

/** How long one step of background work may hold the event loop (warm and prepare). */
const STEP_MS = 5;

/** Runs `step` between other work, for up to STEP_MS at a time, until it returns false. */
function inBackground(step: () => boolean): void {
  const run = () => {
    const until = performance.now() + STEP_MS;
    let more = true;
    while (more && performance.now() < until) more = step();
    if (more) setImmediate(run).unref();
  };
  setImmediate(run).unref();
}

export class Snapshot {
  // Keyed by the Derivation object itself: each module declares its derivations once.
  readonly #derived = new Map<object, unknown>();
  readonly #warming = new Set<object>();
  /** Derivations being prepared in steps, by their generator. */
  readonly #preparing = new Map<object, Generator<void, unknown, void>>();
  /** Derivations being finished in slices for requests that wait for them (deriveInSlices). */
  readonly #finishing = new Map<object, Promise<unknown>>();

  constructor(readonly directory: Directory) {}

  get version(): string {
    return this.directory.version;
  }

  /** The value of `derivation` for this snapshot, built on first use. */
  derive<T>(derivation: Derivation<T>): T {
    let value = this.#derived.get(derivation) as T | undefined;
    if (value === undefined) {
      const preparing = this.#preparing.get(derivation) as Generator<void, T, void> | undefined;
      value = derivation.steps ? this.#finish(derivation, preparing ?? derivation.steps(this)) : derivation.build(this);
      this.#derived.set(derivation, value);
    }
    return value;
  }

  /**
   * The value of a derivation made in steps, for a request that needs it before it is ready:
   * the remaining steps run in slices that share the event loop with other requests
   * (src/shared/slices.ts), taking over steps a `prepare` began; requests that ask meanwhile
   * wait for the same slices. A request never holds the loop for the whole build, as `derive`
   * would (the first Resolve or lineage request after a start or an import).
   */
  async deriveInSlices<T>(derivation: DerivationInSteps<T>): Promise<T> {
    if (this.#derived.has(derivation)) return this.#derived.get(derivation) as T;
    let finishing = this.#finishing.get(derivation) as Promise<T> | undefined;
    if (finishing === undefined) {
      finishing = this.#finishInSlices(derivation).finally(() => this.#finishing.delete(derivation));
      this.#finishing.set(derivation, finishing);
    }
    return finishing;
  }

  async #finishInSlices<T>(derivation: DerivationInSteps<T>): Promise<T> {
    const steps = this.within(derivation);
    const slices = new Slices();
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
      if (slices.due()) await slices.pause();
    }
  }

  /**
   * Builds a derivation made in steps between other work, so that no request waits for all of
   * it; a request that needs it first runs the remaining steps at once (derive), or in slices
   * (deriveInSlices).
   */
  prepare<T>(derivation: DerivationInSteps<T>): void {
    if (this.#derived.has(derivation) || this.#preparing.has(derivation)) return;
    const steps = derivation.steps(this);
    this.#preparing.set(derivation, steps);
    inBackground(() => {
      // Finished by derive meanwhile, or given up and prepared anew: these steps are not needed.
      if (this.#preparing.get(derivation) !== steps) return false;
      let next: IteratorResult<void, T>;
      try {
        next = steps.next();
      } catch {
        // Nothing here to report it to: the request that needs the value builds it afresh
        // (derive) and answers the failure as any other.
        this.#preparing.delete(derivation);
        return false;
      }
      if (!next.done) return true;
      this.#preparing.delete(derivation);
      this.#derived.set(derivation, next.value);
      return false;
    });
  }

  /**
   * The value of `derivation`, built within the steps of another derivation that needs it
   * (`const value = yield* snapshot.within(D)` in its generator), so that neither holds the
   * event loop for long: the Resolve index needs the lineage. The steps stay where `prepare`,
   * `provide` and other callers find them, so every caller advances the same ones and they run
   * once; a value derived meanwhile (a request's `derive`) is the one returned.
   */
  *within<T>(derivation: DerivationInSteps<T>): Generator<void, T, void> {
    if (this.#derived.has(derivation)) return this.#derived.get(derivation) as T;
    let steps = this.#preparing.get(derivation) as Generator<void, T, void> | undefined;
    if (steps === undefined) {
      steps = derivation.steps(this);
      this.#preparing.set(derivation, steps);
    }
    for (;;) {
      if (this.#derived.has(derivation)) return this.#derived.get(derivation) as T;
      let next: IteratorResult<void, T>;
      try {
        next = steps.next();
      } catch (err) {
        // Failed steps are not kept: the next caller builds anew.
        if (this.#preparing.get(derivation) === steps) this.#preparing.delete(derivation);
        throw err;
      }
      if (next.done) {
        this.#preparing.delete(derivation);
        this.#derived.set(derivation, next.value);
        return next.value;
      }
      yield;
    }
  }

  #finish<T>(derivation: Derivation<T>, steps: Generator<void, T, void>): T {
    this.#preparing.delete(derivation);
    return completed(steps);
  }

  /**
   * Gives `derivation` other steps than its own for this snapshot, made from more than the
   * directory: the lineage of the versions stored before it needs what the store held
   * (src/history/stored-lineage.ts). They run when the value is first needed, as prepared steps
   * do (derive, within). Only before anything derived it.
   */
  provide<T>(derivation: DerivationInSteps<T>, steps: Generator<void, T, void>): void {
    if (this.#derived.has(derivation) || this.#preparing.has(derivation)) throw new Error(`${derivation.name} is derived already`);
    this.#preparing.set(derivation, steps);
  }

  /** Whether `derivation` has been built for this snapshot (the tests check what is built only on need). */
  has<T>(derivation: Derivation<T>): boolean {
    return this.#derived.has(derivation);
  }

  /**
   * Builds `derivation` and warms it a step at a time (about 5 ms each) between other work, once
   * per snapshot: a request never waits for more than one step. One made in steps is built in
   * slices first, which a request that needs it meanwhile waits for (deriveInSlices).
   */
  warm<T>(derivation: Derivation<T>): void {
    if (this.#warming.has(derivation)) return;
    this.#warming.add(derivation);
    if (derivation.steps !== undefined && !this.#derived.has(derivation)) {
      // A failed build is the request's to report (it builds again); warming may start again.
      this.deriveInSlices(derivation).then(
        (value) => this.#warmFrom(derivation, value),
        () => this.#warming.delete(derivation),
      );
      return;
    }
    this.#warmFrom(derivation, this.derive(derivation));
  }

  #warmFrom<T>(derivation: Derivation<T>, value: T): void {
    const step = derivation.warm?.(value, this);
    if (step !== undefined) inBackground(step);
  }
}

/** The value of work written in steps, all steps run at once. */
export function completed<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
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

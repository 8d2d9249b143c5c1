/**
 * Answers written together, at the end of the event loop's turn, rather than each as soon as it
 * is made. One turn reads every request that arrived since the last one and makes their answers;
 * written back to back, they wake a waiting client (or proxy) once rather than once per answer,
 * and the server goes on to the next turn's requests without the answers' writes between them.
 * Under load from the same host this cut Ginko's CPU time per request in the distinct mixed
 * stream from 89–119 to 70–90 µs (docs/benchmarks.md#answers-written-at-the-end-of-their-turn);
 * a lone request waits only for the end of its own turn.
 *
 * No answer waits more than HOLD_LIMIT_MS: a turn that takes longer (many requests, or one
 * slow one) writes what it holds when the limit has passed, and the next answer starts a new
 * batch. Answers are held at every load: held only while the event loop was busy, a server at
 * half load went back and forth between holding and not every 100 ms, each window without
 * holding taking about a third more of the loop per answer
 * (docs/benchmarks.md#answers-written-at-the-end-of-their-turn).
 */
import type { ServerResponse } from 'node:http';

/** The longest an answer is held for the others of its turn, in milliseconds. */
export const HOLD_LIMIT_MS = 1;

export class WriteBatch {
  /** The held writes, and the response each writes, in the order they were held. */
  #writes: (() => void)[] = [];
  #responses: ServerResponse[] = [];
  /** When the first held write was held. */
  #since = 0;
  #scheduled = false;

  /** `onFault`: a write that threw (its response is then destroyed; the other writes go on). */
  constructor(private readonly onFault: (error: unknown) => void) {}

  /** Makes `write`, which writes `response`, with the other answers of this turn. */
  hold(response: ServerResponse, write: () => void): void {
    if (this.#writes.length > 0 && performance.now() - this.#since >= HOLD_LIMIT_MS) this.#flush();
    if (this.#writes.length === 0) {
      this.#since = performance.now();
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(this.#endOfTurn);
      }
    }
    this.#writes.push(write);
    this.#responses.push(response);
  }

  readonly #endOfTurn = (): void => {
    this.#scheduled = false;
    this.#flush();
  };

  /** Makes every held write now. A write that holds another (an error answered instead) holds it for the next flush. */
  #flush(): void {
    const writes = this.#writes;
    const responses = this.#responses;
    if (writes.length === 0) return;
    this.#writes = [];
    this.#responses = [];
    for (let i = 0; i < writes.length; i++) this.#make(responses[i]!, writes[i]!);
  }

  #make(response: ServerResponse, write: () => void): void {
    try {
      write();
    } catch (error) {
      this.onFault(error);
      if (!response.writableEnded) response.destroy();
    }
  }
}

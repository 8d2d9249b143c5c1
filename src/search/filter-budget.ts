/**
 * The evaluation budget of a filter (docs/filter.md#limits-and-errors): testing stops once the
 * request has spent its time on it, and it is spent in slices, so no filter holds the event
 * loop for more than a slice.
 */
import { FILTER_LIMITS } from './filter/index.js';
import { QueryError } from '../shared/query-error.js';
import { nextTurn, SLICE_MS } from '../shared/slices.js';

/** How many records are tested between two looks at the clock. */
const BUDGET_CHECK_EVERY = 32;

/** Milliseconds of CPU this process has used: unlike wall time, not inflated by other processes. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Where a filter's time is measured from. */
interface Mark {
  readonly wall: number;
  readonly cpu: number;
}

function mark(): Mark {
  return { wall: performance.now(), cpu: cpuMs() };
}

/**
 * The main thread's time since `from` (within one slice), bounded from above as closely as Node 20 allows: it has
 * no clock of one thread's CPU. The process's CPU also counts V8's collector threads and libuv's
 * pool, which can use more than the budget meanwhile (the test suite once saw a filter of 2 ms
 * refused); wall time also counts waits for a CPU on a busy machine. The main thread's time is
 * at most either, so the smaller refuses every filter the main thread spends the budget on, and
 * fewer that it does not.
 */
function spentMs(from: Mark): number {
  return Math.min(performance.now() - from.wall, cpuMs() - from.cpu);
}

/**
 * Who pays for an evaluation: the caller's share of evaluation time (per API key, see
 * src/access/filter-allowance.ts). `admit` throws to refuse before anything is evaluated;
 * `charge` receives the time the evaluation took (spentMs), also when it ran out of budget.
 */
export interface FilterTimeMeter {
  admit(): void;
  charge(cpuMs: number): void;
}

/**
 * The records of `items` that pass `test`, evaluated in slices that share the event loop
 * (src/shared/slices.ts), and stopped once the evaluation has spent its budget
 * (docs/filter.md#limits-and-errors): the budget counts the slices' own time, never the time
 * spent waiting for a turn.
 */
export async function filterWithinBudget<T>(items: readonly T[], test: (item: T) => boolean, text: string, meter?: FilterTimeMeter): Promise<T[]> {
  meter?.admit();
  let spent = 0;
  let slice = mark();
  const kept: T[] = [];
  try {
    for (let i = 0; i < items.length; i++) {
      if (i % BUDGET_CHECK_EVERY === BUDGET_CHECK_EVERY - 1) {
        if (spent + spentMs(slice) > FILTER_LIMITS.evaluationBudgetMs) {
          throw new QueryError('filter', text, `the filter took longer than ${FILTER_LIMITS.evaluationBudgetMs} ms to evaluate; simplify the regular expression or use == patterns`);
        }
        if (performance.now() - slice.wall >= SLICE_MS) {
          spent += spentMs(slice);
          await nextTurn();
          slice = mark();
        }
      }
      if (test(items[i]!)) kept.push(items[i]!);
    }
  } finally {
    meter?.charge(spent + spentMs(slice));
  }
  return kept;
}

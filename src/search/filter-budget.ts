/**
 * The evaluation budget of a filter (docs/filter.md#limits-and-errors): testing stops once the
 * request has spent its time on it, so no filter can hold the event loop.
 */
import { FILTER_LIMITS } from './filter/index.js';
import { QueryError } from '../shared/query-error.js';

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
 * The main thread's time since `from`, bounded from above as closely as Node 20 allows: it has
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

/** Stops a filter that would hold the event loop past its budget (docs/filter.md#limits-and-errors). */
export function filterWithinBudget<T>(items: readonly T[], test: (item: T) => boolean, text: string, meter?: FilterTimeMeter): T[] {
  meter?.admit();
  const started = mark();
  const kept: T[] = [];
  try {
    for (let i = 0; i < items.length; i++) {
      if (i % BUDGET_CHECK_EVERY === BUDGET_CHECK_EVERY - 1 && spentMs(started) > FILTER_LIMITS.evaluationBudgetMs) {
        throw new QueryError('filter', text, `the filter took longer than ${FILTER_LIMITS.evaluationBudgetMs} ms to evaluate; simplify the regular expression or use == patterns`);
      }
      if (test(items[i]!)) kept.push(items[i]!);
    }
  } finally {
    meter?.charge(spentMs(started));
  }
  return kept;
}

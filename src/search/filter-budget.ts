/**
 * The evaluation budget of a filter (docs/filter.md#limits-and-errors): testing stops once the
 * request has spent its CPU time on it, so no filter can hold the event loop.
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

/**
 * Who pays for an evaluation: the caller's share of evaluation time (per API key, see
 * src/access/filter-allowance.ts). `admit` throws to refuse before anything is evaluated;
 * `charge` receives the CPU time the evaluation took, also when it ran out of budget.
 */
export interface FilterTimeMeter {
  admit(): void;
  charge(cpuMs: number): void;
}

/** Stops a filter that would hold the event loop past its budget (docs/filter.md#limits-and-errors). */
export function filterWithinBudget<T>(items: readonly T[], test: (item: T) => boolean, text: string, meter?: FilterTimeMeter): T[] {
  meter?.admit();
  const started = cpuMs();
  const deadline = started + FILTER_LIMITS.evaluationBudgetMs;
  const kept: T[] = [];
  try {
    for (let i = 0; i < items.length; i++) {
      if (i % BUDGET_CHECK_EVERY === BUDGET_CHECK_EVERY - 1 && cpuMs() > deadline) {
        throw new QueryError('filter', text, `the filter took longer than ${FILTER_LIMITS.evaluationBudgetMs} ms to evaluate; simplify the regular expression or use == patterns`);
      }
      if (test(items[i]!)) kept.push(items[i]!);
    }
  } finally {
    meter?.charge(cpuMs() - started);
  }
  return kept;
}

/**
 * The most process CPU, in ms, that evaluating a hostile `=re=` filter may take in a test
 * (test/filter.test.ts in process, test/search-filter.test.ts over HTTP).
 *
 * The patterns the tests use need 3–21 ms over the 717 branches of 0005 and stop at the 30 ms
 * budget over all branches (src/search/filter-budget.ts); the process's CPU also counts V8's
 * compiler and collector threads, which once took a request of about 20 ms to 54 ms. What the
 * bound is for is far above it: without V8's fallback to the linear engine
 * (src/search/filter/regex.ts), `(.*)*x` takes ~24 ms on one 18-character reading, and 32
 * readings are tested between two looks at the clock: seconds.
 */
export const HOSTILE_FILTER_CPU_MS = 150;

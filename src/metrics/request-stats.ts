/**
 * Per-request counting for /metrics without per-request allocation. prom-client's own
 * `inc`/`observe` build a label hash string and several objects on every call (about 2 µs
 * here, measured); a request instead adds to plain numbers in a series object that its route
 * resolved once, and the numbers are handed to prom-client only when /metrics is scraped.
 */

/**
 * Upper bounds in seconds of the latency histogram: fine below 5 ms, where lookups and
 * freeword answers live (docs/operations.md#every-metric), then up to the 50 ms filter target
 * and beyond.
 */
export const LATENCY_BUCKETS_SECONDS: readonly number[] = Object.freeze([0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);

/** The requests of one route and method. */
export class RequestSeries {
  /** Responses by status code. */
  readonly statuses = new Map<number, number>();
  /** Non-cumulative counts per bucket of LATENCY_BUCKETS_SECONDS, plus one for +Inf. */
  readonly buckets = new Array<number>(LATENCY_BUCKETS_SECONDS.length + 1).fill(0);
  count = 0;
  sumSeconds = 0;

  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  record(status: number, seconds: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < LATENCY_BUCKETS_SECONDS.length && seconds > LATENCY_BUCKETS_SECONDS[i]!) i++;
    this.buckets[i]! += 1;
    this.count += 1;
    this.sumSeconds += seconds;
  }
}

/** Every series, by route pattern then method; routes resolve their series once and keep it. */
export class RequestStats {
  readonly #byRoute = new Map<string, Map<string, RequestSeries>>();

  series(method: string, route: string): RequestSeries {
    let methods = this.#byRoute.get(route);
    if (!methods) this.#byRoute.set(route, (methods = new Map()));
    let series = methods.get(method);
    if (!series) methods.set(method, (series = new RequestSeries(method, route)));
    return series;
  }

  *all(): IterableIterator<RequestSeries> {
    for (const methods of this.#byRoute.values()) yield* methods.values();
  }
}

/**
 * Waiting out 429 answers. Ginko answers a request over a rate limit with 429 and says when to
 * come back: `Retry-After` (seconds or an HTTP date) where it is sent, else `ratelimit-reset`
 * (seconds until the binding limit resets; docs/access.md). The request is sent again after that
 * wait, at most `maxRetries` times, and never after a wait longer than `maxDelayMs`: a day's
 * limit resets at JST midnight, which no caller wants to sleep through. Then the 429 is the answer.
 */
export interface BackoffOptions {
  /** How many times one request is sent again after a 429. */
  readonly maxRetries?: number;
  /** The longest wait before a retry; a 429 asking for longer is answered at once. */
  readonly maxDelayMs?: number;
  /** The wait when a 429 names none: doubled on each retry (1 s, 2 s, 4 s …). */
  readonly fallbackDelayMs?: number;
  /** How to wait (tests record the waits). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The clock an HTTP-date `Retry-After` is read against. */
  readonly now?: () => number;
}

export const BACKOFF_DEFAULTS = Object.freeze({
  maxRetries: 3,
  maxDelayMs: 10_000,
  fallbackDelayMs: 1_000,
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
}) satisfies Required<BackoffOptions>;

/** Milliseconds a 429 asks to wait, from `Retry-After` or `ratelimit-reset`; undefined when it names none. */
export function requestedDelayMs(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Number(reset) * 1000;
  return undefined;
}

/** `send`, sending a request again after each 429 as the server asks, within the bounds. */
export function withBackoff(send: (request: Request) => Promise<Response>, options: BackoffOptions = {}): (request: Request) => Promise<Response> {
  const { maxRetries, maxDelayMs, fallbackDelayMs, sleep, now } = { ...BACKOFF_DEFAULTS, ...options };
  return async (request) => {
    for (let retry = 0; ; retry++) {
      // A body can be read once: each try sends a copy.
      const response = await send(retry < maxRetries ? request.clone() : request);
      if (response.status !== 429 || retry >= maxRetries) return response;
      const delay = requestedDelayMs(response.headers, now()) ?? fallbackDelayMs * 2 ** retry;
      if (delay > maxDelayMs) return response;
      // The refused answer's body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      await sleep(delay);
    }
  };
}

/**
 * A value now or later. The access check of every keyed request runs on in-memory state (key
 * cache, plan cache, in-process counters) and only sometimes waits on the store or Redis; with
 * these, the common case completes synchronously instead of paying for a chain of promises.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Whether the value is still to come. The promises here are the runtime's own (async functions,
 * the store's and Redis's clients), so `instanceof` tells.
 */
export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return value instanceof Promise;
}

/** `f(value)`, at once when the value is there, else when it arrives. */
export function andThen<T, U>(value: MaybePromise<T>, f: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return isPromise(value) ? value.then(f) : f(value);
}

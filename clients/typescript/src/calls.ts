/**
 * The calls under every helper: openapi-fetch's client over the generated paths, with the API
 * key sent in the `x-api-key` header, 429 answers waited out (backoff.ts), and methods whose
 * options are checked name by name. client.ts adds the helpers on top.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { type BackoffOptions, withBackoff } from './backoff.js';
import type { CallArgs, CallResult, Method, PathsWith } from './operations.js';
import type { paths } from './openapi.js';

/** What fetch the client calls: the global one by default. */
export type FetchFunction = (request: Request) => Promise<Response>;

export interface GinkoClientOptions {
  /** The server's origin, e.g. `https://ginko.example.jp` (no trailing path). */
  readonly baseUrl: string;
  /** Sent as the `x-api-key` header of every request; omit it for the routes that need none. */
  readonly apiKey?: string;
  /** Another fetch (a test's, or one with a proxy or a custom CA); the global fetch by default. */
  readonly fetch?: FetchFunction;
  /** How 429 answers are waited out, or `false` to get them at once (defaults in backoff.ts). */
  readonly backoff?: BackoffOptions | false;
  /** Extra headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A method of the client: the path, then its options. Unlike openapi-fetch's own methods, which
 * infer the options' type from the argument and so accept an unknown name next to a known one,
 * the options are typed from the path alone, so every misspelled name is a compile error.
 */
export type CallMethod<M extends Method> = <P extends PathsWith<M>>(path: P, ...options: CallArgs<P, M>) => Promise<CallResult<P, M>>;

export interface GinkoCalls {
  /** GET an operation of /openapi.json: `{data, response}` or `{error, response}`. */
  readonly GET: CallMethod<'get'>;
  /** POST an operation of /openapi.json: `{data, response}` or `{error, response}`. */
  readonly POST: CallMethod<'post'>;
  /** PUT, PATCH and DELETE likewise, for the paths of the document that take them. */
  readonly PUT: CallMethod<'put'>;
  readonly PATCH: CallMethod<'patch'>;
  readonly DELETE: CallMethod<'delete'>;
  /** openapi-fetch's client itself, with the same key and back-off: for `parseAs` (text, arrayBuffer, stream) and its other options. */
  readonly raw: Client<paths>;
  /** Adds openapi-fetch middleware (onRequest, onResponse, onError) to every call. */
  use(...middleware: Middleware[]): void;
}

export function createCalls(options: GinkoClientOptions): GinkoCalls {
  const send: FetchFunction = options.fetch ?? ((request) => globalThis.fetch(request));
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.backoff === false ? send : withBackoff(send, options.backoff),
    headers: { ...options.headers, ...(options.apiKey === undefined ? {} : { 'x-api-key': options.apiKey }) },
  });
  // The options are checked by CallMethod's type; at run time both are openapi-fetch's own.
  return {
    GET: raw.GET as unknown as CallMethod<'get'>,
    POST: raw.POST as unknown as CallMethod<'post'>,
    PUT: raw.PUT as unknown as CallMethod<'put'>,
    PATCH: raw.PATCH as unknown as CallMethod<'patch'>,
    DELETE: raw.DELETE as unknown as CallMethod<'delete'>,
    raw,
    use: (...middleware) => raw.use(...middleware),
  };
}

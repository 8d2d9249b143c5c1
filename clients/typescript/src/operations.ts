/**
 * Types derived from the generated src/openapi.ts: which paths take which method, the options
 * of a call and what it answers. Nothing here restates a field of the interface: a new API in
 * /openapi.json is a new path here after `npm run client:generate`.
 */
import type { FetchOptions, FetchResponse } from 'openapi-fetch';
import type { paths } from './openapi.js';

/** The methods of an HTTP API; a method no path of the document takes accepts no path. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that take `M`. */
export type PathsWith<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];

/** The operation object of `M` on `P`. */
export type Operation<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer O } ? O : never;

/**
 * A call's options: `params` (path, query, header) and `body` as the document declares them,
 * checked name by name (see calls.ts), plus fetch's own RequestInit fields. `parseAs` is left to
 * `raw`, whose answer types follow it.
 */
export type CallOptions<P extends keyof paths, M extends Method> = Omit<FetchOptions<Operation<P, M>>, 'parseAs'>;

/** `[options]` when every option is optional, `[options?]` otherwise. */
export type CallArgs<P extends keyof paths, M extends Method> = {} extends CallOptions<P, M> ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];

/**
 * `{data, response}` or `{error, response}`, typed from the operation's responses. (The `any` is
 * FetchResponse's own constraint, which every operation object of openapi.ts meets.)
 */
export type CallResult<P extends keyof paths, M extends Method> = FetchResponse<Operation<P, M> & Record<string | number, any>, {}, 'application/json'>;

/** The JSON body of a 200 answer. */
export type Answer<P extends keyof paths, M extends Method> = NonNullable<CallResult<P, M>['data']>;

/** The query parameters of a GET. */
export type QueryOf<P extends PathsWith<'get'>> = Operation<P, 'get'> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The path parameters of a GET; `never` for a path without any. */
export type PathParamsOf<P extends PathsWith<'get'>> = Operation<P, 'get'> extends { parameters: { path?: infer T } } ? NonNullable<T> : never;

/** The JSON body a POST (or another method `M`) takes. */
export type BodyOf<P extends PathsWith<M>, M extends Method = 'post'> = Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

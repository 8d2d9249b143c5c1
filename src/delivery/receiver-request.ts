/**
 * One POST to a receiver (docs/webhooks.md#delivery), with Node's http/https client rather than
 * fetch: its `lookup` option is the connection's own DNS step, where guardedLookup checks the
 * address connected to (fetch would need the undici package's dispatcher for the same). No
 * redirect is followed (a 3xx is an answer like any other), the whole exchange has a deadline,
 * and at most RESPONSE_BODY_LIMIT_BYTES of the answer are read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkReceiverUrl } from '../webhooks/address-rules.js';
import { DELIVERY_TIMEOUT_MS, RESPONSE_BODY_LIMIT_BYTES } from '../webhooks/limits.js';
import { guardedLookup } from './receiver-address.js';

export interface ReceiverAnswer {
  /** The receiver's status; undefined when it did not answer (refused, timed out, cut off). */
  readonly status: number | undefined;
  /** The start of its body (at most 200 characters), for the delivery log. */
  readonly bodyStart: string;
  /** Why there was no answer. */
  readonly error: string | undefined;
  readonly latencyMs: number;
}

export interface PostOptions {
  readonly allowPrivate: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /** Aborts the request (the server shutting down). */
  readonly signal?: AbortSignal;
}

/** POSTs `body` to `url`; never throws: a failure is an answer without a status. */
export function postToReceiver(url: string, body: string, options: PostOptions): Promise<ReceiverAnswer> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const check = checkReceiverUrl(url, options.allowPrivate);
  if (!check.ok) return Promise.resolve({ status: undefined, bodyStart: '', error: check.message, latencyMs: 0 });
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<ReceiverAnswer, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ ...answer, latencyMs: latency() });
    };
    const send = check.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const bytes = Buffer.from(body, 'utf8');
    const request = send(check.url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json', 'content-length': String(bytes.length) },
      lookup: guardedLookup(options.allowPrivate),
      // A connection of its own: nothing pooled outlives the delivery or is shared between receivers.
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    const onAbort = () => request.destroy(new Error('cut off: the server is shutting down'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    request.on('error', (err: Error) => finish({ status: undefined, bodyStart: '', error: err.message }));
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => finish({ status: response.statusCode, bodyStart: Buffer.concat(chunks).toString('utf8').slice(0, 200), error: undefined });
      response.on('data', (chunk: Buffer) => {
        if (read < RESPONSE_BODY_LIMIT_BYTES) chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT_BYTES - read));
        read += chunk.length;
        // Enough read: the status is what counts, and the rest is not waited for.
        if (read >= RESPONSE_BODY_LIMIT_BYTES) {
          done();
          request.destroy();
        }
      });
      response.on('end', done);
      // The answer's status is known; a body cut off after it does not change it.
      response.on('error', done);
      response.on('aborted', done);
    });
    request.end(bytes);
  });
}

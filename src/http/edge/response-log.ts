/**
 * The one log line per response (docs/operations.md#logs), the same whether Fastify or the hot
 * path (hot-path.ts) answered.
 */
import type { FastifyBaseLogger } from 'fastify';
import { redactUrl } from './redact.js';

export interface AnsweredRequest {
  readonly reqId: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly elapsedMs: number;
  readonly ip: string | undefined;
  /** The key's id (key_…), never the key: enough to find the caller with `ginko keys list`. */
  readonly keyId: string | undefined;
}

export function logResponse(log: FastifyBaseLogger, answered: AnsweredRequest): void {
  log.info(
    {
      reqId: answered.reqId,
      method: answered.method,
      url: redactUrl(answered.url),
      status: answered.status,
      ms: Math.round(answered.elapsedMs * 10) / 10,
      ip: answered.ip,
      ...(answered.keyId ? { keyId: answered.keyId } : {}),
    },
    'response',
  );
}

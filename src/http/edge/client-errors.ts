/**
 * Requests Node's HTTP parser rejects before Fastify sees them (raw UTF-8 or spaces in the
 * request line, oversized headers). They still get the Search error resource.
 */
import type { Socket } from 'node:net';
import { ApiError } from './api-error.js';
import { SEARCH_ERRORS } from './error-shapes.js';

const REASONS: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

function errorFor(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return new ApiError(431, 'the request headers are too large');
  return ApiError.invalidParameter('url', '', 'the request line is malformed; percent-encode query and path values as UTF-8 per RFC 3986');
}

/** Why a connection was refused, for the metrics: `timeout`, `headers_too_large` or `malformed`. */
export type ClientErrorReason = 'timeout' | 'headers_too_large' | 'malformed';

export function handleClientError(err: NodeJS.ErrnoException, socket: Socket, refused: (reason: ClientErrorReason) => void = () => {}): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    refused('timeout');
    socket.destroy(err);
    return;
  }
  refused(err.code === 'HPE_HEADER_OVERFLOW' ? 'headers_too_large' : 'malformed');
  const apiError = errorFor(err.code);
  const body = SEARCH_ERRORS.body(apiError, '') ?? '';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${apiError.status} ${REASONS[apiError.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

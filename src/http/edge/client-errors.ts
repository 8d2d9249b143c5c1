/**
 * Requests Node's HTTP parser rejects before Fastify answers them (raw UTF-8 or spaces in the
 * request line, oversized heads, requests not sent in time). They still get an error body,
 * written straight to the socket, which is then closed: in the shape of the API whose path was
 * asked when the head was read (a Resolve body sent too slowly), else the Search error resource.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from './api-error.js';
import { type ErrorShape, SEARCH_ERRORS } from './error-shapes.js';
import { MAX_URL_LENGTH } from './limits.js';
import { CR, notPercentEncodedError, rawTargetHasNonUriByte, SPACE, targetStart } from './request-target.js';

const REASONS: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

const PROTOCOL = 'HTTP/';

/**
 * Whether the head overflowed because of the URL (414), not the headers (431). `raw` is the
 * chunk the parser stopped in: for a head that arrived in one piece (plain HTTP under 64 KB),
 * the whole head so far, starting with the request line, whose target is then measured. Over
 * TLS the parser gets the head a record (16 KB) at a time, so a URL longer than the head
 * overflows in a later chunk that starts inside the request target: such a chunk has no line
 * end before its first space, and that space is followed by the protocol (`HTTP/`), as only
 * the request line's space after the target is.
 */
export function targetTooLong(raw: unknown): boolean {
  if (!Buffer.isBuffer(raw)) return false;
  const firstSpace = raw.indexOf(SPACE);
  if (firstSpace < 0) return false;
  const lineEnd = raw.indexOf(CR);
  if (lineEnd >= 0 && lineEnd < firstSpace) return false;
  if (raw.toString('latin1', firstSpace + 1, firstSpace + 1 + PROTOCOL.length) === PROTOCOL) return true;
  const start = targetStart(raw);
  if (start < 0) return false;
  let end = start;
  while (end < raw.length && raw[end] !== SPACE && raw[end] !== CR) end++;
  return end - start > MAX_URL_LENGTH;
}

function errorFor(err: NodeJS.ErrnoException & { rawPacket?: unknown }): ApiError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new ApiError(408, 'the request was not sent in time; the connection is closed');
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    if (targetTooLong(err.rawPacket)) return new ApiError(414, `the URL is longer than ${MAX_URL_LENGTH} characters`);
    return new ApiError(431, 'the request headers are too large');
  }
  if (rawTargetHasNonUriByte(err.rawPacket)) return notPercentEncodedError();
  return ApiError.invalidParameter('url', '', 'the request line is malformed; percent-encode query and path values as UTF-8 per RFC 3986');
}

/** Why a connection was refused, for the metrics. */
export type ClientErrorReason = 'timeout' | 'headers_too_large' | 'url_too_long' | 'malformed';

const REASON_OF: Readonly<Record<number, ClientErrorReason>> = { 408: 'timeout', 414: 'url_too_long', 431: 'headers_too_large' };

/** How the app answers a refused connection: the error shape of a request, and its request id. */
export interface ClientErrorAnswer {
  readonly shapeOf: (url: string) => ErrorShape;
  readonly requestId: (request: IncomingMessage) => string;
}

export function handleClientError(err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket, refused: (reason: ClientErrorReason) => void = () => {}, answer?: ClientErrorAnswer): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError = errorFor(err);
  refused(REASON_OF[apiError.status] ?? 'malformed');
  // The answer under way, when the head had been read (a body sent too slowly): a timed-out
  // request whose answer has begun (a slow handler, not a slow client) gets no second status
  // line, the connection is only closed.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean; req?: IncomingMessage } })._httpMessage;
  const answering = pending?.headersSent === true;
  const request = pending?.req;
  const shape = request?.url !== undefined && answer ? answer.shapeOf(request.url) : SEARCH_ERRORS;
  const body = shape.body(apiError, request && answer ? answer.requestId(request) : '') ?? '';
  if (socket.writable && !answering) {
    socket.write(
      `HTTP/1.1 ${apiError.status} ${REASONS[apiError.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

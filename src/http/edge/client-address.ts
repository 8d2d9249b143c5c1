/**
 * What the edge believes about where a request came from, by one rule for the whole server
 * (src/access/trusted-proxies.ts): the client address (access checks, abuse protection, logs),
 * and whether a trusted proxy says the client used HTTPS. Without --trust-proxy, or from a peer
 * that is not a trusted proxy, X-Forwarded-* headers are the client's own words and are ignored.
 */
import type { IncomingMessage } from 'node:http';
import { clientAddressOf, type TrustedProxies } from '../../access/trusted-proxies.js';

export function clientAddress(request: IncomingMessage, proxies: TrustedProxies | undefined): string | undefined {
  return clientAddressOf(request.socket.remoteAddress, request.headers['x-forwarded-for'], proxies);
}

/** Whether the peer is one of the trusted proxies. */
export function fromTrustedProxy(request: IncomingMessage, proxies: TrustedProxies | undefined): boolean {
  const peer = request.socket.remoteAddress;
  return proxies !== undefined && peer !== undefined && proxies.trusts(peer);
}

/** Behind --trust-proxy: a trusted proxy forwarded the request with X-Forwarded-Proto: https. */
export function forwardedAsHttps(request: IncomingMessage, proxies: TrustedProxies | undefined): boolean {
  return request.headers['x-forwarded-proto'] === 'https' && fromTrustedProxy(request, proxies);
}

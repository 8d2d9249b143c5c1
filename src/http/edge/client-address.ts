/**
 * The client's address as Fastify's `request.ip` gives it, for code that runs before Fastify
 * (hot-path.ts): the peer's address, or behind --trust-proxy the first address of
 * X-Forwarded-For (every hop is trusted, as Fastify does for `trustProxy: true`).
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

const trustEveryHop = () => true;

export function clientAddress(request: IncomingMessage, trustProxy: boolean): string | undefined {
  if (!trustProxy) return request.socket.remoteAddress;
  const addresses = proxyAddr.all(request, trustEveryHop);
  return addresses[addresses.length - 1];
}

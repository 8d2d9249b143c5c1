/**
 * Who the client is behind reverse proxies (`--trust-proxy`). The operator names the proxies
 * (addresses and CIDR blocks, as nginx's `set_real_ip_from` and Express's `trust proxy` do);
 * each proxy appends the address it received the request from to X-Forwarded-For, so only the
 * right-hand end of that header was written by someone trusted. The client is the right-most
 * address that is not a trusted proxy. A request whose TCP peer is not a trusted proxy came
 * directly: its X-Forwarded-* headers are the client's own words and are ignored.
 *
 * Pure: no HTTP or sockets; the edge passes the peer address and the header.
 */
import { isIP } from 'node:net';
import { ipMatcher, parseIpRule, unmapIpv4 } from './cidr.js';

/** What `--trust-proxy` without a list trusts: a proxy on the same machine. */
export const LOOPBACK_PROXIES: readonly string[] = Object.freeze(['127.0.0.0/8', '::1']);

export interface TrustedProxies {
  /** The rules as given (addresses and CIDR blocks), for logs and `ginko doctor`. */
  readonly rules: readonly string[];
  /** Whether a peer at `address` is a trusted proxy. */
  trusts(address: string): boolean;
}

/**
 * Parses a comma-separated list such as `10.0.0.0/8, 127.0.0.1, 2001:db8::/32`; throws with the
 * entry at fault. An empty list is refused: trusting no proxy is not using `--trust-proxy`.
 */
export function parseTrustedProxies(list: string): TrustedProxies {
  const rules = list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (rules.length === 0) throw new Error('expected a comma-separated list of proxy addresses or CIDR blocks, e.g. 10.0.0.0/8,127.0.0.1');
  for (const rule of rules) {
    try {
      parseIpRule(rule);
    } catch {
      throw new Error(`"${rule}" is not an IPv4 or IPv6 address or CIDR block, e.g. 10.0.0.0/8 or 127.0.0.1`);
    }
  }
  return trustedProxies(rules);
}

export function trustedProxies(rules: readonly string[]): TrustedProxies {
  const matches = ipMatcher(rules);
  return { rules: Object.freeze([...rules]), trusts: (address) => matches(address) };
}

/**
 * The client's address: `peer` when it is not a trusted proxy (or no proxies are trusted);
 * otherwise the right-most X-Forwarded-For address that is not a trusted proxy, walking left
 * past trusted ones. When every hop is trusted, or the next one to the left is not an address
 * (whoever wrote it is the hop to its right), that last trusted hop is the client.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | readonly string[] | undefined, proxies: TrustedProxies | undefined): string | undefined {
  if (peer === undefined) return undefined;
  if (proxies === undefined || !proxies.trusts(peer)) return peer;
  if (forwardedFor === undefined) return peer;
  const hops = (typeof forwardedFor === 'string' ? forwardedFor : forwardedFor.join(',')).split(',');
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plainAddress(hops[i]!);
    if (hop === undefined) return client;
    client = hop;
    if (!proxies.trusts(hop)) return hop;
  }
  return client;
}

const BRACKETED = /^\[([^\]]+)\](?::\d+)?$/;
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/;

/** One X-Forwarded-For entry as a plain address (ports and IPv6 brackets dropped), or undefined. */
function plainAddress(entry: string): string | undefined {
  let text = entry.trim();
  const bracketed = BRACKETED.exec(text);
  if (bracketed) text = bracketed[1]!;
  else {
    const withPort = IPV4_WITH_PORT.exec(text);
    if (withPort) text = withPort[1]!;
  }
  text = unmapIpv4(text);
  return isIP(text) === 0 ? undefined : text;
}

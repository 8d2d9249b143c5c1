/**
 * Where webhooks may not deliver (docs/webhooks.md#outbound-safety): a receiver's URL is checked
 * when the webhook is created or changed, and the address its host resolves to is checked again
 * when each delivery connects (src/delivery/receiver-request.ts), so that a name that resolves
 * elsewhere later (DNS rebinding) cannot reach inside the server's network. One table of
 * address blocks, each with what it is; pure (no DNS here).
 *
 * By default every block below is refused. `ginko serve --webhook-allow-private` (tests, closed
 * networks) allows the ones marked `private` — loopback, RFC 1918, unique-local, link-local,
 * shared (CGNAT) — and plain http://; the cloud metadata addresses stay refused whatever the flag.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type AddressKind = 'unspecified' | 'loopback' | 'private' | 'link-local' | 'shared' | 'multicast' | 'documentation' | 'reserved' | 'metadata';

interface Block {
  readonly cidr: string;
  readonly kind: AddressKind;
}

/** Cloud instance metadata services: refused even with --webhook-allow-private. */
export const METADATA_ADDRESSES: readonly string[] = Object.freeze([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack …
  '169.254.170.2', // AWS ECS task metadata
  'fd00:ec2::254', // AWS over IPv6
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure wire server
  '192.0.0.192', // Oracle Cloud
]);

/** IANA special-purpose blocks (RFC 6890 and its updates) a receiver has no business in. */
const BLOCKS: readonly Block[] = Object.freeze([
  { cidr: '0.0.0.0/8', kind: 'unspecified' },
  { cidr: '10.0.0.0/8', kind: 'private' },
  { cidr: '100.64.0.0/10', kind: 'shared' },
  { cidr: '127.0.0.0/8', kind: 'loopback' },
  { cidr: '169.254.0.0/16', kind: 'link-local' },
  { cidr: '172.16.0.0/12', kind: 'private' },
  { cidr: '192.0.0.0/24', kind: 'reserved' },
  { cidr: '192.0.2.0/24', kind: 'documentation' },
  { cidr: '192.88.99.0/24', kind: 'reserved' },
  { cidr: '192.168.0.0/16', kind: 'private' },
  { cidr: '198.18.0.0/15', kind: 'reserved' },
  { cidr: '198.51.100.0/24', kind: 'documentation' },
  { cidr: '203.0.113.0/24', kind: 'documentation' },
  { cidr: '224.0.0.0/4', kind: 'multicast' },
  { cidr: '240.0.0.0/4', kind: 'reserved' },
  { cidr: '::/128', kind: 'unspecified' },
  { cidr: '::1/128', kind: 'loopback' },
  { cidr: '100::/64', kind: 'reserved' },
  { cidr: '2001:db8::/32', kind: 'documentation' },
  { cidr: 'fc00::/7', kind: 'private' },
  { cidr: 'fe80::/10', kind: 'link-local' },
  { cidr: 'fec0::/10', kind: 'private' },
  { cidr: 'ff00::/8', kind: 'multicast' },
]);

/** Kinds --webhook-allow-private lets through. */
const PRIVATE_KINDS: ReadonlySet<AddressKind> = new Set(['loopback', 'private', 'link-local', 'shared']);

const lists = new Map<AddressKind, BlockList>();
for (const block of BLOCKS) {
  const [network, bits] = block.cidr.split('/') as [string, string];
  const list = lists.get(block.kind) ?? lists.set(block.kind, new BlockList()).get(block.kind)!;
  list.addSubnet(network, Number(bits), isIPv4(network) ? 'ipv4' : 'ipv6');
}

/** The 16 bytes of an IPv6 address (a dotted IPv4 tail allowed). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const groups = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const words = tail === undefined ? groups(head) : [...groups(head), ...new Array(8 - groups(head).length - groups(tail).length).fill(0), ...groups(tail)];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/**
 * The IPv4 address an IPv6 address stands for, where it carries one that routers act on:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and
 * 6to4 (2002:AABB:CCDD::).
 */
function embeddedIPv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) return v4(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return v4(12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return undefined;
}

/** What kind of special address `ip` is (an IPv4 or IPv6 literal), or undefined for an ordinary one. */
export function addressKind(ip: string): AddressKind | undefined {
  const bare = ip.replace(/^\[|\]$/g, '');
  if (METADATA_ADDRESSES.includes(bare.toLowerCase())) return 'metadata';
  if (isIPv6(bare)) {
    const v4 = embeddedIPv4(bare);
    if (v4 !== undefined) return addressKind(v4);
    if (ipv6Bytes(bare).join(':') === ipv6Bytes('fd00:ec2::254').join(':')) return 'metadata';
  }
  const type = isIPv4(bare) ? 'ipv4' : isIPv6(bare) ? 'ipv6' : undefined;
  if (type === undefined) return undefined;
  for (const [kind, list] of lists) if (list.check(bare, type)) return kind;
  return undefined;
}

/** Why a delivery may not go to `ip`, or undefined when it may. */
export function refusedAddress(ip: string, allowPrivate: boolean): AddressKind | undefined {
  const kind = addressKind(ip);
  if (kind === undefined || (allowPrivate && PRIVATE_KINDS.has(kind))) return undefined;
  return kind;
}

/**
 * The sentence naming a refused address, as the 400 of `url` and the delivery log say it:
 * `127.0.0.1 is a loopback address, …`, or for a host name `localhost resolves to 127.0.0.1, a
 * loopback address, …`.
 */
export function refusalMessage(ip: string, kind: AddressKind, host?: string): string {
  const what = kind === 'metadata' ? 'a cloud metadata address' : `a ${kind} address`;
  const hint = PRIVATE_KINDS.has(kind) ? '; a server started with --webhook-allow-private allows it' : '';
  return `${host === undefined ? `${ip} is ${what}` : `${host} resolves to ${ip}, ${what}`}, where webhooks are not delivered${hint}`;
}

export type UrlCheck = { readonly ok: true; readonly url: URL; readonly host: string; readonly literal: boolean } | { readonly ok: false; readonly message: string };

/**
 * Whether `text` may be a receiver's URL, as far as can be told without DNS: https (http too
 * with allowPrivate), no user name or password, a host; an IP literal is checked here, a host
 * name by resolving it (src/delivery/receiver-address.ts).
 */
export function checkReceiverUrl(text: string, allowPrivate: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'url must be an absolute https:// URL' };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return { ok: false, message: allowPrivate ? 'url must be an https:// or http:// URL' : 'url must be an https:// URL; a server started with --webhook-allow-private also allows http://' };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, message: 'url must not carry a user name or password: authenticate deliveries by their signature' };
  if (url.hash !== '') return { ok: false, message: 'url must not have a #fragment' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return { ok: false, message: 'url must name a host' };
  const literal = isIPv4(host) || isIPv6(host);
  if (literal) {
    const kind = refusedAddress(host, allowPrivate);
    if (kind !== undefined) return { ok: false, message: `url: ${refusalMessage(host, kind)}` };
  }
  return { ok: true, url, host, literal };
}

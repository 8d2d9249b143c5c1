/**
 * IP restrictions of a key: single addresses and CIDR blocks, IPv4 and IPv6, matched with
 * node:net's BlockList. A client address in IPv4-mapped IPv6 form (`::ffff:203.0.113.5`, what
 * a dual-stack listener reports for IPv4 clients) is matched as the IPv4 address it carries.
 */
import { BlockList, isIP } from 'node:net';

export interface IpRule {
  readonly family: 'ipv4' | 'ipv6';
  readonly address: string;
  readonly prefix: number;
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** `::ffff:1.2.3.4` → `1.2.3.4`; anything else unchanged. */
export function unmapIpv4(address: string): string {
  const m = MAPPED_IPV4.exec(address);
  return m ? m[1]! : address;
}

/** Parses `203.0.113.0/24`, `2001:db8::/32` or a single address; throws with the reason. */
export function parseIpRule(text: string): IpRule {
  const slash = text.indexOf('/');
  const address = unmapIpv4(slash < 0 ? text : text.slice(0, slash));
  const version = isIP(address);
  if (version === 0) throw new Error(`invalid IP restriction "${text}": expected an IPv4 or IPv6 address or CIDR block such as 203.0.113.0/24`);
  const max = version === 4 ? 32 : 128;
  const prefixText = slash < 0 ? String(max) : text.slice(slash + 1);
  const prefix = Number(prefixText);
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max) throw new Error(`invalid IP restriction "${text}": the prefix length must be 0 to ${max}`);
  return { family: version === 4 ? 'ipv4' : 'ipv6', address, prefix };
}

/** A predicate for a list of rules: true when the address falls in any. An empty list allows everything. */
export function ipMatcher(rules: readonly string[]): (address: string) => boolean {
  if (rules.length === 0) return () => true;
  const list = new BlockList();
  for (const text of rules) {
    const rule = parseIpRule(text);
    list.addSubnet(rule.address, rule.prefix, rule.family);
  }
  return (address) => {
    const plain = unmapIpv4(address.replace(/%.*$/, '')); // drop an IPv6 zone id (fe80::1%eth0)
    const version = isIP(plain);
    if (version === 0) return false;
    return list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The DNS half of outbound safety (docs/webhooks.md#outbound-safety; the rules themselves are in
 * src/webhooks/address-rules.ts): a receiver's host name is resolved when the webhook is created
 * or changed, and every delivery resolves it again through `guardedLookup`, the lookup its
 * connection uses, so the address checked is the address connected to.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { refusalMessage, refusedAddress } from '../webhooks/address-rules.js';
import { RESOLVE_TIMEOUT_MS } from '../webhooks/limits.js';

/** A connection refused because of the address its host resolved to. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_ADDRESS_REFUSED';
}

function resolveAll(host: string): Promise<{ address: string; family: number }[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));
}

/**
 * Why a receiver on `host` (a name) may not be used, or undefined when every address it resolves
 * to is allowed: a name that does not resolve, or one of whose addresses is refused.
 */
export async function hostProblem(host: string, allowPrivate: boolean): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), RESOLVE_TIMEOUT_MS)));
  try {
    const addresses = await Promise.race([resolveAll(host), timeout]);
    if (addresses === 'timeout') return `url: the host ${host} did not resolve within ${RESOLVE_TIMEOUT_MS / 1000} s`;
    for (const { address } of addresses) {
      const kind = refusedAddress(address, allowPrivate);
      if (kind !== undefined) return `url: the host ${refusalMessage(address, kind, host)}`;
    }
    return addresses.length === 0 ? `url: the host ${host} does not resolve` : undefined;
  } catch {
    return `url: the host ${host} does not resolve`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A `lookup` for outgoing connections that fails when the name resolves to a refused address,
 * any of them (a name answering one public and one private address is not trusted with either).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      for (const { address } of addresses) {
        const kind = refusedAddress(address, allowPrivate);
        if (kind !== undefined) return callback(new RefusedAddressError(refusalMessage(address, kind, hostname)), '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * A key's referrer and IP restrictions (docs/access.md#key-restrictions): a request must match
 * one of the key's referrer patterns (when it has any) and come from one of its addresses or
 * blocks (when it has any). Compiled matchers are kept per key record, so checking costs a
 * regular-expression test and a BlockList lookup.
 */
import { ipMatcher, parseIpRule } from './cidr.js';
import type { ApiKeyRecord } from './api-key.js';
import { referrerMatcher, referrerPatternProblem } from './referrer.js';

export type RestrictionFailure = 'referrer_missing' | 'referrer_not_allowed' | 'ip_not_allowed';

interface Compiled {
  readonly referrer: (referrer: string | undefined) => boolean;
  readonly ip: (address: string) => boolean;
}

const compiled = new WeakMap<ApiKeyRecord, Compiled>();

const validIpRule = (text: string) => {
  try {
    parseIpRule(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Keys are validated when created, but a malformed stored rule must never widen access: it
 * matches nothing, and a list of only malformed rules refuses every request.
 */
function tolerant<T>(rules: readonly string[], valid: (rule: string) => boolean, make: (rules: readonly string[]) => (x: T) => boolean): (x: T) => boolean {
  const good = rules.filter(valid);
  if (rules.length > 0 && good.length === 0) return () => false;
  return make(good);
}

function compile(key: ApiKeyRecord): Compiled {
  let c = compiled.get(key);
  if (!c) {
    c = {
      referrer: tolerant(key.referrers, (p) => referrerPatternProblem(p) === undefined, referrerMatcher),
      ip: tolerant(key.ips, validIpRule, ipMatcher),
    };
    compiled.set(key, c);
  }
  return c;
}

/** Undefined when the request may use the key, otherwise why not. */
export function checkRestrictions(key: ApiKeyRecord, client: { readonly ip: string; readonly referrer?: string | undefined }): RestrictionFailure | undefined {
  if (key.referrers.length === 0 && key.ips.length === 0) return undefined;
  const c = compile(key);
  if (!c.ip(client.ip)) return 'ip_not_allowed';
  if (!c.referrer(client.referrer)) return client.referrer === undefined ? 'referrer_missing' : 'referrer_not_allowed';
  return undefined;
}

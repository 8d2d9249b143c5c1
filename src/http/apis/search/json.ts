/**
 * JSON for Search answers. The directory's records are frozen and served as they are
 * (ResourceView.complete), so each record's JSON is made once and kept beside it: a list of
 * 100 branches is then a join of 100 kept strings, not 100 serializations. The output is
 * exactly JSON.stringify's (test/caches.test.ts).
 */

import type { Derivation, Snapshot } from '../../../dataset/snapshot.js';
import { keptJson } from '../../../shared/flat-json.js';

/** Kept per record object of a snapshot; dropped with the snapshot when a new one replaces it. */
const RECORD_JSON: Derivation<WeakMap<object, string>> = { name: 'record JSON', build: () => new WeakMap() };

/** `value` as JSON, with the JSON of `snapshot`'s frozen records made once. */
export function toJson(snapshot: Snapshot, value: unknown): string {
  return serialize(snapshot.derive(RECORD_JSON), value);
}

function serialize(recordJson: WeakMap<object, string>, value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      out += item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : serialize(recordJson, item);
    }
    return out + ']';
  }
  // A record's JSON is usually kept already: looked up before asking whether it is a record.
  let json = recordJson.get(value);
  if (json !== undefined) return json;
  if (Object.isFrozen(value)) {
    json = keptJson(value);
    recordJson.set(value, json);
    return json;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  let out = '{';
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    if (out.length > 1) out += ',';
    out += JSON.stringify(key) + ':' + serialize(recordJson, item);
  }
  return out + '}';
}

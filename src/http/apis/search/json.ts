/**
 * JSON for Search answers, as UTF-8 bytes (src/shared/json-bytes.ts). The directory's records
 * are frozen and served as they are (ResourceView.complete), so each record's JSON is made
 * once, in UTF-8, and kept with the snapshot (src/shared/kept-bytes.ts): a list of 100 branches
 * is then a copy of 100 kept byte strings, not 100 serializations. The output is exactly
 * JSON.stringify's (test/caches.test.ts).
 */

import type { Derivation, Snapshot } from '../../../dataset/snapshot.js';
import { ByteArena } from '../../../shared/kept-bytes.js';
import { jsonBytes, type JsonWriter } from '../../../shared/json-bytes.js';

/** The JSON of each record of a snapshot; dropped with the snapshot when a new one replaces it. */
class RecordJson {
  readonly #bytes = new WeakMap<object, Buffer>();
  readonly #arena = new ByteArena();

  /** The kept JSON of `value`, made now if it is a record (frozen) not seen yet; else undefined. */
  of(value: object): Buffer | undefined {
    let bytes = this.#bytes.get(value);
    if (bytes === undefined && Object.isFrozen(value)) {
      bytes = this.#arena.keep(JSON.stringify(value));
      this.#bytes.set(value, bytes);
    }
    return bytes;
  }
}

const RECORD_JSON: Derivation<RecordJson> = { name: 'record JSON', build: () => new RecordJson() };

/** `value` as JSON in UTF-8, with the JSON of `snapshot`'s frozen records made once. */
export function toJson(snapshot: Snapshot, value: unknown): Buffer {
  const records = snapshot.derive(RECORD_JSON);
  return jsonBytes((out) => serialize(out, records, value));
}

/** Text JSON.stringify writes as it is between quotes: printable ASCII but `"` and `\\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function serialize(out: JsonWriter, records: RecordJson, value: unknown): void {
  switch (typeof value) {
    case 'string':
      if (PLAIN.test(value)) out.ascii('"').ascii(value).ascii('"');
      else out.text(JSON.stringify(value));
      return;
    case 'number':
      out.ascii(Number.isFinite(value) ? String(value) : 'null');
      return;
    case 'boolean':
      out.ascii(value ? 'true' : 'false');
      return;
    case 'object':
      if (value === null) out.ascii('null');
      else if (Array.isArray(value)) serializeArray(out, records, value);
      else serializeObject(out, records, value);
      return;
    default:
      out.text(JSON.stringify(value));
  }
}

function serializeArray(out: JsonWriter, records: RecordJson, value: readonly unknown[]): void {
  out.ascii('[');
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out.ascii(',');
    const item = value[i];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') out.ascii('null');
    else serialize(out, records, item);
  }
  out.ascii(']');
}

function serializeObject(out: JsonWriter, records: RecordJson, value: object): void {
  const kept = records.of(value);
  if (kept !== undefined) {
    out.bytes(kept);
    return;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    out.text(JSON.stringify(value));
    return;
  }
  out.ascii('{');
  let first = true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    if (!first) out.ascii(',');
    first = false;
    serialize(out, records, key);
    out.ascii(':');
    serialize(out, records, item);
  }
  out.ascii('}');
}

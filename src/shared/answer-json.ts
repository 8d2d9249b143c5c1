/**
 * JSON for the answers of the Search API, as UTF-8 bytes (json-bytes.ts). Frozen objects are
 * served as they are and live as long as their snapshot: the directory's records
 * (ResourceView.complete). So each one's JSON is made once, in UTF-8, and kept with the
 * snapshot (kept-bytes.ts): a list of 100 branches is then a copy of 100 kept byte strings, not
 * 100 serializations. The output is exactly JSON.stringify's (test/caches.test.ts).
 */

import type { Derivation, Snapshot } from '../dataset/snapshot.js';
import { jsonBytes, type JsonWriter } from './json-bytes.js';
import { ByteArena } from './kept-bytes.js';

/**
 * Most bytes of kept JSON per snapshot: the JSON of every record is about 4 MB. An arena frees
 * nothing before its snapshot, so this bounds what frozen objects made per request, should any
 * reach an answer, could hold: past it, JSON is made afresh each time.
 */
export const RECORD_JSON_BYTES = 8 * 1024 * 1024;

/** The JSON of the frozen objects of a snapshot's answers; dropped with the snapshot when a new one replaces it. */
class RecordJson {
  readonly #bytes = new WeakMap<object, Buffer>();
  readonly #arena = new ByteArena();
  #kept = 0;

  /** Bytes of JSON kept so far. */
  get keptBytes(): number {
    return this.#kept;
  }

  /** The kept JSON of `value`, made now if it is frozen and not seen yet; else undefined. */
  of(value: object): Buffer | undefined {
    let bytes = this.#bytes.get(value);
    if (bytes === undefined && Object.isFrozen(value) && this.#kept < RECORD_JSON_BYTES) {
      bytes = this.#arena.keep(JSON.stringify(value));
      this.#kept += bytes.length;
      this.#bytes.set(value, bytes);
    }
    return bytes;
  }
}

const RECORD_JSON: Derivation<RecordJson> = { name: 'record JSON', build: () => new RecordJson() };

/** How many bytes of JSON `snapshot` keeps (at most RECORD_JSON_BYTES). */
export function keptJsonBytes(snapshot: Snapshot): number {
  return snapshot.derive(RECORD_JSON).keptBytes;
}

/** `value` as JSON in UTF-8, with the JSON of `snapshot`'s frozen objects made once. */
export function toJson(snapshot: Snapshot, value: unknown): Buffer {
  const records = snapshot.derive(RECORD_JSON);
  return jsonBytes((out) => serialize(out, records, value));
}

function serialize(out: JsonWriter, records: RecordJson, value: unknown): void {
  switch (typeof value) {
    case 'string':
      out.string(value);
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
    out.string(key);
    out.ascii(':');
    serialize(out, records, item);
  }
  out.ascii('}');
}

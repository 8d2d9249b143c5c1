/**
 * JSON kept for long, as one flat string. The engine (V8) writes JSON.stringify's text in pieces
 * joined as a rope; a rope kept for the life of a snapshot (a record's JSON, a kept Resolve
 * answer) costs more memory than its text: 9.1 MB against 7.1 MB for the JSON of every branch
 * (docs/benchmarks.md). A regular expression reads its subject flat, so the engine
 * flattens the rope in place and the garbage collector then drops its joints. A RegExp test is
 * used, not a conversion such as Number(): an optimizing compiler may drop a pure conversion
 * whose result is unused, but not a call to RegExp.prototype.test.
 */
const ANY = /^/;

/** `JSON.stringify(value)`, flattened (see above): for JSON that is kept, not for JSON sent at once. */
export function keptJson(value: unknown): string {
  const json = JSON.stringify(value);
  ANY.test(json);
  return json;
}

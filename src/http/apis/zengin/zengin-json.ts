/**
 * The zengin-code JSON shape of the served snapshot (docs/search-api.md#the-zengin-code-json-shape):
 * the package's `{code: {code, name, kana, hira, roma}}` objects, names without the type suffix,
 * Zengin full-width kana, so that tools written for the zengin-code files read Ginko's current
 * data unchanged. Made from the records as the source gave them (Directory.source).
 */
import type { RawSnapshot } from '../../../dataset/raw.js';
import { zenginHira, zenginRoma } from '../../../domain/zengin-fields.js';

export interface ZenginRecord {
  readonly code: string;
  readonly name: string;
  readonly kana: string;
  readonly hira: string;
  readonly roma: string;
}

function recordOf(r: { readonly code: string; readonly name: string; readonly kana: string }): ZenginRecord {
  return { code: r.code, name: r.name, kana: r.kana, hira: zenginHira(r.kana), roma: zenginRoma(r.kana) };
}

/**
 * The records as one JSON object keyed by code, in code order. Written out rather than through
 * an object: JavaScript puts keys such as "100" before "001", and the text keeps the order.
 */
function keyedJson(records: readonly { readonly code: string; readonly name: string; readonly kana: string }[]): string {
  const sorted = [...records].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return `{${sorted.map((r) => `${JSON.stringify(r.code)}:${JSON.stringify(recordOf(r))}`).join(',')}}`;
}

/** Every institution, keyed by code. */
export function zenginBanksJson(source: RawSnapshot): string {
  return keyedJson(source.institutions);
}

/** The branches of `bankCode` keyed by branch code; undefined for a bank the source does not have. */
export function zenginBranchesJson(source: RawSnapshot, bankCode: string): string | undefined {
  const bank = source.institutions.find((b) => b.code === bankCode);
  return bank === undefined ? undefined : keyedJson(bank.branches);
}

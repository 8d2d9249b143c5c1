/** Derives the public resources of every record of a raw snapshot (docs/search-api.md#resources). */
import { fullBranchReading } from '../domain/branch-readings.js';
import { businessTypeOf, BUSINESS_TYPES } from '../domain/institution-types.js';
import { katakanaToHiragana, toHalfWidthKana, widenAscii } from '../domain/kana.js';
import { fullInstitutionName } from '../domain/names.js';
import type { Bank, Branch } from '../domain/types.js';
import { Directory } from './directory.js';
import type { RawSnapshot } from './raw.js';

interface Readings {
  readonly halfWidthKana: string;
  readonly fullWidthKana: string;
  readonly hiragana: string;
}

function readingsOf(zenginKana: string): Readings {
  const fullWidthKana = widenAscii(zenginKana);
  return { halfWidthKana: toHalfWidthKana(fullWidthKana), fullWidthKana, hiragana: katakanaToHiragana(fullWidthKana) };
}

/** A branch record. Its properties are written out rather than spread: this runs for every branch at start, before the code is optimized. */
function branchOf(code: string, name: string, r: Readings): Branch {
  return Object.freeze({ code, name, halfWidthKana: r.halfWidthKana, fullWidthKana: r.fullWidthKana, hiragana: r.hiragana });
}

/** `2026-08-24` → `2026-08-24T00:00:00+0900`: the master is dated by day, in JST. */
export function versionOfDate(effectiveDate: string): string {
  return `${effectiveDate}T00:00:00+0900`;
}

export function buildDirectory(raw: RawSnapshot): Directory {
  const banks: Bank[] = [];
  const branchesByBank = new Map<string, Branch[]>();
  for (const inst of raw.institutions) {
    const full = fullInstitutionName(inst.code, { name: inst.name, kana: inst.kana });
    const type = businessTypeOf(inst.code);
    banks.push(Object.freeze({ code: inst.code, name: full.name, ...readingsOf(full.kana), businessTypeCode: type.code, businessType: type.name }));
    branchesByBank.set(
      inst.code,
      inst.branches.map((b) => branchOf(b.code, b.name, readingsOf(fullBranchReading(b.name, b.kana)))),
    );
  }
  return new Directory({
    version: versionOfDate(raw.effectiveDate),
    effectiveDate: raw.effectiveDate,
    banks,
    branchesByBank,
    businessTypes: BUSINESS_TYPES,
    source: raw,
  });
}

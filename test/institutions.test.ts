/**
 * The one institutions table (src/domain/institutions.ts) and the three readers derived from
 * it: full names (domain/names.ts), freeword keys (search/freeword/written-forms.ts) and
 * Resolve's reading of bank inputs (resolve/institution-names.ts). For every type, a real
 * institution of the bundled data is written in each of the table's spellings, and all three
 * must agree on it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldForSearch } from '../src/domain/fold.js';
import { businessTypeOf } from '../src/domain/institution-types.js';
import { INSTITUTION_TYPE_SPELLINGS } from '../src/domain/institutions.js';
import { fullInstitutionName } from '../src/domain/names.js';
import { institutionForms, readBankInput } from '../src/resolve/institution-names.js';
import { keyOf } from '../src/resolve/keys.js';
import { bankKeys } from '../src/search/freeword/written-forms.js';
import { bundledDirectory } from './support/app.js';

const directory = bundledDirectory();

/** One real institution of each type (9481 is ＪＦしまね: 9484 山口県漁協 has no prefix in its name). */
const EXAMPLES = new Map(
  (
    [
      ['shingyoren', '9450'],
      ['shinren', '3001'],
      ['gyokyo', '9484'],
      ['nokyo', '3058'],
      ['shinkin', '1001'],
      ['shinkumi', '2011'],
      ['rokin', '2951'],
      ['bank', '0001'],
    ] as const
  ).map(([type, code]) => [type, directory.bank(code)!]),
);

describe('institutions table', () => {
  it('lists every type once, longest ending first, each with a real institution', () => {
    assert.deepEqual(INSTITUTION_TYPE_SPELLINGS.map((t) => t.type), [...EXAMPLES.keys()]);
    assert.deepEqual(
      [...EXAMPLES.values()].map((b) => `${b.code} ${b.name} ${institutionForms(b).type}`),
      ['9450 北海道信用漁業協同組合連合会 shingyoren', '3001 北海道信用農業協同組合連合会 shinren', '9484 山口県漁業協同組合 gyokyo', '3058 今金町農業協同組合 nokyo', '1001 北海道信用金庫 shinkin', '2011 北央信用組合 shinkumi', '2951 北海道労働金庫 rokin', '0001 みずほ銀行 bank'],
    );
  });

  for (const spelling of INSTITUTION_TYPE_SPELLINGS) {
    const bank = EXAMPLES.get(spelling.type)!;
    const forms = institutionForms(bank);
    it(`${spelling.type}: names, freeword and Resolve read ${bank.name} the same way`, () => {
      // The business type of the institution is one the table names for the spelling.
      assert.ok(spelling.businessTypes.includes(businessTypeOf(bank.code).code), `${bank.code} ${businessTypeOf(bank.code).name}`);
      // names.ts: the master's short form gets the table's full ending back.
      if (spelling.short) assert.equal(fullInstitutionName(bank.code, { name: forms.stem + spelling.short, kana: forms.kanaStem + spelling.shortKana }).name, bank.name);
      const keys = new Set(bankKeys(bank));
      const written: [string, string | undefined][] = [[forms.stem, spelling.full], [forms.stem, spelling.short], [forms.kanaStem, spelling.fullKana], [forms.kanaStem, spelling.shortKana]];
      for (const [stem, ending] of written) {
        if (ending === undefined) continue;
        // Freeword finds the institution under each ending, and Resolve reads the ending as the type.
        assert.ok(keys.has(foldForSearch(stem + ending)), `freeword ${stem}${ending}`);
        const readings = readBankInput(keyOf(stem + ending));
        assert.ok(readings.some((r) => r.type === spelling.type && r.stem.folded === keyOf(stem).folded), `resolve ${stem}${ending}`);
      }
      for (const prefix of spelling.prefixes) {
        assert.ok(keys.has(foldForSearch(prefix + forms.stem)), `freeword ${prefix}${forms.stem}`);
        assert.ok(readBankInput(keyOf(prefix + forms.stem)).some((r) => r.type === spelling.type), `resolve ${prefix}${forms.stem}`);
      }
      for (const ending of spelling.informalEndings) assert.ok(keys.has(foldForSearch(forms.stem + ending)), `freeword ${forms.stem}${ending}`);
    });
  }

  it('names a type word alone as no institution (信用金庫, JA)', () => {
    for (const s of INSTITUTION_TYPE_SPELLINGS) for (const w of [s.full, ...s.prefixes]) assert.deepEqual(readBankInput(keyOf(w)), [], w);
  });
});

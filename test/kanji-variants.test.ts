/**
 * Variant kanji folding (src/domain/kanji-variants.ts) checked against the whole bundled
 * master: folding never makes two different names meet, and every exception is a pair that
 * would.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldForSearch } from '../src/domain/fold.js';
import { foldKanjiVariants, KANJI_VARIANT_EXCEPTIONS, KANJI_VARIANTS } from '../src/domain/kanji-variants.js';
import { institutionForms } from '../src/resolve/institution-names.js';
import { bundledDirectory } from './support/app.js';

const directory = bundledDirectory();
const plain = (t: string) => foldForSearch(t);
const folded = (t: string) => foldForSearch(foldKanjiVariants(t));

/** Names that fold together with variants but were apart without: `${a} / ${b}`. */
function merged(names: readonly string[], fold: (t: string) => string = folded): string[] {
  const byKey = new Map<string, Set<string>>();
  for (const n of names) {
    const k = fold(n);
    (byKey.get(k) ?? byKey.set(k, new Set()).get(k)!).add(plain(n));
  }
  return [...byKey.values()].filter((s) => s.size > 1).map((s) => [...s].join(' / '));
}

const bankNames = directory.banks.flatMap((b) => {
  const forms = institutionForms(b);
  return [b.name, forms.short, forms.stem];
});

describe('kanji variants', () => {
  it('folds the variants people type and the joining kana of place names', () => {
    assert.equal(foldKanjiVariants('髙島屋'), '高島屋');
    assert.equal(foldKanjiVariants('宮﨑'), '宮崎');
    assert.equal(foldKanjiVariants('齋藤・澤田・廣田・櫻井・德山・眞鍋・龍ケ崎・槇原・濵田・渡邊・渡邉'), '斎藤・沢田・広田・桜井・徳山・真鍋・竜ケ崎・槙原・浜田・渡辺・渡辺');
    assert.equal(foldKanjiVariants('市ヶ谷'), foldKanjiVariants('市が谷'));
    assert.equal(foldKanjiVariants('市ｹ谷'), '市ケ谷');
    assert.equal(foldKanjiVariants('虎の門'), '虎ノ門');
    // Not between two kanji: left alone (ケーキ, のぞみ).
    assert.equal(foldKanjiVariants('ケーキの店'), 'ケーキの店');
  });

  it('never folds an excepted pair: 中國銀行 stays apart from 中国銀行', () => {
    assert.notEqual(folded('中國銀行'), folded('中国銀行'));
    for (const e of KANJI_VARIANT_EXCEPTIONS) {
      assert.equal(foldKanjiVariants(e.variant), e.variant, e.variant);
      assert.ok(e.reason.length > 0 && e.source.includes('zengin-code'), e.variant);
    }
  });

  it('makes no two institution names, short names or stems of the master meet', () => {
    assert.deepEqual(merged(bankNames), []);
  });

  it('makes no two branch names of one institution meet', () => {
    const found = directory.banks.flatMap((b) => merged(directory.branches(b.code).map((br) => br.name)).map((m) => `${b.code}: ${m}`));
    assert.deepEqual(found, []);
  });

  it('lists each exception because folding it would merge real names', () => {
    for (const e of KANJI_VARIANT_EXCEPTIONS) {
      const withIt = (t: string) => folded(t.replaceAll(e.variant, e.standard));
      assert.notDeepEqual(merged(bankNames, withIt), [], `${e.variant} → ${e.standard} merges nothing: no need for an exception`);
    }
  });

  it('is idempotent and maps every variant to a form that is not itself a variant', () => {
    for (const standard of Object.values(KANJI_VARIANTS)) assert.equal(KANJI_VARIANTS[standard], undefined, standard);
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (s) => foldKanjiVariants(foldKanjiVariants(s)) === foldKanjiVariants(s)));
  });
});

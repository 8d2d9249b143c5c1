/**
 * Variant kanji folding (src/domain/kanji-variants.ts) checked against the whole bundled
 * master: folding never makes two different names meet, and every exception is a pair that
 * would.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldForSearch } from '../src/domain/fold.js';
import { foldKanjiVariants, KANJI_VARIANT_EXCEPTIONS, KANJI_VARIANTS, NAME_VARIANTS } from '../src/domain/kanji-variants.js';
import { JINMEIYO_OLD_FORMS, JOYO_OLD_FORMS } from '../src/domain/old-kanji-forms.js';
import { institutionForms } from '../src/resolve/institution-names.js';
import { bundledDirectory } from './support/app.js';

const directory = bundledDirectory();
/**
 * The fold without variant kanji: each variant stands in as a private-use character, which no
 * rule of the fold touches, so two names apart only by a variant stay apart.
 */
const STAND_INS = new Map(Object.keys(KANJI_VARIANTS).map((v, i) => [v, String.fromCharCode(0xe000 + i)]));
const plain = (t: string) => foldForSearch([...t.normalize('NFKC')].map((ch) => STAND_INS.get(ch) ?? ch).join(''));
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

describe('published old kanji forms', () => {
  it('holds the 常用漢字表: 364 康熙字典体 of 362 characters, 弁 with three', () => {
    assert.equal(JOYO_OLD_FORMS.length, 364);
    assert.equal(new Set(JOYO_OLD_FORMS.map(([old]) => old)).size, 364);
    assert.equal(new Set(JOYO_OLD_FORMS.map(([, today]) => today)).size, 362);
    assert.deepEqual(JOYO_OLD_FORMS.filter(([, today]) => today === '弁').map(([old]) => old), ['辨', '瓣', '辯']);
    assert.deepEqual(JOYO_OLD_FORMS.slice(0, 3), [['亞', '亜'], ['惡', '悪'], ['壓', '圧']]);
    assert.deepEqual(JOYO_OLD_FORMS.at(-1), ['灣', '湾']);
  });

  it('writes 62 old forms as compatibility ideographs, each of which NFKC turns into its form of today', () => {
    const compatibility = JOYO_OLD_FORMS.filter(([old]) => old.normalize('NFKC') !== old);
    assert.equal(compatibility.length, 62);
    for (const [old, today] of compatibility) assert.equal(old.normalize('NFKC'), today, old);
    for (const [old, today] of JOYO_OLD_FORMS) assert.notEqual(old, today);
  });

  it('adds the 8 異体字 of 人名用漢字 (別表第二 (二), 212) that the 常用漢字表 does not list', () => {
    assert.equal(JINMEIYO_OLD_FORMS.length, 8);
    const joyo = new Set(JOYO_OLD_FORMS.map(([old]) => old.normalize('NFKC')));
    for (const [old] of JINMEIYO_OLD_FORMS) assert.ok(!joyo.has(old), old);
  });

  it('folds by the tables and by the variants of names that neither lists', () => {
    for (const [old] of [...JOYO_OLD_FORMS, ...JINMEIYO_OLD_FORMS]) assert.ok(!(old in NAME_VARIANTS), old);
    for (const variant of Object.keys(KANJI_VARIANTS)) assert.equal(variant.length, 1, variant);
    const folded = '德山 濱松 渡邊 渡邉 澤田 櫻井 廣島 齋藤 齊藤 髙島 宮﨑 嶋田 峯岸 驛前 學園 萬代'.split(' ').map(foldKanjiVariants).join(' ');
    assert.equal(folded, '徳山 浜松 渡辺 渡辺 沢田 桜井 広島 斎藤 斉藤 高島 宮崎 島田 峰岸 駅前 学園 万代');
  });
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

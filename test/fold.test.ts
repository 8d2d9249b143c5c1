import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldForSearch, foldKeepingVoicing } from '../src/domain/fold.js';
import { katakanaToHiragana, toHalfWidthKana } from '../src/domain/kana.js';
import { KANJI_VARIANT_EXCEPTIONS, KANJI_VARIANTS } from '../src/domain/kanji-variants.js';
import { bundledDirectory } from './support/app.js';

// Full-width katakana a person could type, including small, voiced and long-vowel forms.
const KATAKANA = [...'アイウエオカキクケコガギグゲゴサシスセソザジズゼゾタチツテトダヂヅデドナニヌネノハヒフヘホバビブベボパピプペポマミムメモヤユヨラリルレロワヲンァィゥェォッャュョヴー'];
const katakanaText = fc.array(fc.constantFrom(...KATAKANA), { maxLength: 20 }).map((chars) => chars.join(''));

/** The variant kanji every fold rewrites: the table without its exceptions. */
const FOLDED_VARIANTS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(KANJI_VARIANTS).filter(([v]) => !KANJI_VARIANT_EXCEPTIONS.some((e) => e.variant === v)));

describe('foldForSearch', () => {
  it('folds same-sound spellings together', () => {
    const same: readonly (readonly string[])[] = [
      ['みずほぎんこう', 'ミズホギンコウ', 'ﾐｽﾞﾎｷﾞﾝｺｳ', 'ミスホキンコウ'],
      ['とうきょう', 'トウキヨウ', 'ﾄｳｷｮｳ'],
      ['ヴァイオリン', 'バイオリン', 'ばいおりん'],
      ['センター', 'センタ－', 'ｾﾝﾀｰ', 'ｾﾝﾀ-', 'センタ'],
      ['ちぢみ', 'ちじみ'],
      ['つづき', 'つずき'],
      ['北海道 信用金庫', '北海道　信用金庫', '北海道信用金庫'],
      ['三菱ＵＦＪ', '三菱UFJ', '三菱ufj'],
      ['ジェー・エー', 'ジエーエー'],
      // Old and variant kanji, from the published tables (src/domain/old-kanji-forms.ts).
      ['沢田', '澤田'],
      ['広島', '廣島'],
      ['高崎', '髙﨑', '高嵜'],
      ['社', '\u{FA4C}'],
    ];
    for (const group of same) {
      for (const text of group) assert.equal(foldForSearch(text), foldForSearch(group[0]!), `${text} ~ ${group[0]}`);
    }
  });

  it('keeps different readings and kanji apart', () => {
    assert.notEqual(foldForSearch('みずほ'), foldForSearch('みすず'));
    assert.notEqual(foldForSearch('北海道'), foldForSearch('ほっかいどう'));
    assert.equal(foldForSearch('みずほ銀行'), 'ミスホ銀行');
    // 國 names a bank of its own (KANJI_VARIANT_EXCEPTIONS); the joining particle is Resolve's alone.
    assert.notEqual(foldForSearch('中國'), foldForSearch('中国'));
    assert.equal(foldForSearch('自由が丘'), '自由カ丘');
  });

  it('is idempotent on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => foldForSearch(foldForSearch(text)) === foldForSearch(text)), { numRuns: 5000 });
  });

  it('is insensitive to width and script', () => {
    fc.assert(
      fc.property(katakanaText, (kata) => {
        const key = foldForSearch(kata);
        return foldForSearch(katakanaToHiragana(kata)) === key && foldForSearch(toHalfWidthKana(kata)) === key;
      }),
      { numRuns: 5000 },
    );
  });

  it('gives every bank the same key from each of its reading forms', () => {
    for (const bank of bundledDirectory().banks) {
      const key = foldForSearch(bank.fullWidthKana);
      assert.equal(foldForSearch(bank.halfWidthKana), key, bank.code);
      assert.equal(foldForSearch(bank.hiragana), key, bank.code);
    }
  });

  it('ignores the punctuation the master writes inconsistently', () => {
    assert.equal(foldForSearch('クレデイ．アグリコル'), foldForSearch('クレディアグリコル'));
    assert.equal(foldForSearch('シティバンク、エヌ・エイ'), 'シテイハンクエヌエイ');
    assert.equal(foldForSearch('a.b,c。'), 'abc');
  });
});

describe('foldKeepingVoicing', () => {
  it('keeps voiced and unvoiced readings apart and folds everything else', () => {
    assert.notEqual(foldKeepingVoicing('ギンカクジ'), foldKeepingVoicing('キンカクジ'));
    assert.notEqual(foldKeepingVoicing('シヨウナン'), foldKeepingVoicing('ジヨウナン'));
    assert.equal(foldForSearch('ギンカクジ'), foldForSearch('キンカクジ'));
    for (const group of [['ぎんかくじ', 'ギンカクジ', 'ｷﾞﾝｶｸｼﾞ', 'ギンカクヂ'], ['ちょう', 'チヨウ', 'ﾁｮｳ', 'チョウ']]) {
      for (const text of group) assert.equal(foldKeepingVoicing(text), foldKeepingVoicing(group[0]!), `${text} ~ ${group[0]}`);
    }
    assert.equal(foldKeepingVoicing('みずほ銀行'), 'ミズホ銀行');
  });

  it('is idempotent, width- and script-insensitive, and refines foldForSearch', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => foldKeepingVoicing(foldKeepingVoicing(text)) === foldKeepingVoicing(text)), { numRuns: 3000 });
    fc.assert(
      fc.property(katakanaText, (kata) => {
        const key = foldKeepingVoicing(kata);
        // Equal voicing-kept keys imply equal search keys: the strict key only splits classes.
        return foldKeepingVoicing(katakanaToHiragana(kata)) === key && foldKeepingVoicing(toHalfWidthKana(kata)) === key && foldForSearch(key) === foldForSearch(kata);
      }),
      { numRuns: 3000 },
    );
  });
});

// The fold skips work where a text cannot need it (src/domain/fold.ts); these are the facts of
// Unicode it relies on, checked against the engine's own tables.
describe('what the fold skips', () => {
  const everyCodePoint = function* () {
    for (let cp = 0; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) yield cp;
  };

  it('finds voicing marks only in the decomposition of kana', () => {
    for (const cp of everyCodePoint()) {
      if (cp >= 0x3040 && cp <= 0x30ff) continue;
      assert.doesNotMatch(String.fromCodePoint(cp).normalize('NFD'), /[\u3099-\u309c]/, cp.toString(16));
    }
  });

  it('takes no code unit below U+0300, of kana but the voicing marks, or of CJK ideographs for a combining mark', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const plain = c < 0x300 || (c >= 0x3040 && c <= 0x30ff && c !== 0x3099 && c !== 0x309a) || (c >= 0x4e00 && c <= 0x9fff);
      if (plain) assert.doesNotMatch(String.fromCharCode(c), /\p{M}/u, c.toString(16));
    }
  });

  it('leaves digits, lower-case letters, CJK ideographs (but variant kanji) and large unvoiced katakana as they are, alone and together', () => {
    const plain = [...'0123456789abcdefghijklmnopqrstuvwxyzアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン'];
    for (let c = 0x4e00; c <= 0x9fff; c++) if (!(String.fromCharCode(c) in FOLDED_VARIANTS)) plain.push(String.fromCharCode(c));
    for (const ch of plain) {
      assert.equal(ch.normalize('NFKC'), ch);
      assert.equal(ch.normalize('NFD'), ch);
      assert.equal(ch.toLowerCase(), ch);
      assert.doesNotMatch(ch, /\p{M}/u);
      assert.equal(foldForSearch(ch), ch);
      assert.equal(foldKeepingVoicing(ch), ch);
    }
    fc.assert(fc.property(fc.array(fc.constantFrom(...plain.slice(0, 80), '新', '宿', '支', '店', '東', '京'), { maxLength: 12 }), (chars) => {
      const text = chars.join('');
      return text.normalize('NFKC') === text && text.normalize('NFC') === text && foldForSearch(text) === text && foldKeepingVoicing(text) === text;
    }), { numRuns: 3000 });
  });

  it('folds texts with and without such characters as the full rules do', () => {
    // The spelled-out rules of the header, step by step, without any shortcut.
    const SMALL = 'ァアィイゥウェエォオッツャヤュユョヨヮワヵカヶケㇰクㇱシㇲスㇳトㇴヌㇵハㇶヒㇷフㇸヘㇹホㇺムㇻラㇼリㇽルㇾレㇿロ';
    const large = new Map([...SMALL].flatMap((ch, i, all) => (i % 2 === 0 ? [[ch, all[i + 1]!] as const] : [])));
    const same: Record<string, string> = { ヴァ: 'バ', ヴィ: 'ビ', ヴェ: 'ベ', ヴォ: 'ボ', ヴ: 'ブ', ヷ: 'バ', ヸ: 'ビ', ヹ: 'ベ', ヺ: 'ボ', ヂ: 'ジ', ヅ: 'ズ', ヰ: 'イ', ヱ: 'エ', ヲ: 'オ' };
    const once = (text: string, keepVoicing: boolean) => {
      let out = [...text.normalize('NFKC').toLowerCase()].map((ch) => FOLDED_VARIANTS[ch] ?? ch).map((ch) => {
        const cp = ch.codePointAt(0)!;
        return (cp >= 0x3041 && cp <= 0x3096) || cp === 0x309d || cp === 0x309e ? String.fromCharCode(cp + 0x60) : ch;
      }).join('');
      out = out.replace(/ヴ[ァィェォ]?|[ヷヸヹヺヂヅヰヱヲ]/g, (m) => same[m]!);
      if (!keepVoicing) out = out.normalize('NFD').replace(/[\u3099-\u309c]/g, '').normalize('NFC');
      out = [...out].map((ch) => large.get(ch) ?? ch).join('');
      return out.replace(/[\u30fc\u002d\u2010\u2011\u2012\u2013\u2014\u2015\u2212\uff70\s\u30fb\u00b7.,\u3001\u3002]/gu, '');
    };
    const full = (text: string, keepVoicing: boolean) => {
      let out = once(text, keepVoicing);
      if (!/\p{M}/u.test(out)) return out;
      for (let pass = 0; pass < 3; pass++) {
        const again = once(out, keepVoicing);
        if (again === out) break;
        out = again;
      }
      return out;
    };
    const unit = fc.constantFrom(...'あがぱわゐゔゝゞアカガパワヴヷヸヽヾァッヵヶㇰㇿーｰｶﾞﾟｳﾞ\u3099\u309a\u309b\u309c\u0301 ・.、ＡaZ9İ가東京髙澤國\u{FA4C}𠮷');
    fc.assert(
      fc.property(fc.oneof(fc.array(unit, { maxLength: 12 }).map((a) => a.join('')), fc.string({ unit: 'binary', maxLength: 16 })), (text) => {
        assert.equal(foldForSearch(text), full(text, false), text);
        assert.equal(foldKeepingVoicing(text), full(text, true), text);
      }),
      { numRuns: 5000 },
    );
  });
});

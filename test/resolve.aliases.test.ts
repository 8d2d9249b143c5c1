/** The curated alias table (src/resolve/aliases.ts) keeps its own rules. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BANK_ALIASES } from '../src/resolve/aliases.js';
import { readBankInput, withoutCompanyForm } from '../src/resolve/institution-names.js';
import { keyOf } from '../src/resolve/keys.js';
import { resolveIndex } from '../src/resolve/resolve-index.js';
import { resolve } from '../src/resolve/resolve.js';
import { bundledDirectory, bundledSnapshot } from './support/app.js';

const directory = bundledDirectory();
const snapshot = bundledSnapshot();
const index = resolveIndex(snapshot);

describe('bank aliases', () => {
  it('name only institutions that exist, each alias once', () => {
    const seen = new Set<string>();
    for (const alias of BANK_ALIASES) {
      assert.ok(alias.codes.length > 0, alias.text);
      for (const code of alias.codes) assert.ok(directory.bank(code), `${alias.text} → ${code}`);
      const key = keyOf(alias.text).folded;
      assert.equal(seen.has(key), false, `${alias.text} listed twice`);
      seen.add(key);
    }
  });

  it('never take an official name, short name, stem or reading away from its institution', () => {
    // An alias may read like an official form only to add doubt (シティバンク is also the
    // reading of シティバンク、エヌ・エイ, and the former シティバンク銀行): it must then list
    // that institution too.
    const owners = new Map<string, Set<string>>();
    for (const e of index.banks) for (const k of [e.name, e.short, e.stem, e.kana, e.kanaStem]) (owners.get(k.folded) ?? owners.set(k.folded, new Set()).get(k.folded)!).add(e.bank.code);
    const shadowing: string[] = [];
    for (const alias of BANK_ALIASES) {
      const keys = [keyOf(alias.text).folded, ...readBankInput(keyOf(withoutCompanyForm(alias.text))).filter((r) => r.type === null).map((r) => r.stem.folded)];
      for (const key of keys) {
        for (const code of owners.get(key) ?? []) {
          assert.ok(alias.codes.includes(code), `${alias.text} takes ${code}'s name away`);
          shadowing.push(`${alias.text}:${code}`);
        }
      }
    }
    assert.deepEqual([...new Set(shadowing)], ['シティバンク:0401']);
  });

  it('record their ambiguity: several codes are never auto-confirmed', () => {
    const ambiguous = BANK_ALIASES.filter((a) => a.codes.length > 1).map((a) => a.text);
    assert.deepEqual(ambiguous, ['三菱', 'UFJ', '住友', 'シティバンク', 'あさひ銀行']);
    for (const text of ambiguous) {
      for (const branch of ['本店', '東京', '渋谷', '新宿']) {
        const { answer } = resolve(snapshot, { bankName: text, branchName: branch });
        assert.notEqual(answer.decision, 'auto_confirm', `${text} / ${branch}`);
      }
    }
  });

  it('say how each former name was verified; the data-verified ones are those seen in the dated zengin-code versions', () => {
    const fromData = BANK_ALIASES.filter((a) => a.source === 'data').map((a) => `${a.text}→${a.codes.join(',')}`);
    assert.deepEqual(fromData, ['住信SBI→0038', '住信SBIネット銀行→0038', '福邦銀行→0147', '久留米市農協→8660', 'にじ農協→8660', 'みい農協→8660', '広島ゆたか農協→7909']);
    for (const alias of BANK_ALIASES) assert.ok(alias.note.length > 0, alias.text);
  });

  it('never auto-confirm a former name', () => {
    for (const alias of BANK_ALIASES.filter((a) => a.kind === 'former_name')) {
      const main = index.branches(alias.codes[0]!).entries[0]!.branch.name;
      const { answer } = resolve(snapshot, { bankName: alias.text, branchName: main });
      assert.notEqual(answer.decision, 'auto_confirm', alias.text);
    }
  });
});

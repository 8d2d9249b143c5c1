/**
 * How a payee check compares a name it was given with a listing (src/payee/payee-names.ts,
 * docs/payee-checks.md#names), on listings of the bundled master.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namesBank, namesBranch } from '../src/payee/payee-names.js';

const MIZUHO = { name: 'みずほ銀行', kana: 'ミズホギンコウ' };
const RESONA_ICHIGAYA = { name: '市ヶ谷', kana: 'イチガヤ' };
const SHINJUKU = { name: '新宿', kana: 'シンジユク' };
const TOKYO_EIGYOBU = { name: '東京営業部', kana: 'トウキヨウ' };

describe('payee names', () => {
  it('reads the joining kana and variant kanji of place names as Resolve does', () => {
    for (const given of ['市ヶ谷', '市ケ谷', '市が谷', '市ｹ谷', '市が谷支店']) assert.equal(namesBranch(given, RESONA_ICHIGAYA), true, given);
    assert.equal(namesBranch('市谷', RESONA_ICHIGAYA), false);
    assert.equal(namesBranch('髙島屋', { name: '高島屋', kana: 'タカシマヤ' }), true);
  });

  it('takes an office word in kanji or as a reading, or none', () => {
    for (const given of ['新宿', '新宿支店', '新宿店', 'ｼﾝｼﾞﾕｸ', 'ｼﾝｼﾞﾕｸｼﾃﾝ', 'しんじゅくしてん', 'シンジュクテン']) assert.equal(namesBranch(given, SHINJUKU), true, given);
    for (const given of ['東京', '東京営業部', 'ﾄｳｷﾖｳ', 'ﾄｳｷﾖｳｴｲｷﾞﾖｳﾌﾞ']) assert.equal(namesBranch(given, TOKYO_EIGYOBU), true, given);
    assert.equal(namesBranch('支店', SHINJUKU), false);
  });

  it('keeps voicing and other places apart', () => {
    assert.equal(namesBranch('ｼﾝｼﾕｸ', SHINJUKU), false);
    assert.equal(namesBranch('新橋', SHINJUKU), false);
    assert.equal(namesBank('ﾐｽﾎ', MIZUHO), false);
  });

  it("takes a bank's type in full, short, as a reading or left out, and ignores 株式会社", () => {
    for (const given of ['みずほ', 'みずほ銀行', 'ﾐｽﾞﾎｷﾞﾝｺｳ', '株式会社みずほ銀行', '(株)みずほ銀行', 'ミズホ']) assert.equal(namesBank(given, MIZUHO), true, given);
    assert.equal(namesBank('みずほ信用金庫', MIZUHO), false);
  });
});

/**
 * The one table of institution types (業態). No authoritative list is public: `00200` (都市銀行)
 * and `01100` (信用金庫) are the codes public clients use; the rest are Ginko's own, assigned by
 * ranges of the 4-digit bank code with explicit exceptions (docs/search-api.md#resources).
 */
import type { BusinessType } from './types.js';

export const BUSINESS_TYPES: readonly BusinessType[] = Object.freeze([
  { code: '00200', name: '都市銀行' },
  { code: '00300', name: '地方銀行' },
  { code: '00400', name: '第二地方銀行' },
  { code: '00500', name: '信託銀行' },
  { code: '00600', name: '外国銀行' },
  { code: '00700', name: 'インターネット専業銀行' },
  { code: '00800', name: 'その他の銀行' },
  { code: '00900', name: 'ゆうちょ銀行' },
  { code: '01000', name: '信金中央金庫' },
  { code: '01100', name: '信用金庫' },
  { code: '01200', name: '商工組合中央金庫' },
  { code: '01300', name: '全国信用協同組合連合会' },
  { code: '01400', name: '信用組合' },
  { code: '01500', name: '労働金庫連合会' },
  { code: '01600', name: '労働金庫' },
  { code: '01700', name: '農林中央金庫' },
  { code: '01800', name: '信用農業協同組合連合会' },
  { code: '01900', name: '農業協同組合' },
  { code: '02000', name: '信用漁業協同組合連合会' },
  { code: '02100', name: '漁業協同組合' },
  { code: '02200', name: '資金移動業者' },
  { code: '09900', name: 'その他' },
].map((t) => Object.freeze(t)));

/** Inclusive ranges of bank codes, checked in order after the exceptions. */
const RANGES: readonly (readonly [from: string, to: string, typeCode: string])[] = [
  ['0001', '0032', '00200'],
  ['0033', '0099', '00700'],
  ['0100', '0199', '00300'],
  ['0200', '0200', '02200'],
  ['0287', '0395', '00500'],
  ['0396', '0399', '00800'],
  ['0400', '0499', '00600'],
  ['0500', '0599', '00400'],
  ['0600', '0699', '00600'],
  ['1000', '1000', '01000'],
  ['1001', '1999', '01100'],
  ['2004', '2004', '01200'],
  ['2010', '2010', '01300'],
  ['2011', '2949', '01400'],
  ['2950', '2950', '01500'],
  ['2951', '2999', '01600'],
  ['3000', '3000', '01700'],
  ['3001', '3049', '01800'],
  ['3050', '9449', '01900'],
  ['9450', '9496', '02000'],
  ['9900', '9900', '00900'],
];

/** Institutions whose type differs from their code range. */
const EXCEPTIONS: Readonly<Record<string, string>> = Object.freeze({
  '0307': '00800', // オリックス銀行: a bank in the trust-bank range
  '0310': '00700', // ＧＭＯあおぞらネット銀行
  '0472': '00800', // ＳＢＪ銀行: a domestic subsidiary, not a branch of a foreign bank
  '2213': '09900', // 整理回収機構
  '9481': '02100', // ＪＦしまね漁協
  '9484': '02100', // 山口県漁協
  '9493': '02100', // 大分県漁協
});

const BY_CODE: ReadonlyMap<string, BusinessType> = new Map(BUSINESS_TYPES.map((t) => [t.code, t]));

export function businessTypeOf(bankCode: string): BusinessType {
  const code = EXCEPTIONS[bankCode] ?? RANGES.find(([from, to]) => bankCode >= from && bankCode <= to)?.[2] ?? '09900';
  return BY_CODE.get(code)!;
}

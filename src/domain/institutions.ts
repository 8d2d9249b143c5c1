/**
 * The one table of how institution types are spelled: the ending of full names (信用金庫), the
 * master's short ending (信金), their Zengin readings, the brand prefixes that stand for the type
 * (JA, JF) and other endings people write (バンク). Full names (names.ts), freeword keys
 * (search/freeword/written-forms.ts) and Resolve's reading of bank inputs
 * (resolve/institution-names.ts) all derive from it, so a spelling added here reaches all three.
 * The business-type codes each spelling belongs to are those of institution-types.ts.
 */

export type InstitutionType = 'bank' | 'shinkin' | 'shinkumi' | 'rokin' | 'nokyo' | 'shinren' | 'gyokyo' | 'shingyoren';

export interface InstitutionTypeSpelling {
  readonly type: InstitutionType;
  /** The ending of full names, e.g. 信用金庫. */
  readonly full: string;
  /** Its reading in Zengin kana. */
  readonly fullKana: string;
  /** The ending of the master's short names (信金); absent where the master drops the type (銀行). */
  readonly short?: string;
  readonly shortKana?: string;
  /** Brand prefixes that stand for the type: JAさがみ = さがみ農協, JA北海道信連, JFしまね. */
  readonly prefixes: readonly string[];
  /** Other endings people write for the type; freeword search only (foreign banks' own names end in バンク). */
  readonly informalEndings: readonly string[];
  /** Business types (institution-types.ts) whose institutions carry this ending. */
  readonly businessTypes: readonly string[];
}

/** Longer endings first: 信用漁業協同組合連合会 must win over 漁業協同組合. */
export const INSTITUTION_TYPE_SPELLINGS: readonly InstitutionTypeSpelling[] = Object.freeze(
  [
    { type: 'shingyoren', full: '信用漁業協同組合連合会', fullKana: 'シンヨウギヨギヨウキヨウドウクミアイレンゴウカイ', short: '信漁連', shortKana: 'シンギヨレン', prefixes: ['JF'], informalEndings: [], businessTypes: ['02000'] },
    { type: 'shinren', full: '信用農業協同組合連合会', fullKana: 'シンヨウノウギヨウキヨウドウクミアイレンゴウカイ', short: '信連', shortKana: 'シンレン', prefixes: ['JA'], informalEndings: [], businessTypes: ['01800'] },
    { type: 'gyokyo', full: '漁業協同組合', fullKana: 'ギヨギヨウキヨウドウクミアイ', short: '漁協', shortKana: 'ギヨキヨウ', prefixes: ['JF'], informalEndings: [], businessTypes: ['02100'] },
    { type: 'nokyo', full: '農業協同組合', fullKana: 'ノウギヨウキヨウドウクミアイ', short: '農協', shortKana: 'ノウキヨウ', prefixes: ['JA'], informalEndings: [], businessTypes: ['01900'] },
    { type: 'shinkin', full: '信用金庫', fullKana: 'シンヨウキンコ', short: '信金', shortKana: 'シンキン', prefixes: [], informalEndings: [], businessTypes: ['01100'] },
    { type: 'shinkumi', full: '信用組合', fullKana: 'シンヨウクミアイ', short: '信組', shortKana: 'シンクミ', prefixes: [], informalEndings: [], businessTypes: ['01400'] },
    { type: 'rokin', full: '労働金庫', fullKana: 'ロウドウキンコ', short: '労金', shortKana: 'ロウキン', prefixes: [], informalEndings: [], businessTypes: ['01600'] },
    { type: 'bank', full: '銀行', fullKana: 'ギンコウ', prefixes: [], informalEndings: ['バンク'], businessTypes: ['00200', '00300', '00400', '00500', '00600', '00700', '00800', '00900'] },
  ].map((t): InstitutionTypeSpelling => Object.freeze(t as InstitutionTypeSpelling)),
);


/**
 * ゆうちょ銀行 accounts in both of their notations (docs/yucho.md): the 記号・番号 printed in the
 * passbook (14030-12345671) and the 店番・預金種目・口座番号 that other banks' transfers need
 * (408, 普通, 1234567), by the conversion Japan Post Bank publishes:
 *
 *   記号 1xxxx (総合口座・通常貯金・通常貯蓄貯金): 店番 = 2nd–3rd digits + 8, 普通 (貯蓄 for
 *                 通常貯蓄貯金), 口座番号 = 番号 without its last digit, which is always 1
 *   記号 0xxxx (振替口座):                        店番 = 2nd–3rd digits + 9, 当座, 口座番号 = 番号
 *   either way the 口座番号 is padded with zeros to 7 digits, and a digit printed between 記号 and
 *   番号 is not used.
 *
 * Going back, the rule fixes the first three digits of the 記号 and the whole 番号, not the 4th
 * and 5th digits of the 記号 nor that middle digit: the answer says so (Undetermined). Input may
 * be written in full-width digits and with any dash or space between the parts. Problems are
 * values naming the input at fault, never exceptions. No HTTP here, and no dataset: whether
 * the branch exists is the caller's question.
 */
import { type DepositType, depositTypeName, type DepositTypeName } from './deposit-types.js';

/** The bank code of ゆうちょ銀行. */
export const JP_BANK_CODE = '9900';

/** 総合口座 and its kin (記号 1…, 店番 …8) or 振替口座 (記号 0…, 店番 …9). */
export type YuchoAccountKind = 'general' | 'transfer';

interface KindRule {
  /** The first digit of the 記号. */
  readonly symbolDigit: string;
  /** The last digit of the 店番. */
  readonly branchDigit: string;
  /** The 預金種目 the 記号・番号 gives, and every one the 店番 may carry. */
  readonly type: DepositType;
  readonly types: readonly DepositType[];
  /** Whether the 番号 ends in a 1 that the 口座番号 leaves out. */
  readonly trailingOne: boolean;
  /** The most digits of a 番号 (leading zeros aside). */
  readonly numberDigits: number;
}

/** The published rule, one row per kind; everything below derives from it. */
const KINDS: Readonly<Record<YuchoAccountKind, KindRule>> = Object.freeze({
  general: { symbolDigit: '1', branchDigit: '8', type: '1', types: ['1', '4'], trailingOne: true, numberDigits: 8 },
  transfer: { symbolDigit: '0', branchDigit: '9', type: '2', types: ['2'], trailingOne: false, numberDigits: 7 },
});

const KIND_NAMES = Object.keys(KINDS) as YuchoAccountKind[];

/** The 預金種目 a ゆうちょ account reached by transfer may have: 1 普通, 2 当座, 4 貯蓄. */
export const YUCHO_DEPOSIT_TYPES: readonly DepositType[] = Object.freeze([...new Set(KIND_NAMES.flatMap((k) => KINDS[k].types))].sort());

/** The 口座番号 of Zengin transfers: 7 digits. */
export const ACCOUNT_NUMBER_DIGITS = 7;

export type YuchoField = 'symbol' | 'number' | 'branch_code' | 'account_type' | 'account_number';

export interface YuchoProblem {
  /** The input at fault, as the HTTP API names its parameter. */
  readonly field: YuchoField;
  readonly kind: 'missing' | 'malformed' | 'not_in_rule';
  readonly message: string;
}

export type YuchoResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: YuchoProblem };

const ok = <T>(value: T): YuchoResult<T> => ({ ok: true, value });
const fail = (field: YuchoField, kind: YuchoProblem['kind'], message: string): YuchoResult<never> => ({ ok: false, problem: { field, kind, message } });

/** A 記号 as typed, with what was written after it. */
export interface TypedSymbol {
  /** The five digits. */
  readonly symbol: string;
  readonly kind: YuchoAccountKind;
  /** The digit printed between 記号 and 番号 (00190-8-123456), when it was typed. */
  readonly middleDigit?: string;
  /** The 番号 typed after the 記号 (14030-12345671), unchecked. */
  readonly number?: string;
}

/** Dashes people type between the parts (hyphen, minus, long vowel, full-width forms once NFKC has run) and spaces. */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212\u30fc\uff70]+/gu;

/** Full-width digits and dashes to ASCII, one hyphen between parts, nothing around them. */
export function canonicalDigits(text: string): string {
  return text.normalize('NFKC').trim().replace(SEPARATORS, '-').replace(/^-+|-+$/g, '');
}

/** 記号, then optionally the middle digit (joined or apart) and the 番号: 14030, 001908, 00190-8-123456, 14030-12345671. */
const SYMBOL_TEXT = /^(\d{5})(?:-?(\d))?(?:-(\d+))?$/;

const SYMBOL_FORM = 'symbol must be the 5-digit 記号 (14030), optionally with its 番号 (14030-12345671)';

/** The 記号 of `text`, and what follows it; a problem naming `symbol` otherwise. */
export function readSymbol(text: string): YuchoResult<TypedSymbol> {
  const canonical = canonicalDigits(text);
  if (canonical === '') return fail('symbol', 'missing', 'symbol is required: the 5-digit 記号 of the passbook');
  const m = SYMBOL_TEXT.exec(canonical);
  if (!m) return fail('symbol', 'malformed', SYMBOL_FORM);
  // Groups 2 and 3 are undefined when that part was not typed.
  const [symbol, middleDigit, number] = [m[1]!, m[2] as string | undefined, m[3] as string | undefined];
  const kind = KIND_NAMES.find((k) => KINDS[k].symbolDigit === symbol[0]);
  if (!kind) return fail('symbol', 'not_in_rule', 'a 記号 starts with 1 (総合口座・通常貯金・通常貯蓄貯金) or 0 (振替口座)');
  return ok({ symbol, kind, ...(middleDigit === undefined ? {} : { middleDigit }), ...(number === undefined ? {} : { number }) });
}

/** The 店番 a 記号 stands for: its 2nd and 3rd digits and the kind's digit (14030 → 408, 00190 → 019). */
export function branchCodeOfSymbol(symbol: TypedSymbol): string {
  return symbol.symbol.slice(1, 3) + KINDS[symbol.kind].branchDigit;
}

/** The label people write before a 記号 in free text: 記号14030, 記号番号：14030-12345671. */
const SYMBOL_LABEL = /^\s*記号(?:番号)?[\s:：]*/u;

/** The 店番 of a 記号 written in `text` (also with its 番号, or after the word 記号), or undefined when `text` is not one. */
export function branchCodeOfSymbolText(text: string): string | undefined {
  const read = readSymbol(text.replace(SYMBOL_LABEL, ''));
  return read.ok ? branchCodeOfSymbol(read.value) : undefined;
}

/** What a transfer from another bank needs. */
export interface TransferAccount {
  readonly bankCode: typeof JP_BANK_CODE;
  readonly branchCode: string;
  readonly accountType: DepositType;
  readonly accountTypeName: DepositTypeName;
  /** Every 預金種目 an account of this 記号 may be sent as: 普通 or 貯蓄 (a 通常貯蓄貯金) for a 記号 1…. */
  readonly accountTypes: readonly DepositType[];
  /** 7 digits; absent when only the 記号 was given. */
  readonly accountNumber?: string;
}

const withoutLeadingZeros = (digits: string) => digits.replace(/^0+/, '');

/**
 * The transfer account of a 記号 (`symbolText`, which may carry the 番号) and a 番号
 * (`numberText`, undefined when not given). The 番号 of a 記号 1… must end in 1.
 */
export function transferAccountOf(symbolText: string, numberText?: string): YuchoResult<TransferAccount> {
  const read = readSymbol(symbolText);
  if (!read.ok) return read;
  const typed = read.value;
  if (typed.number !== undefined && numberText !== undefined) return fail('number', 'malformed', 'the 番号 is given twice: in symbol and in number; give it in one of them');
  const rule = KINDS[typed.kind];
  const base = { bankCode: JP_BANK_CODE, branchCode: branchCodeOfSymbol(typed), accountType: rule.type, accountTypeName: depositTypeName(rule.type), accountTypes: rule.types } as const;
  const raw = typed.number ?? numberText;
  if (raw === undefined) return ok(base);
  const number = readNumber(raw, typed);
  return number.ok ? ok({ ...base, accountNumber: number.value }) : number;
}

/** The 口座番号 of a 番号 under the rule of the 記号's kind. */
function readNumber(text: string, typed: TypedSymbol): YuchoResult<string> {
  const rule = KINDS[typed.kind];
  const canonical = canonicalDigits(text);
  if (canonical === '') return fail('number', 'missing', 'number is empty: give the 番号 of the passbook or leave number out');
  if (!/^\d+$/.test(canonical)) return fail('number', 'malformed', 'number must be the 番号 of the passbook: digits only (12345671)');
  const digits = withoutLeadingZeros(canonical);
  const kindName = `a 記号 starting with ${rule.symbolDigit}`;
  if (digits.length > rule.numberDigits) return fail('number', 'not_in_rule', `the 番号 of ${kindName} has at most ${rule.numberDigits} digits`);
  if (!rule.trailingOne) return digits === '' ? zeroNumber('number') : ok(digits.padStart(ACCOUNT_NUMBER_DIGITS, '0'));
  if (!digits.endsWith('1')) {
    return fail('number', 'not_in_rule', `the 番号 of ${kindName} ends in 1 (12345671); without it, it is already the 口座番号 of a transfer`);
  }
  const account = digits.slice(0, -1);
  return account === '' ? zeroNumber('number') : ok(account.padStart(ACCOUNT_NUMBER_DIGITS, '0'));
}

const zeroNumber = (field: YuchoField) => fail(field, 'not_in_rule', 'an account number of zeros only is not an account number');

/** A passbook's 記号・番号 as far as the rule determines them from a transfer account. */
export interface PassbookAccount {
  /** 5 characters; `*` where the rule does not determine the digit (140**). */
  readonly symbol: string;
  /** The whole 番号, without leading zeros, as passbooks print it. */
  readonly number: string;
  readonly undetermined: readonly Undetermined[];
}

export interface Undetermined {
  readonly field: 'symbol' | 'middle_digit';
  /** 1-based positions within the field. */
  readonly positions: readonly number[];
  readonly message: string;
}

/** Digits of the 記号 beyond the 3 the 店番 gives. */
const UNKNOWN_SYMBOL_DIGITS: Undetermined = Object.freeze({
  field: 'symbol',
  positions: Object.freeze([4, 5]),
  message: 'the 4th and 5th digits of the 記号 do not follow from the 店番; read them from the passbook',
});
const UNKNOWN_MIDDLE_DIGIT: Undetermined = Object.freeze({
  field: 'middle_digit',
  positions: Object.freeze([1]),
  message: 'the digit printed between the 記号 and the 番号 of a 振替口座 (00190-8-123456) does not follow from the transfer account; transfers do not use it',
});

export interface TransferAccountInput {
  readonly branchCode: string;
  readonly accountType: string;
  readonly accountNumber: string;
}

/** The transfer account read and checked against the rule, then its 記号・番号 as far as the rule goes. */
export function passbookAccountOf(input: TransferAccountInput): YuchoResult<{ readonly account: TransferAccount & { readonly accountNumber: string }; readonly passbook: PassbookAccount }> {
  const branchCode = canonicalDigits(input.branchCode);
  if (!/^\d{3}$/.test(branchCode)) return fail('branch_code', 'malformed', 'branch_code must be the 3-digit 店番 (408)');
  const kind = KIND_NAMES.find((k) => KINDS[k].branchDigit === branchCode[2]);
  if (!kind) return fail('branch_code', 'not_in_rule', 'a ゆうちょ 店番 ends in 8 (総合口座・通常貯金・通常貯蓄貯金) or 9 (振替口座)');
  const rule = KINDS[kind];
  const type = rule.types.find((t) => t === input.accountType);
  if (!type) {
    const allowed = rule.types.map((t) => `${t} (${depositTypeName(t)})`).join(' or ');
    return fail('account_type', 'not_in_rule', `a ゆうちょ 店番 ending in ${rule.branchDigit} holds account_type ${allowed}`);
  }
  const number = canonicalDigits(input.accountNumber);
  if (!/^\d{1,7}$/.test(number)) return fail('account_number', 'malformed', 'account_number must be the 口座番号: 1 to 7 digits (1234567)');
  const digits = withoutLeadingZeros(number);
  if (digits === '') return zeroNumber('account_number');
  return ok({
    account: { bankCode: JP_BANK_CODE, branchCode, accountType: type, accountTypeName: depositTypeName(type), accountTypes: rule.types, accountNumber: digits.padStart(ACCOUNT_NUMBER_DIGITS, '0') },
    passbook: {
      symbol: rule.symbolDigit + branchCode.slice(0, 2) + '**',
      number: rule.trailingOne ? digits + '1' : digits,
      undetermined: rule.trailingOne ? [UNKNOWN_SYMBOL_DIGITS] : [UNKNOWN_SYMBOL_DIGITS, UNKNOWN_MIDDLE_DIGIT],
    },
  });
}

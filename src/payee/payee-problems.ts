/**
 * The one table of payee-check verdicts and problem codes (docs/payee-checks.md#problems): each
 * problem names the field at fault, the verdict it leads to and the message shown to people
 * (message_ja). The verdicts are ordered from the least serious to the most: a record's verdict
 * is the most serious of its problems', and its problems are listed most serious first. The
 * check (payee-check.ts), the HTTP schema and the docs all derive from here.
 */
import { KANA_PROBLEM_REASONS, type KanaProblemReason } from './zengin-kana.js';

/** Least serious first: `ok` is no problem, `invalid` a field that cannot be checked at all. */
export const PAYEE_VERDICTS = ['ok', 'name_mismatch', 'renamed', 'merged', 'closed', 'unknown_bank', 'unknown_branch', 'invalid'] as const;
export type PayeeVerdict = (typeof PAYEE_VERDICTS)[number];

/** The fields of a payee record a problem may name (the HTTP item's keys). */
export const PAYEE_FIELDS = ['bank_code', 'branch_code', 'bank_name', 'branch_name', 'account_type', 'account_number', 'holder_kana', 'symbol', 'number'] as const;
export type PayeeField = (typeof PAYEE_FIELDS)[number];

interface ProblemEntry {
  readonly field: PayeeField;
  readonly verdict: Exclude<PayeeVerdict, 'ok'>;
  readonly message_ja: string;
}

const entry = (field: PayeeField, verdict: ProblemEntry['verdict'], message_ja: string): ProblemEntry => ({ field, verdict, message_ja });

/** 受取人名 problems, one per reason of the 全銀 kana rules (src/payee/zengin-kana.ts). */
const HOLDER_KANA_MESSAGES: Readonly<Record<KanaProblemReason, string>> = {
  kanji: '受取人名に漢字が含まれています。カナで指定してください',
  not_in_charset: '受取人名に全銀で使えない文字が含まれています',
  not_in_field: '受取人名に使えない記号(, や /)が含まれています',
  too_long: '受取人名が 30 文字を超えています(濁点・半濁点も 1 文字に数えます)',
  empty: '受取人名が空です',
};

const holderKanaEntries = Object.fromEntries(KANA_PROBLEM_REASONS.map((r) => [`holder_kana_${r}`, entry('holder_kana', 'invalid', HOLDER_KANA_MESSAGES[r])])) as Record<`holder_kana_${KanaProblemReason}`, ProblemEntry>;

export const PAYEE_PROBLEMS = Object.freeze({
  bank_code_invalid: entry('bank_code', 'invalid', '金融機関コードは半角数字 4 桁で指定してください'),
  branch_code_invalid: entry('branch_code', 'invalid', '支店コードは半角数字 3 桁で指定してください'),
  branch_code_missing: entry('branch_code', 'invalid', '支店コードがありません(ゆうちょ銀行は記号・番号でも指定できます)'),
  account_type_invalid: entry('account_type', 'invalid', '預金種目は 1(普通)・2(当座)・4(貯蓄)・9(その他)のいずれかです'),
  account_number_invalid: entry('account_number', 'invalid', '口座番号は半角数字 7 桁で指定してください'),
  ...holderKanaEntries,
  yucho_symbol_invalid: entry('symbol', 'invalid', 'ゆうちょ銀行の記号が正しくありません(1 または 0 で始まる 5 桁)'),
  yucho_number_invalid: entry('number', 'invalid', 'ゆうちょ銀行の番号が正しくありません(記号が 1 で始まる口座の番号は末尾が 1)'),
  yucho_not_jp_bank: entry('symbol', 'invalid', '記号・番号はゆうちょ銀行(9900)の口座にだけ指定できます'),
  yucho_conflict: entry('symbol', 'invalid', '記号・番号から求めた店番・預金種目・口座番号が、指定された値と一致しません'),
  bank_unknown: entry('bank_code', 'unknown_bank', 'この金融機関コードはどの版のデータにもありません'),
  branch_unknown: entry('branch_code', 'unknown_branch', 'この支店コードはどの版のデータにもありません'),
  bank_closed: entry('bank_code', 'closed', 'この金融機関は廃止され、引き継ぎ先がありません'),
  branch_closed: entry('branch_code', 'closed', 'この支店は廃止され、引き継ぎ先がありません'),
  bank_merged: entry('bank_code', 'merged', 'この金融機関は合併しました。successor の金融機関コードに変更してください'),
  branch_merged: entry('branch_code', 'merged', 'この支店は他の金融機関に引き継がれました。successor の金融機関・支店コードに変更してください'),
  branch_code_changed: entry('branch_code', 'merged', 'この支店の支店コードが変わりました。successor の支店コードに変更してください'),
  bank_renamed: entry('bank_name', 'renamed', '金融機関名は旧名称です。current の名称に変更してください'),
  branch_renamed: entry('branch_name', 'renamed', '支店名は旧名称です。current の名称に変更してください'),
  bank_name_mismatch: entry('bank_name', 'name_mismatch', '金融機関名がこのコードの名称(現在・過去とも)と一致しません'),
  branch_name_mismatch: entry('branch_name', 'name_mismatch', '支店名がこのコードの名称(現在・過去とも)と一致しません'),
} satisfies Record<string, ProblemEntry>);

export type PayeeProblemCode = keyof typeof PAYEE_PROBLEMS;
export const PAYEE_PROBLEM_CODES = Object.freeze(Object.keys(PAYEE_PROBLEMS) as PayeeProblemCode[]);

/** One problem of a record, as the API answers it. */
export interface PayeeProblem {
  readonly field: PayeeField;
  readonly code: PayeeProblemCode;
  readonly message_ja: string;
}

export function problem(code: PayeeProblemCode): PayeeProblem {
  const { field, message_ja } = PAYEE_PROBLEMS[code];
  return { field, code, message_ja };
}

export const severity = (verdict: PayeeVerdict): number => PAYEE_VERDICTS.indexOf(verdict);

const verdictOf = (p: PayeeProblem): PayeeVerdict => PAYEE_PROBLEMS[p.code].verdict;

/** The problems most serious first (ties in the order found), and the verdict they lead to. */
export function judged(problems: readonly PayeeProblem[]): { readonly verdict: PayeeVerdict; readonly problems: PayeeProblem[] } {
  // Array.prototype.sort is stable: problems of one verdict keep the order they were found in.
  const sorted = [...problems].sort((a, b) => severity(verdictOf(b)) - severity(verdictOf(a)));
  return { verdict: sorted[0] ? verdictOf(sorted[0]) : 'ok', problems: sorted };
}

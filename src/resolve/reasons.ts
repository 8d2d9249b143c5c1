/**
 * Reason codes (docs/resolve.md#reason-codes: the interface's, plus Ginko's additions) with
 * their Japanese messages. The order of REASON_CODES is the order of importance: the first
 * reason present gives `reason_summary_ja`.
 */
import { REASON_CODES, type ReasonCode, type ReasonDetail } from './types.js';

export const REASON_MESSAGES_JA: Readonly<Record<ReasonCode, string>> = Object.freeze({
  bank_not_found: '入力された金融機関名に一致する金融機関が見つかりません。',
  branch_not_found: '金融機関は特定できましたが、入力された支店名に一致する支店が見つかりません。',
  bank_alias_ambiguous: '入力された金融機関名（略称・別名）は複数の金融機関に該当する可能性があります。',
  branch_alias_ambiguous: '入力された支店名（略称・読み）は同じ金融機関の複数の支店に該当する可能性があります。',
  gap_too_small: '第1候補と第2候補の確からしさが近く、一つに決められません。',
  bank_code_mismatch: '入力された金融機関コードと金融機関名が別の金融機関を指しています。',
  branch_code_mismatch: '入力された支店コードと支店名が別の支店を指しています。',
  bank_former_name: '入力された金融機関名は旧名称です。現在の金融機関・支店を確認してください。',
  branch_former_name: '入力された支店名は旧名称です。この支店を引き継いだ現在の支店名と店番を確認してください。',
  code_moved: 'この金融機関・支店のコードは他のコードに引き継がれています（元のデータには残っています）。引き継ぎ先のコードを確認してください。',
  payment_bank_alias: '支払用途では、略称・別名による金融機関の特定は確認が必要です。',
  payment_bank_abbreviation: '支払用途では、業態名（信用金庫など）を省略した金融機関名は確認が必要です。',
  payment_branch_trim: '支払用途では、支店名から「支店」などの語を除いて照合した結果は確認が必要です。',
  payment_branch_supplement: '支払用途では、支店名に「営業部」「出張所」などの語を補って照合した結果は確認が必要です。',
  romaji_input: '金融機関名または支店名をローマ字の読みで照合しました。長音や拗音の書き分けが失われるため、候補を確認してください。',
  branch_omitted: '支店名が入力されていないため、本店の候補を示しています。',
  bank_matched_by_code: '金融機関名ではなく金融機関コードで金融機関を特定しました。',
  branch_matched_by_code: '支店名ではなく支店コード（店番）で支店を特定しました。',
  branch_matched_by_yucho_symbol: 'ゆうちょ銀行の記号から店番を求めました。振込には、番号も口座番号（7桁）に変換してください。',
  generic_branch: '「本店」などの汎用的な支店名です。',
  below_auto_total: '一致の度合いが自動確定の基準に達していません。',
});

const ORDER = new Map<ReasonCode, number>(REASON_CODES.map((code, i) => [code, i]));

/** One detail per code, shared by every answer. */
const DETAILS = new Map<ReasonCode, ReasonDetail>(REASON_CODES.map((code) => [code, Object.freeze({ code, message_ja: REASON_MESSAGES_JA[code] })]));

/** Sorted by importance, without duplicates. */
export function reasonDetails(codes: Iterable<ReasonCode>): ReasonDetail[] {
  return [...new Set(codes)].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!).map((code) => DETAILS.get(code)!);
}

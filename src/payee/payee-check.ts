/**
 * The payee check (docs/payee-checks.md): one payee record — bank and branch code, optionally
 * the names, account type and number, the holder's kana, or a ゆうちょ 記号・番号 — read against
 * the snapshot served and its lineage (src/lineage/), answered with a verdict, the record as it
 * is today, the one that carries it on, and every problem found (payee-problems.ts).
 *
 *   1. ゆうちょ 記号・番号 converted to 店番・預金種目・口座番号 first (yucho-account.ts).
 *   2. Each field's form: bank code 4 digits, branch 3, account type 1/2/4/9, account number 7
 *      digits, holder kana by the 全銀 rules (zengin-kana.ts). A code of the wrong form stops
 *      the check there (verdict invalid); other fields' problems are listed with what follows.
 *   3. The codes in the lineage: never listed (unknown_bank, unknown_branch), closed, merged
 *      (into another institution or to another code), or listed.
 *   4. The names given, against the code's names today and in earlier versions (payee-names.ts).
 *
 * Pure and synchronous; the callers run many records in slices (src/shared/slices.ts).
 */
import type { Derivation, Snapshot } from '../dataset/snapshot.js';
import type { FormerInstitution, Named } from '../lineage/former-institutions.js';
import type { CodeHistory, Listing } from '../lineage/history.js';
import type { Lineage } from '../lineage/lineage.js';
import { FORMER_INSTITUTIONS, LINEAGE } from '../lineage/served.js';
import type { LineageAnswer, LineageRecord } from '../lineage/types.js';
import { DEPOSIT_TYPES } from './deposit-types.js';
import { namesBank, namesBranch } from './payee-names.js';
import { judged, type PayeeProblem, type PayeeProblemCode, type PayeeVerdict, problem } from './payee-problems.js';
import { JP_BANK_CODE, transferAccountOf } from './yucho-account.js';
import { normalizeZenginName } from './zengin-kana.js';

/** A payee record as given; every field text, absent when not given. */
export interface PayeeInput {
  readonly bankCode?: string | undefined;
  readonly branchCode?: string | undefined;
  readonly bankName?: string | undefined;
  readonly branchName?: string | undefined;
  readonly accountType?: string | undefined;
  readonly accountNumber?: string | undefined;
  readonly holderKana?: string | undefined;
  /** ゆうちょ 記号 (may carry the 番号: 14030-12345671) and 番号. */
  readonly symbol?: string | undefined;
  readonly number?: string | undefined;
}

/** The answer for one record; keys in the order of the HTTP result (after its id). */
export interface PayeeCheck {
  readonly verdict: PayeeVerdict;
  /** The record as the newest version lists it; null when it does not (or the codes are not valid). */
  readonly current: LineageRecord | null;
  /** The record that carries it on today (merged); null otherwise. */
  readonly successor: LineageRecord | null;
  readonly problems: readonly PayeeProblem[];
}

const BANK_CODE = /^[0-9]{4}$/;
const BRANCH_CODE = /^[0-9]{3}$/;
const ACCOUNT_NUMBER = /^[0-9]{7}$/;

/** A field as given: surrounding spaces (half- and full-width) dropped; empty is not given. */
function given(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.replace(/^[\s\u3000]+|[\s\u3000]+$/g, '');
  return trimmed === '' ? undefined : trimmed;
}

/** The codes and account after the ゆうちょ conversion, and the problems met on the way. */
interface Account {
  readonly bankCode: string | undefined;
  readonly branchCode: string | undefined;
  readonly accountType: string | undefined;
  readonly accountNumber: string | undefined;
}

function converted(input: PayeeInput, problems: PayeeProblem[]): Account {
  const account = { bankCode: given(input.bankCode), branchCode: given(input.branchCode), accountType: given(input.accountType), accountNumber: given(input.accountNumber) };
  const symbol = given(input.symbol);
  const number = given(input.number);
  if (symbol === undefined && number === undefined) return account;
  if (account.bankCode !== JP_BANK_CODE) {
    problems.push(problem('yucho_not_jp_bank'));
    return account;
  }
  if (symbol === undefined) {
    problems.push(problem('yucho_symbol_invalid'));
    return account;
  }
  const result = transferAccountOf(symbol, number);
  if (!result.ok) {
    problems.push(problem(result.problem.field === 'number' ? 'yucho_number_invalid' : 'yucho_symbol_invalid'));
    return account;
  }
  const yucho = result.value;
  // What the 記号・番号 give fills what was not given; what was given must agree with it (a
  // 通常貯蓄貯金 is sent as 貯蓄: docs/yucho.md).
  const agrees = (field: string | undefined, value: string | undefined) => field === undefined || value === undefined || field === value;
  const typeAgrees = account.accountType === undefined || (yucho.accountTypes as readonly string[]).includes(account.accountType);
  if (!agrees(account.branchCode, yucho.branchCode) || !typeAgrees || !agrees(account.accountNumber, yucho.accountNumber)) {
    problems.push(problem('yucho_conflict'));
  }
  return {
    bankCode: account.bankCode,
    branchCode: account.branchCode ?? yucho.branchCode,
    accountType: account.accountType ?? yucho.accountType,
    accountNumber: account.accountNumber ?? yucho.accountNumber,
  };
}

/** Step 2 for the fields other than the codes. */
function accountProblems(account: Account, holderKana: string | undefined, problems: PayeeProblem[]): void {
  if (account.accountType !== undefined && !Object.hasOwn(DEPOSIT_TYPES, account.accountType)) problems.push(problem('account_type_invalid'));
  if (account.accountNumber !== undefined && !ACCOUNT_NUMBER.test(account.accountNumber)) problems.push(problem('account_number_invalid'));
  if (holderKana !== undefined) {
    const seen = new Set<PayeeProblemCode>();
    for (const p of normalizeZenginName(holderKana, 'payee').problems) {
      const code = `holder_kana_${p.reason}` as const;
      if (!seen.has(code)) problems.push(problem(code));
      seen.add(code);
    }
  }
}

/** Whether a name given matches the code's listing today, only an earlier one, or none. */
type NameMatch = 'current' | 'former' | 'none';

function nameMatch(name: string, listings: CodeHistory | undefined, matches: (given: string, listed: Listing) => boolean): NameMatch {
  if (!listings) return 'none';
  // The newest listing: today's name, or for a code no longer listed the last name it had.
  const newest = listings.at(-1);
  if (newest && matches(name, newest)) return 'current';
  return listings.some((l) => matches(name, l)) ? 'former' : 'none';
}

export class PayeeChecker {
  /**
   * By institution, the former names of those it took over (福邦銀行 for 福井銀行): a record whose
   * code was updated after a merger but whose bank name was not names a former institution.
   */
  readonly #takenOver = new Map<string, Named[]>();

  constructor(
    readonly lineage: Lineage,
    formers: readonly FormerInstitution[],
  ) {
    for (const f of formers) if (f.successor !== f.code) (this.#takenOver.get(f.successor) ?? this.#takenOver.set(f.successor, []).get(f.successor)!).push(...f.names);
  }

  check(input: PayeeInput): PayeeCheck {
    const problems: PayeeProblem[] = [];
    const account = converted(input, problems);
    const { bankCode, branchCode } = account;
    if (bankCode === undefined || !BANK_CODE.test(bankCode)) problems.push(problem('bank_code_invalid'));
    if (branchCode === undefined) problems.push(problem('branch_code_missing'));
    else if (!BRANCH_CODE.test(branchCode)) problems.push(problem('branch_code_invalid'));
    accountProblems(account, given(input.holderKana), problems);
    if (problems.some((p) => p.field === 'bank_code' || p.field === 'branch_code' || p.field === 'symbol' || p.field === 'number')) return answer(problems, null, null);

    const bank = this.lineage.bank(bankCode!);
    if (!bank) return answer([...problems, problem('bank_unknown')], null, null);
    const branch = this.lineage.branch(bankCode!, branchCode!);
    if (!branch) return answer([...problems, problem('branch_unknown')], null, null);
    problems.push(...this.#statusProblems(bank, branch));
    this.#nameProblems(input, bankCode!, branchCode!, problems);
    return answer(problems, branch.current, branch.status === 'merged' || branch.status === 'code_changed' ? branch.successor : null);
  }

  #statusProblems(bank: LineageAnswer, branch: LineageAnswer): PayeeProblem[] {
    switch (branch.status) {
      case 'closed':
        return bank.status === 'closed' ? [problem('bank_closed'), problem('branch_closed')] : [problem('branch_closed')];
      case 'code_changed':
        return [problem('branch_code_changed')];
      case 'merged':
        return bank.status === 'merged' ? [problem('bank_merged'), problem('branch_merged')] : [problem('branch_merged')];
      default:
        return [];
    }
  }

  #nameProblems(input: PayeeInput, bankCode: string, branchCode: string, problems: PayeeProblem[]): void {
    const history = this.lineage.history;
    const bankName = given(input.bankName);
    if (bankName !== undefined) {
      let match = nameMatch(bankName, history.banks.get(bankCode), namesBank);
      if (match === 'none' && (this.#takenOver.get(bankCode) ?? []).some((named) => namesBank(bankName, named))) match = 'former';
      if (match !== 'current') problems.push(problem(match === 'former' ? 'bank_renamed' : 'bank_name_mismatch'));
    }
    const branchName = given(input.branchName);
    if (branchName !== undefined) {
      const match = nameMatch(branchName, history.branches.get(bankCode)?.get(branchCode), namesBranch);
      if (match !== 'current') problems.push(problem(match === 'former' ? 'branch_renamed' : 'branch_name_mismatch'));
    }
  }
}

function answer(problems: readonly PayeeProblem[], current: LineageRecord | null, successor: LineageRecord | null): PayeeCheck {
  const { verdict, problems: sorted } = judged(problems);
  return { verdict, current, successor, problems: sorted };
}

/** The checker of a snapshot, over its lineage (built in steps when the snapshot is prepared). */
export const PAYEE_CHECKER: Derivation<PayeeChecker> = {
  name: 'payee checker',
  build: (snapshot) => new PayeeChecker(snapshot.derive(LINEAGE), snapshot.derive(FORMER_INSTITUTIONS)),
};

/** The checker of a snapshot for a request: its lineage and former institutions built in slices if they are not ready yet. */
export async function payeeCheckerOf(snapshot: Snapshot): Promise<PayeeChecker> {
  await snapshot.deriveInSlices(FORMER_INSTITUTIONS);
  return snapshot.derive(PAYEE_CHECKER);
}

/**
 * Romaji bank and branch names for Resolve (docs/resolve.md#romaji). The matcher compares kana
 * and kanji. When the input as typed finds nothing (Latin aliases such as SMBC are found so),
 * each Latin name is read as the forms whose spoken key (src/domain/romaji/) it spells: a bank
 * as its reading (`mizuho bank` → ミズホギンコウ), a branch as its written form at the banks the
 * bank input names (`shinjuku` → 新宿, `tokyo` → 東京 for 東京営業部). Each reading is resolved
 * as usual; the best answer is kept.
 *
 * What romaji changes in the decision:
 * - `romaji_input` is recorded whenever a reading was used; in `payment` it blocks
 *   auto-confirmation (a reading typed in Latin letters loses what kana keep: おお/お, きよ/きょ);
 * - where another reading leads to another candidate within the context's gap (`oyama`: 小山
 *   オヤマ or 大山 オオヤマ), the answer is not auto-confirmed (`gap_too_small`) and the other
 *   candidates follow the best one's.
 */
import type { Directory } from '../dataset/directory.js';
import { bankByBank, type Derivation, type Snapshot } from '../dataset/snapshot.js';
import { latinReadings } from '../domain/romaji/latin-readings.js';
import { BRANCH_ENDING_READINGS, bankSpokenForms, branchSpokenForms, type SpokenForm } from '../domain/romaji/spoken-forms.js';
import { type SpokenKey, spokenKeyOfKana } from '../domain/romaji/spoken-key.js';
import { CONTEXT_POLICIES, DEFAULT_CONTEXT, MAX_CANDIDATES } from './policy.js';
import { reasonDetails } from './reasons.js';
import { RomajiFormTable } from './romaji-form-table.js';
import type { Match, ReasonCode, ResolveAnswer, ResolveInput } from './types.js';

/** At most this many readings of one input are tried (the best-spelled first). */
export const MAX_ROMAJI_READINGS = 3;

/** What this module reads of resolve.ts's outcome, and how it gives one another answer (declared here: resolve.ts imports this module). */
export interface TypedOutcome<O> {
  readonly answer: ResolveAnswer;
  readonly ranked: readonly { readonly total: number }[];
  readonly debug: { readonly bank_matches: readonly { readonly bank_code: string }[] };
  /** Whether the debug view lists any bank, known without making the view. */
  readonly bankFound: boolean;
  withAnswer(answer: ResolveAnswer): O;
}

interface FormIndex {
  readonly banks: RomajiFormTable;
  /** The institutions a bank form's written text belongs to (ホツカイドウ: 北海道銀行, 北海道信金, …). */
  readonly bankCodes: ReadonlyMap<string, readonly string[]>;
  readonly branches: Map<string, RomajiFormTable>;
}

function byLooseKey(forms: Iterable<SpokenForm>): RomajiFormTable {
  const table = new RomajiFormTable();
  for (const form of forms) table.add(form);
  return table;
}

function buildFormIndex(directory: Directory): FormIndex {
  const bankCodes = new Map<string, string[]>();
  const forms = directory.banks.flatMap((bank) =>
    bankSpokenForms(bank).map((form) => {
      const codes = bankCodes.get(form.written) ?? bankCodes.set(form.written, []).get(form.written)!;
      if (!codes.includes(bank.code)) codes.push(bank.code);
      return form;
    }),
  );
  return { banks: byLooseKey(forms), bankCodes, branches: new Map() };
}

function branchForms(directory: Directory, index: FormIndex, bankCode: string): RomajiFormTable {
  let forms = index.branches.get(bankCode);
  if (!forms) {
    forms = byLooseKey(directory.branches(bankCode).flatMap(branchSpokenForms));
    index.branches.set(bankCode, forms);
  }
  return forms;
}

/**
 * The spoken forms of a snapshot's institutions, built on the first romaji input; each bank's
 * branches on first need, or all ahead of it by warming (a bank at a time).
 */
export const ROMAJI_FORMS: Derivation<FormIndex> = {
  name: 'romaji forms',
  build: (snapshot) => buildFormIndex(snapshot.directory),
  warm: (index, snapshot) => bankByBank(snapshot, (code) => branchForms(snapshot.directory, index, code)),
};

/** Builds every institution's and branch's forms now, so that no row of a file pays for them. */
export function warmRomajiForms(snapshot: Snapshot): void {
  const index = snapshot.derive(ROMAJI_FORMS);
  for (const bank of snapshot.directory.banks) branchForms(snapshot.directory, index, bank.code);
}

/**
 * Written forms whose loose key a reading of the input equals, exactly spelled ones first. An
 * input that marks long vowels (`ohyama`, `ōyama`) names the forms it spells exactly when there
 * are any; one that does not (`oyama`) may mean any of them (小山 オヤマ, 大山 オオヤマ).
 */
function readingsOf(keys: readonly SpokenKey[], lookup: (loose: string) => readonly SpokenForm[] | undefined, suffixes: readonly Suffix[] = []): string[] {
  const found: { written: string; exact: boolean }[] = [];
  for (const key of keys) {
    const forms = lookup(key.loose) ?? [];
    const exact = forms.filter((f) => f.key.exact === key.exact);
    const marked = key.exact !== key.loose && exact.length > 0;
    for (const form of marked ? exact : forms) found.push({ written: form.written, exact: form.key.exact === key.exact });
    // shinjuku shiten, tokyo shiten: the stem's form with the ending.
    for (const suffix of suffixes) {
      if (!key.loose.endsWith(suffix.key.loose) || key.loose.length === suffix.key.loose.length) continue;
      for (const form of lookup(key.loose.slice(0, -suffix.key.loose.length)) ?? []) {
        // The master reads some names without their ending (東京営業部 トウキヨウ).
        found.push({ written: form.written.endsWith(suffix.name) ? form.written : form.written + suffix.name, exact: false });
      }
    }
  }
  found.sort((a, b) => Number(b.exact) - Number(a.exact));
  return [...new Set(found.map((f) => f.written))].slice(0, MAX_ROMAJI_READINGS);
}

interface Suffix {
  readonly name: string;
  readonly key: SpokenKey;
}

const BRANCH_SUFFIXES: readonly Suffix[] = BRANCH_ENDING_READINGS.map((e) => ({ name: e.name, key: spokenKeyOfKana(e.kana)! }));

const matchKey = (m: Match) => `${m.bank_code}-${m.branch_code}-${m.branch_name}`;
const topTotal = (o: TypedOutcome<unknown>) => o.ranked[0]?.total ?? -1;
/** A bank found without a branch (branch_not_found) says more than no bank at all. */
const strength = (o: TypedOutcome<unknown>) => topTotal(o) * 2 + (o.bankFound ? 1 : 0);

/**
 * The answer for an input with a Latin bank or branch name, or undefined when neither is Latin
 * (the caller resolves it as typed).
 */
export function resolveRomaji<O extends TypedOutcome<O>>(snapshot: Snapshot, input: ResolveInput, resolveTyped: (snapshot: Snapshot, input: ResolveInput) => O): O | undefined {
  const bankKeys = latinReadings(input.bankName);
  const branchKeys = latinReadings(input.branchName);
  if (bankKeys.length === 0 && branchKeys.length === 0) return undefined;

  // Latin text the matcher already knows (the aliases MUFG, SMBC, mizuho; JP Bank's 018, 三菱ＵＦＪ)
  // is answered as typed, without the romaji forms: about 7 MB, built on first need.
  const asTyped = resolveTyped(snapshot, input);
  if (asTyped.answer.decision !== 'unresolved') return asTyped;
  const index = snapshot.derive(ROMAJI_FORMS);
  const { directory } = snapshot;

  // The banks each bank text names: as typed, those the matcher found (its debug view, made only
  // when it lists one); a reading, those it is the reading of.
  const bankTexts = [
    { bankName: input.bankName, codes: asTyped.bankFound ? asTyped.debug.bank_matches.map((m) => m.bank_code) : [] },
    ...readingsOf(bankKeys, (k) => index.banks.get(k)).map((bankName) => ({ bankName, codes: index.bankCodes.get(bankName) ?? [] })),
  ];
  const outcomes: { outcome: O; romaji: boolean }[] = [{ outcome: asTyped, romaji: false }];
  for (const [b, { bankName, codes }] of bankTexts.entries()) {
    const lookup = (loose: string) => codes.flatMap((code) => branchForms(directory, index, code).get(loose) ?? []);
    const branchNames = branchKeys.length === 0 ? [] : readingsOf(branchKeys, lookup, BRANCH_SUFFIXES);
    for (const branchName of branchNames) outcomes.push({ outcome: resolveTyped(snapshot, { ...input, bankName, branchName }), romaji: true });
    // A bank reading with the branch as typed (kanji, or romaji no branch reads as).
    if (b > 0 && branchNames.length === 0) outcomes.push({ outcome: resolveTyped(snapshot, { ...input, bankName }), romaji: true });
  }

  // The best top candidate; on a tie the earlier (as typed, then the best-spelled reading).
  let best = outcomes[0]!;
  for (const o of outcomes) if (strength(o.outcome) > strength(best.outcome)) best = o;
  if (!best.romaji) return best.outcome;
  return withRomajiJudgment(best.outcome, outcomes.map((o) => o.outcome), input);
}

function withRomajiJudgment<O extends TypedOutcome<O>>(best: O, all: readonly O[], input: ResolveInput): O {
  const policy = CONTEXT_POLICIES[input.context ?? DEFAULT_CONTEXT];
  const answer = best.answer;
  const reasons: ReasonCode[] = [...answer.reason_codes, 'romaji_input'];
  let decision = answer.decision;
  const candidates = [...answer.candidates];
  if (decision !== 'unresolved') {
    const seen = new Set(candidates.map(matchKey));
    const top = topTotal(best);
    const bestKey = answer.best_match ? matchKey(answer.best_match) : '';
    for (const other of all) {
      const first = other.answer.best_match;
      if (other === best || !first || matchKey(first) === bestKey) continue;
      if (top - topTotal(other) < policy.minGap) reasons.push('gap_too_small');
      for (const m of other.answer.candidates) {
        if (seen.has(matchKey(m))) continue;
        seen.add(matchKey(m));
        candidates.push(m);
      }
    }
    const blocked = reasons.includes('gap_too_small') || input.context === 'payment';
    if (decision === 'auto_confirm' && blocked) decision = 'needs_review';
  }
  const details = reasonDetails(reasons);
  const romaji: ResolveAnswer = {
    decision,
    ...(answer.best_match ? { best_match: answer.best_match } : {}),
    candidates: candidates.slice(0, MAX_CANDIDATES),
    reason_codes: details.map((d) => d.code),
    reason_details: details,
    ...(details.length > 0 ? { reason_summary_ja: details[0]!.message_ja } : {}),
  };
  return best.withAnswer(romaji);
}

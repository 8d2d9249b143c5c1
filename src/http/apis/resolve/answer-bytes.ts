/**
 * A Resolve answer as JSON in UTF-8: exactly the bytes of `Buffer.from(JSON.stringify(answer))`
 * (test/resolve.answer-bytes.test.ts compares the two over every call of the bench's distinct
 * Resolve stream). The JSON is joined from parts made once: a candidate's bank half
 * (`{"bank_code":"0005","bank_name":"三菱ＵＦＪ銀行",`), kept per bank with the snapshot, and each
 * reason's detail and summary, kept for the process; the branch's code and name are quoted by
 * jsonString (src/shared/text-bytes.ts), not by V8's serializer. The text is encoded once.
 *
 * Counted in the server (bench/instructions.ts, distinct Resolve): JSON.stringify and the
 * encoding took about 21,600 instructions a call, this about 13,100. Writing each string into
 * the answer's buffer (src/shared/json-bytes.ts) took more than JSON.stringify, about 1,600
 * instructions a string in its native write (docs/benchmarks-log.md, 2026-11-28, 14:24–15:35).
 *
 * The keys are written in the order src/resolve builds the answer in (resolve.ts,
 * romaji-input.ts): a key added to ResolveAnswer must be added here too, which the test's
 * comparison tells.
 */
import type { Derivation, Snapshot } from '../../../dataset/snapshot.js';
import { REASON_MESSAGES_JA } from '../../../resolve/reasons.js';
import { jsonString } from '../../../shared/text-bytes.js';
import { REASON_CODES, type Match, type ReasonCode, type ResolveAnswer } from '../../../resolve/types.js';

/** What is kept of a bank: its name (to tell that a match's is the same) and its half of a candidate's JSON. */
interface BankHalf {
  readonly name: string;
  readonly json: string;
}

/** At most one entry per bank of the snapshot (about 1,150, some 60 characters each). */
const BANK_HALVES: Derivation<Map<string, BankHalf>> = { name: 'Resolve answer bank halves', build: () => new Map() };

interface ReasonJson {
  readonly message: string;
  /** `{"code":"…","message_ja":"…"}` */
  readonly detail: string;
  /** `,"reason_summary_ja":"…"` */
  readonly summary: string;
}

/** From the reasons' own table (src/resolve/reasons.ts), the same for every snapshot. */
const REASONS = new Map<ReasonCode, ReasonJson>(
  REASON_CODES.map((code) => {
    const message = REASON_MESSAGES_JA[code];
    return [code, { message, detail: JSON.stringify({ code, message_ja: message }), summary: `,"reason_summary_ja":${JSON.stringify(message)}` }];
  }),
);

export function resolveAnswerBytes(snapshot: Snapshot, answer: ResolveAnswer): Buffer {
  return Buffer.from(answerJson(snapshot.derive(BANK_HALVES), answer));
}

function answerJson(banks: Map<string, BankHalf>, answer: ResolveAnswer): string {
  let json = `{"decision":${jsonString(answer.decision)}`;
  if (answer.best_match !== undefined) json += `,"best_match":${matchJson(banks, answer.best_match)}`;
  json += ',"candidates":[';
  for (let i = 0; i < answer.candidates.length; i++) json += (i === 0 ? '' : ',') + matchJson(banks, answer.candidates[i]!);
  json += '],"reason_codes":[';
  for (let i = 0; i < answer.reason_codes.length; i++) json += (i === 0 ? '' : ',') + jsonString(answer.reason_codes[i]!);
  json += '],"reason_details":[';
  for (let i = 0; i < answer.reason_details.length; i++) {
    const detail = answer.reason_details[i]!;
    const kept = REASONS.get(detail.code);
    json += (i === 0 ? '' : ',') + (kept !== undefined && kept.message === detail.message_ja ? kept.detail : JSON.stringify(detail));
  }
  json += ']';
  const summary = answer.reason_summary_ja;
  if (summary !== undefined) {
    const kept = answer.reason_details.length > 0 ? REASONS.get(answer.reason_details[0]!.code) : undefined;
    json += kept !== undefined && kept.message === summary ? kept.summary : `,"reason_summary_ja":${JSON.stringify(summary)}`;
  }
  return json + '}';
}

function matchJson(banks: Map<string, BankHalf>, match: Match): string {
  return `${bankHalf(banks, match)}"branch_code":${jsonString(match.branch_code)},"branch_name":${jsonString(match.branch_name)}}`;
}

/** `{"bank_code":…,"bank_name":…,` of the match's bank, kept after its first answer. */
function bankHalf(banks: Map<string, BankHalf>, match: Match): string {
  const kept = banks.get(match.bank_code);
  if (kept !== undefined && kept.name === match.bank_name) return kept.json;
  const json = `{"bank_code":${jsonString(match.bank_code)},"bank_name":${jsonString(match.bank_name)},`;
  // A bank keeps one name per snapshot; a match naming it otherwise is written, not kept.
  if (kept === undefined) banks.set(match.bank_code, { name: match.bank_name, json });
  return json;
}

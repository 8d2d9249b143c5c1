/**
 * The Data page's "Check a payee file" (docs/console.md#check-a-payee-file): an uploaded CSV (or
 * 全銀 file) through the same check as `ginko accounts validate` (src/payee/payee-file.ts), in
 * slices that share the event loop with the API. The result CSV is handed back inside the page
 * as a download link (a data: URL): nothing is kept on the server, so any replica can answer.
 */
import { Writable } from 'node:stream';
import type { Snapshot } from '../../../dataset/snapshot.js';
import { payeeCheckerOf } from '../../../payee/payee-check.js';
import { PAYEE_VERDICTS, type PayeeVerdict } from '../../../payee/payee-problems.js';
import { Slices } from '../../../shared/slices.js';
import type { UploadedFile } from './multipart-body.js';

/** Problems shown on the page; the summary counts them all. */
const SHOWN_PROBLEMS = 20;

export interface PayeeUploadView {
  readonly filename: string;
  readonly format: string;
  readonly read: number;
  readonly counts: readonly { readonly verdict: PayeeVerdict; readonly n: number }[];
  readonly leftOut: number;
  readonly problems: readonly string[];
  readonly fileProblems: number;
  /** The result CSV as a data: URL, and the name to save it under. */
  readonly href: string;
  readonly downloadName: string;
}

/** The upload in chunks of a file's read stream: the CSV parser then works a chunk at a time, between slices. */
async function* chunksOf(content: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < content.length; at += 64 * 1024) yield content.subarray(at, at + 64 * 1024);
}

/** The upload checked, or the reason it cannot be (a message for the page). */
export async function checkUpload(snapshot: Snapshot, file: UploadedFile): Promise<{ view: PayeeUploadView } | { error: 'empty' | string }> {
  if (file.content.length === 0) return { error: 'empty' };
  const parts: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      done();
    },
  });
  const checker = await payeeCheckerOf(snapshot);
  // Loaded on the first upload: its CSV writer and Shift_JIS decoder are not needed to serve.
  const [{ validatePayeeFile }, { UnreadableInputError }] = await Promise.all([import('../../../payee/payee-file.js'), import('../../../shared/csv-file.js')]);
  let summary;
  try {
    summary = await validatePayeeFile(checker, chunksOf(file.content), out, { slices: new Slices() });
  } catch (err) {
    if (err instanceof UnreadableInputError) return { error: err.message };
    throw err;
  }
  const unit = summary.format === 'csv' ? 'line' : 'record';
  const problems = [...summary.malformed.map((m) => `${unit} ${m.at}: ${m.message}`), ...summary.fileProblems.map((p) => `record ${p.record}: ${p.message}`)];
  const base = file.filename.replace(/\.[^.]*$/, '') || 'payees';
  return {
    view: {
      filename: file.filename,
      format: summary.format === 'csv' ? `CSV, ${summary.encoding}` : `全銀 ${summary.fileKind ?? ''}`.trim(),
      read: summary.read,
      counts: PAYEE_VERDICTS.map((verdict) => ({ verdict, n: summary.counts[verdict] })),
      leftOut: summary.malformedCount,
      problems: problems.slice(0, SHOWN_PROBLEMS),
      fileProblems: summary.fileProblemCount,
      href: `data:text/csv;charset=utf-8;base64,${Buffer.concat(parts).toString('base64')}`,
      downloadName: `${base}-checked.csv`,
    },
  };
}

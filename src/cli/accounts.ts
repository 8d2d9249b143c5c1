/**
 * `ginko accounts validate --input FILE [--output OUT]` (docs/payee-checks.md#files): a payee
 * file — CSV, or a 全銀 総合振込/給与振込 file — checked offline against the bundled data and its
 * lineage, as POST /accounts/v1/validate checks records. The result CSV goes to OUT (stdout
 * without it), the summary and every problem of the file to stderr. Exit code 1 only when the
 * input cannot be read.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { loadBundledServing } from '../dataset/bundled.js';
import { PAYEE_CHECKER } from '../payee/payee-check.js';
import { PAYEE_VERDICTS } from '../payee/payee-problems.js';
import type { PayeeFileSummary } from '../payee/payee-file.js';

interface ValidateOptions {
  input: string;
  output?: string;
}

export function registerAccountsCommand(program: Command): void {
  const accounts = program.command('accounts').description('payee records: check them against the data and where each code went (see docs/payee-checks.md)');
  accounts
    .command('validate')
    .description('check a payee file (CSV, or a 全銀 総合振込/給与振込 file): verdict and successor per row, and the file\'s own rules')
    .requiredOption('--input <file>', 'CSV (UTF-8, UTF-8 with BOM or Shift_JIS, header row) or 全銀 file (120-byte records, with or without CR LF)')
    .option('--output <file>', 'CSV to write (UTF-8): every input column, then verdict, successor and problem codes; stdout when absent')
    .action(validate);
}

async function validate(opts: ValidateOptions): Promise<void> {
  // The CSV and 全銀 readers are loaded for this command only, not by `ginko serve`.
  const { validatePayeeFile } = await import('../payee/payee-file.js');
  const { UnreadableInputError } = await import('../shared/csv-file.js');
  const checker = loadBundledServing().derive(PAYEE_CHECKER);
  const out: Writable = opts.output === undefined ? process.stdout : createWriteStream(opts.output);
  const started = performance.now();
  let summary: PayeeFileSummary;
  try {
    summary = await validatePayeeFile(checker, createReadStream(opts.input, { highWaterMark: 64 * 1024 }), out);
  } catch (err) {
    if (opts.output !== undefined) {
      // As ginko resolve: an input that cannot be checked leaves no output file.
      out.destroy();
      await rm(opts.output, { force: true });
    }
    if (err instanceof UnreadableInputError) throw new Error(`${opts.input}: ${err.message}`);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new Error(`cannot read ${opts.input}: ${code}`);
    throw err;
  }
  if (opts.output !== undefined) {
    out.end();
    await finished(out);
  }
  report(opts, summary, (performance.now() - started) / 1000);
}

function report(opts: ValidateOptions, s: PayeeFileSummary, seconds: number): void {
  const say = (line: string) => process.stderr.write(line + '\n');
  const n = (x: number) => x.toLocaleString('en-US');
  const checked = PAYEE_VERDICTS.reduce((sum, v) => sum + s.counts[v], 0);
  say(`${opts.input}: ${s.format === 'csv' ? `CSV, ${s.encoding}` : `全銀 ${s.fileKind ?? 'file'}`}`);
  const unit = s.format === 'csv' ? 'line' : 'record';
  for (const m of s.malformed) say(`${opts.input}:${m.at}: ${unit} left out: ${m.message}`);
  if (s.malformedCount > s.malformed.length) say(`… and ${n(s.malformedCount - s.malformed.length)} more ${unit}s left out`);
  for (const m of s.undecodable ?? []) say(`${opts.input}:${m.at}: warning: ${m.message}`);
  if ((s.undecodableCount ?? 0) > (s.undecodable?.length ?? 0)) say(`… and ${n(s.undecodableCount! - s.undecodable!.length)} more lines with undecodable bytes`);
  for (const p of s.fileProblems) say(`${opts.input}: record ${p.record}: ${p.message}`);
  if (s.fileProblemCount > s.fileProblems.length) say(`… and ${n(s.fileProblemCount - s.fileProblems.length)} more problems of the file`);
  const rate = seconds > 0 ? Math.round(checked / seconds) : checked;
  if (s.format === 'csv') {
    say(`${n(s.read)} rows: ${n(checked)} checked, ${n(s.malformedCount)} left out; ${seconds.toFixed(1)} s (${n(rate)} rows/s)${opts.output ? `, written to ${opts.output}` : ''}`);
  } else {
    const r = s.records!;
    say(`${n(s.read)} records: header ${n(r.header)}, data ${n(r.data)} (${n(checked)} checked), trailer ${n(r.trailer)}, end ${n(r.end)}, not read ${n(s.malformedCount)}; file rules broken ${n(s.fileProblemCount)}; ${seconds.toFixed(1)} s (${n(rate)} records/s)${opts.output ? `, written to ${opts.output}` : ''}`);
  }
  say(PAYEE_VERDICTS.map((v) => `${v} ${n(s.counts[v])}`).join(', '));
}

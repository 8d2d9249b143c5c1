/**
 * `ginko resolve BANK BRANCH [--context C] [--debug]`: the Resolve matcher offline, over the
 * bundled directory, printing the same JSON as POST /resolve/v1/bank-branch. Needs no server,
 * store or key. An empty BRANCH ("") asks for the bank's main office, as over HTTP.
 *
 * `ginko resolve --input FILE.csv --output OUT.csv [--bank-column C] [--branch-column C]
 * [--context C]`: a whole file (resolve-file.ts), with a progress bar on a terminal and a
 * summary on stderr. Exit code 1 only when the input cannot be read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { loadBundledServing } from '../dataset/bundled.js';
import { warmResolveIndex } from '../resolve/resolve-index.js';
import { MAX_INPUT_LENGTH, resolve } from '../resolve/resolve.js';
import { warmRomajiForms } from '../resolve/romaji-input.js';
import { DECISIONS, RESOLVE_CONTEXTS, type ResolveContext } from '../resolve/types.js';
import { progressBar } from './progress-bar.js';

interface ResolveOptions {
  context: ResolveContext;
  debug: boolean;
  input?: string;
  output?: string;
  bankColumn?: string;
  branchColumn?: string;
}

export function registerResolveCommand(program: Command): void {
  program
    .command('resolve')
    .description('resolve a typed bank and branch name, or a CSV file of them, to official codes (see docs/resolve.md)')
    .argument('[bank]', 'bank name as typed')
    .argument('[branch]', 'branch name as typed ("" for the main office)')
    .addOption(new Option('--context <context>', 'judgment policy').choices(RESOLVE_CONTEXTS).default('default'))
    .option('--debug', 'include the debug object (normalized input, scores, dataset version)', false)
    .option('--input <file>', 'CSV file of bank and branch names (UTF-8, UTF-8 with BOM or Shift_JIS)')
    .option('--output <file>', 'CSV file to write: every input column, then decision, codes, official names, reason_codes (UTF-8)')
    .option('--bank-column <column>', 'header name or 1-based number of the bank name column (default: bank_name, bank, 金融機関名, 銀行名, …)')
    .option('--branch-column <column>', 'header name or 1-based number of the branch name column (default: branch_name, branch, 支店名, …)')
    .action((bank: string | undefined, branch: string | undefined, opts: ResolveOptions) => {
      if (opts.input !== undefined || opts.output !== undefined) return resolveWholeFile(bank, opts);
      if (bank === undefined || branch === undefined) throw new Error('give BANK and BRANCH, or --input FILE.csv --output OUT.csv');
      for (const [name, value] of [['BANK', bank], ['BRANCH', branch]] as const) {
        if ([...value].length > MAX_INPUT_LENGTH) throw new Error(`${name} is longer than ${MAX_INPUT_LENGTH} characters`);
      }
      const outcome = resolve(loadBundledServing(), { bankName: bank, branchName: branch, context: opts.context });
      const body = opts.debug ? { ...outcome.answer, debug: outcome.debug } : outcome.answer;
      process.stdout.write(JSON.stringify(body, null, 2) + '\n');
    });
}

async function resolveWholeFile(bank: string | undefined, opts: ResolveOptions): Promise<void> {
  if (bank !== undefined) throw new Error('give either BANK BRANCH or --input, not both');
  if (opts.input === undefined || opts.output === undefined) throw new Error('--input and --output go together');
  let bytes: Buffer;
  try {
    bytes = readFileSync(opts.input);
  } catch (err) {
    throw new Error(`cannot read ${opts.input}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  // The CSV reader and its Shift_JIS decoder are loaded for this command only, not by `ginko serve`.
  const { resolveFile, UnreadableInputError } = await import('./resolve-file.js');
  const snapshot = loadBundledServing();
  warmResolveIndex(snapshot);
  warmRomajiForms(snapshot);
  const bar = progressBar();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let result;
  try {
    result = resolveFile(snapshot, bytes, { bankColumn: opts.bankColumn, branchColumn: opts.branchColumn, context: opts.context, onProgress: (done, total) => bar.update(done, total) });
  } catch (err) {
    bar.end();
    if (err instanceof UnreadableInputError) throw new Error(`${opts.input}: ${err.message}`);
    throw err;
  }
  bar.end();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  // CPU time too: on a busy machine the wall time says more about the other jobs.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  writeFileSync(opts.output, result.output);
  const say = (line: string) => process.stderr.write(line + '\n');
  say(`${opts.input}: ${result.encoding}`);
  for (const m of result.malformed) say(`${opts.input}:${m.line}: row left out: ${m.message}`);
  const rate = (s: number) => (s > 0 ? Math.round(result.rows / s) : result.rows).toLocaleString('en-US');
  say(`${result.rows.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s (${rate(seconds)} rows/s; ${cpuSeconds.toFixed(1)} s of CPU, ${rate(cpuSeconds)} rows/s), context ${opts.context}, written to ${opts.output}`);
  say(DECISIONS.map((d) => `${d} ${result.counts[d].toLocaleString('en-US')}`).join(', ') + (result.malformed.length > 0 ? `; malformed rows left out ${result.malformed.length}` : ''));
}

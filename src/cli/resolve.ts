/**
 * `ginko resolve BANK BRANCH [--context C] [--debug]`: the Resolve matcher offline, over the
 * bundled directory, printing the same JSON as POST /resolve/v1/bank-branch. Needs no server,
 * store or key. An empty BRANCH ("") asks for the bank's main office, as over HTTP.
 *
 * `ginko resolve --input FILE.csv --output OUT.csv [--bank-column C] [--branch-column C]
 * [--context C]`: a whole file (resolve-file.ts), with a progress bar on a terminal and a
 * summary on stderr. Exit code 1 only when the input cannot be read.
 */
import { createReadStream, createWriteStream, fstatSync, openSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
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
  const input = opts.input;
  const output = opts.output;
  let fd: number;
  try {
    // Opened now, so that a missing or unreadable file is said before anything is loaded.
    fd = openSync(input, 'r');
  } catch (err) {
    throw new Error(`cannot read ${input}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  // The CSV reader and its Shift_JIS decoder are loaded for this command only, not by `ginko serve`.
  const { LISTED_PROBLEMS, resolveFile } = await import('./resolve-file.js');
  const { UnreadableInputError } = await import('../shared/csv-file.js');
  const snapshot = loadBundledServing();
  warmResolveIndex(snapshot);
  warmRomajiForms(snapshot);
  const bar = progressBar();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const size = fstatSync(fd).size;
  let read = 0;
  const stream = createReadStream(input, { fd });
  const chunks = (async function* () {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read += chunk.length;
      yield chunk;
    }
  })();
  // The output file is made at the first row to write: an input that cannot be read leaves none.
  let out: WriteStream | undefined;
  const write = async (text: string) => {
    out ??= createWriteStream(output);
    if (!out.write(text)) await once(out, 'drain');
  };
  let result;
  try {
    // The total is not known before the end: it is estimated from the bytes read so far.
    result = await resolveFile(snapshot, chunks, write, { bankColumn: opts.bankColumn, branchColumn: opts.branchColumn, context: opts.context, onProgress: (done) => bar.update(done, read > 0 ? Math.max(done, Math.round((done * size) / read)) : done) });
  } catch (err) {
    bar.end();
    out?.destroy();
    if (err instanceof UnreadableInputError) throw new Error(`${input}: ${err.message}`);
    throw err;
  } finally {
    stream.destroy();
  }
  await new Promise<void>((resolve, reject) => out!.end((err?: Error | null) => (err ? reject(err) : resolve())));
  bar.end();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  // CPU time too: on a busy machine the wall time says more about the other jobs.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const say = (line: string) => process.stderr.write(line + '\n');
  const n = (x: number) => x.toLocaleString('en-US');
  say(`${input}: ${result.encoding}`);
  for (const m of result.undecodable) say(`${input}:${m.line}: warning: ${m.message}`);
  if (result.undecodableCount > LISTED_PROBLEMS) say(`${input}: … ${n(result.undecodableCount - LISTED_PROBLEMS)} more lines with undecodable bytes`);
  for (const m of result.malformed) say(`${input}:${m.line}: row left out: ${m.message}`);
  if (result.malformedCount > LISTED_PROBLEMS) say(`${input}: … ${n(result.malformedCount - LISTED_PROBLEMS)} more rows left out`);
  const rate = (s: number) => n(s > 0 ? Math.round(result.rows / s) : result.rows);
  say(`${n(result.rows)} rows in ${seconds.toFixed(1)} s (${rate(seconds)} rows/s; ${cpuSeconds.toFixed(1)} s of CPU, ${rate(cpuSeconds)} rows/s), context ${opts.context}, written to ${output}`);
  const problems = [...(result.malformedCount > 0 ? [`malformed rows left out ${n(result.malformedCount)}`] : []), ...(result.undecodableCount > 0 ? [`lines with undecodable bytes ${n(result.undecodableCount)}`] : [])];
  say(DECISIONS.map((d) => `${d} ${n(result.counts[d])}`).join(', ') + (problems.length > 0 ? `; ${problems.join('; ')}` : ''));
}

/**
 * `ginko resolve BANK BRANCH [--context C] [--debug]`: the Resolve matcher offline, over the
 * bundled directory, printing the same JSON as POST /resolve/v1/bank-branch. Needs no server,
 * store or key. An empty BRANCH ("") asks for the bank's main office, as over HTTP.
 */
import { type Command, Option } from 'commander';
import { loadBundledServing } from '../dataset/bundled.js';
import { MAX_INPUT_LENGTH, resolve } from '../resolve/resolve.js';
import { RESOLVE_CONTEXTS, type ResolveContext } from '../resolve/types.js';

export function registerResolveCommand(program: Command): void {
  program
    .command('resolve')
    .description('resolve a typed bank and branch name to official codes (JSON on stdout; see docs/resolve.md)')
    .argument('<bank>', 'bank name as typed')
    .argument('<branch>', 'branch name as typed ("" for the main office)')
    .addOption(new Option('--context <context>', 'judgment policy').choices(RESOLVE_CONTEXTS).default('default'))
    .option('--debug', 'include the debug object (normalized input, scores, dataset version)', false)
    .action((bank: string, branch: string, opts: { context: ResolveContext; debug: boolean }) => {
      for (const [name, value] of [['BANK', bank], ['BRANCH', branch]] as const) {
        if ([...value].length > MAX_INPUT_LENGTH) throw new Error(`${name} is longer than ${MAX_INPUT_LENGTH} characters`);
      }
      const outcome = resolve(loadBundledServing(), { bankName: bank, branchName: branch, context: opts.context });
      const body = opts.debug ? { ...outcome.answer, debug: outcome.debug } : outcome.answer;
      process.stdout.write(JSON.stringify(body, null, 2) + '\n');
    });
}

/** The `ginko` command line (DESIGN.md §1). */
import { Command, InvalidArgumentError } from 'commander';
import { registerKeyCommands } from './keys.js';
import { addStoreOptions, envFlag } from './config.js';
import { serve } from './serve.js';

function integer(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('must be a non-negative integer');
  return n;
}

const program = new Command('ginko').description('Directory service for Japanese financial institutions and their branches');

addStoreOptions(
  program
    .command('serve')
    .description('serve the API over HTTPS')
    .option('--port <n>', 'listening port; 0 picks a free one (env GINKO_PORT)', integer, process.env.GINKO_PORT ? integer(process.env.GINKO_PORT) : 8443)
    .option('--host <address>', 'listening address (env GINKO_HOST)', process.env.GINKO_HOST ?? '127.0.0.1')
    .option('--tls-cert <file>', 'PEM certificate (env GINKO_TLS_CERT)', process.env.GINKO_TLS_CERT)
    .option('--tls-key <file>', 'PEM private key (env GINKO_TLS_KEY)', process.env.GINKO_TLS_KEY)
    .option('--trust-proxy', 'plain HTTP behind a TLS-terminating proxy (env GINKO_TRUST_PROXY=1)', envFlag('GINKO_TRUST_PROXY'))
    .option('--redis-url <url>', 'redis://… for shared rate-limit counters (env GINKO_REDIS_URL)', process.env.GINKO_REDIS_URL)
    .option('--log-level <level>', 'info, warn, error or silent (env GINKO_LOG_LEVEL)', process.env.GINKO_LOG_LEVEL ?? 'info'),
).action(async (opts) => {
  const server = await serve(opts);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

registerKeyCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`ginko: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

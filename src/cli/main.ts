/** The `ginko` command line (DESIGN.md §1). */
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_ABUSE_OPTIONS } from '../access/abuse.js';
import { registerKeyCommands } from './keys.js';
import { registerMaintenanceCommand } from './maintenance.js';
import { registerResolveCommand } from './resolve.js';
import { addStoreOptions, envFlag } from './config.js';
import { serve } from './serve.js';

function integer(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('must be a non-negative integer');
  return n;
}

function positiveInteger(value: string): number {
  const n = integer(value);
  if (n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

function envInteger(name: string, fallback: number, min = 0): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min) throw new Error(`${name} must be an integer of at least ${min}, not "${v}"`);
  return Number(v);
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
    .option('--log-level <level>', 'info, warn, error or silent (env GINKO_LOG_LEVEL)', process.env.GINKO_LOG_LEVEL ?? 'info')
    // Access control (docs/access.md)
    .option('--maintenance', 'start in maintenance mode: keyed routes answer 503 (env GINKO_MAINTENANCE=1)', envFlag('GINKO_MAINTENANCE'))
    .option('--abuse-threshold <n>', 'requests without a valid key per address or referrer per window before a block; 0 = off (env GINKO_ABUSE_THRESHOLD)', integer, envInteger('GINKO_ABUSE_THRESHOLD', DEFAULT_ABUSE_OPTIONS.threshold))
    .option('--abuse-window <seconds>', 'window in which those requests are counted (env GINKO_ABUSE_WINDOW)', positiveInteger, envInteger('GINKO_ABUSE_WINDOW', DEFAULT_ABUSE_OPTIONS.windowSeconds, 1))
    .option('--abuse-block <seconds>', 'how long an address or referrer stays blocked (env GINKO_ABUSE_BLOCK)', positiveInteger, envInteger('GINKO_ABUSE_BLOCK', DEFAULT_ABUSE_OPTIONS.blockSeconds, 1)),
).action(async (opts) => {
  const server = await serve(opts);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});

registerKeyCommands(program);
registerMaintenanceCommand(program);
registerResolveCommand(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`ginko: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

/** The `ginko` command line (README.md#configuration). */
import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_ABUSE_OPTIONS } from '../access/abuse.js';
import { DEFAULT_POLL_SECONDS } from '../history/live-dataset.js';
import { registerAccountsCommand } from './accounts.js';
import { registerAdminCommands } from './admin.js';
import { registerExportCommand } from './export.js';
import { registerImportCommand } from './import.js';
import { registerKeyCommands } from './keys.js';
import { registerMaintenanceCommand } from './maintenance.js';
import type { TrustedProxies } from '../access/trusted-proxies.js';
import { addStoreOptions, envFlag, envTrustProxy, metricsAccess, publicUrlOption, TRUST_LOOPBACK, trustProxyOption } from './config.js';
import { parseDuration } from './duration.js';
import { DEFAULT_MAX_DOWNLOAD_MIB, downloadMib, registryUrl } from './registry-config.js';
import { doctor } from './doctor.js';
import { registerResolveCommand } from './resolve.js';
import { serve } from './serve.js';
import { registerUpdateCommand } from './update.js';

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

/**
 * Problems in GINKO_* variables, found while reading them as defaults: `serve` refuses to start
 * with any, `doctor` reports each in plain words instead of stopping at the first.
 */
const envProblems: string[] = [];
const envProblem = (message: string) => {
  // The options are read once for `serve` and once for `doctor`.
  if (!envProblems.includes(message)) envProblems.push(message);
};

function envInteger(name: string, fallback: number, min = 0): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v)) || Number(v) < min) {
    envProblem(`${name} must be an integer of at least ${min}, not "${v}"`);
    return fallback;
  }
  return Number(v);
}

function envDuration(name: string): number {
  const v = process.env[name];
  if (v === undefined || v === '') return 0;
  try {
    return parseDuration(v);
  } catch (err) {
    envProblem(`${name} ${(err as Error).message}`);
    return 0;
  }
}

function envRegistry(): string | undefined {
  const v = process.env.GINKO_REGISTRY;
  if (v === undefined || v === '') return undefined;
  try {
    return registryUrl(v);
  } catch (err) {
    envProblem(`GINKO_REGISTRY ${(err as Error).message}`);
    return undefined;
  }
}

function envMetrics(): ReturnType<typeof metricsAccess> {
  try {
    return metricsAccess(process.env.GINKO_METRICS);
  } catch (err) {
    envProblem(`GINKO_METRICS ${(err as Error).message}`);
    return metricsAccess(undefined);
  }
}

function envPublicUrl(): string | undefined {
  const v = process.env.GINKO_PUBLIC_URL;
  if (v === undefined || v === '') return undefined;
  try {
    return publicUrlOption(v);
  } catch (err) {
    envProblem(`GINKO_PUBLIC_URL ${(err as Error).message}`);
    return undefined;
  }
}

function envTrustedProxies(): TrustedProxies | undefined {
  try {
    return envTrustProxy(process.env.GINKO_TRUST_PROXY);
  } catch (err) {
    envProblem(`GINKO_TRUST_PROXY: ${(err as Error).message}`);
    return undefined;
  }
}

const program = new Command('ginko').description('Directory service for Japanese financial institutions and their branches');

/** The options of `serve`, which `doctor` takes too so that it checks exactly what would run. */
const withServeOptions = (command: Command): Command =>
  addStoreOptions(
    command
      .option('--port <n>', 'listening port; 0 picks a free one (env GINKO_PORT)', integer, envInteger('GINKO_PORT', 8443))
      .option('--host <address>', 'listening address (env GINKO_HOST)', process.env.GINKO_HOST ?? '127.0.0.1')
      .option('--tls-cert <file>', 'PEM certificate (env GINKO_TLS_CERT)', process.env.GINKO_TLS_CERT)
      .option('--tls-key <file>', 'PEM private key (env GINKO_TLS_KEY)', process.env.GINKO_TLS_KEY)
      .addOption(
        new Option('--trust-proxy [list]', 'plain HTTP behind TLS-terminating proxies at these addresses/CIDRs, comma-separated; alone: the loopback only (env GINKO_TRUST_PROXY)')
          .preset(TRUST_LOOPBACK)
          .argParser(trustProxyOption)
          .default(envTrustedProxies(), 'GINKO_TRUST_PROXY or off'),
      )
      .option('--public-url <origin>', 'the origin clients reach this service at, for the links it hands out; default the listening address (env GINKO_PUBLIC_URL)', publicUrlOption, envPublicUrl())
      .option('--redis-url <url>', 'redis://… for shared rate-limit counters (env GINKO_REDIS_URL)', process.env.GINKO_REDIS_URL)
      .option('--log-level <level>', 'info, warn, error or silent (env GINKO_LOG_LEVEL)', process.env.GINKO_LOG_LEVEL ?? 'info')
      .option('--metrics <access>', 'who may read /metrics: open, key (any valid API key) or off (env GINKO_METRICS)', metricsAccess, envMetrics())
      .option('--open-zengin-json', 'serve /api/banks.json and /api/branches/{code}.json without a key too, limited per client address (env GINKO_OPEN_ZENGIN_JSON=1)', envFlag('GINKO_OPEN_ZENGIN_JSON'))
      // Access control (docs/access.md)
      .option('--maintenance', 'start in maintenance mode: keyed routes answer 503 (env GINKO_MAINTENANCE=1)', envFlag('GINKO_MAINTENANCE'))
      .option('--abuse-threshold <n>', 'requests without a valid key per address or referrer per window before a block; 0 = off (env GINKO_ABUSE_THRESHOLD)', integer, envInteger('GINKO_ABUSE_THRESHOLD', DEFAULT_ABUSE_OPTIONS.threshold))
      .option('--abuse-window <seconds>', 'window in which those requests are counted (env GINKO_ABUSE_WINDOW)', positiveInteger, envInteger('GINKO_ABUSE_WINDOW', DEFAULT_ABUSE_OPTIONS.windowSeconds, 1))
      .option('--abuse-block <seconds>', 'how long an address or referrer stays blocked (env GINKO_ABUSE_BLOCK)', positiveInteger, envInteger('GINKO_ABUSE_BLOCK', DEFAULT_ABUSE_OPTIONS.blockSeconds, 1))
      .option('--poll-interval <seconds>', 'how often to look for a snapshot imported by another process; 0 = never (env GINKO_POLL_INTERVAL)', integer, envInteger('GINKO_POLL_INTERVAL', DEFAULT_POLL_SECONDS))
      // Updates (docs/history.md#schedules)
      .option('--update-interval <duration>', 'check the registry for newer data this often, e.g. 24h, 6h, 30m; 0 = off, the default (env GINKO_UPDATE_INTERVAL)', parseDuration, envDuration('GINKO_UPDATE_INTERVAL'))
      .option('--registry <url>', 'npm registry for scheduled updates (env GINKO_REGISTRY; default: npm\'s configured registry)', registryUrl, envRegistry())
      .option('--max-download-mib <n>', `refuse an update tarball larger than this many MiB (env GINKO_MAX_DOWNLOAD_MIB; default ${DEFAULT_MAX_DOWNLOAD_MIB})`, downloadMib, envInteger('GINKO_MAX_DOWNLOAD_MIB', DEFAULT_MAX_DOWNLOAD_MIB, 1))
      // Webhooks (docs/webhooks.md#outbound-safety)
      .option('--webhook-allow-private', 'let webhooks deliver to loopback and private addresses and over http://, for tests and closed networks (env GINKO_WEBHOOK_ALLOW_PRIVATE=1)', envFlag('GINKO_WEBHOOK_ALLOW_PRIVATE')),
  );

withServeOptions(program.command('serve').description('serve the API over HTTPS')).action(async (opts) => {
  if (envProblems.length > 0) throw new Error(envProblems.join('; '));
  // Handlers first: a SIGTERM that arrives while starting (or right after "listening on" is
  // printed) waits for the start to finish and then shuts down cleanly, instead of killing the
  // process before the day's counts and key use are written.
  const started = serve(opts);
  const stop = () => {
    void started.then((server) => server.close()).then(
      () => process.exit(0),
      (err: unknown) => {
        // Said, not swallowed: exit 1 alone would not tell the operator what failed.
        console.error('ginko: shutting down failed:', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await started;
});

withServeOptions(program.command('doctor').description('check the configuration, store, Redis, certificate, dataset and data directory that `serve` would use, and say what is wrong'))
  .option('--json', 'print the results as JSON')
  .action(async (opts) => {
    process.exitCode = await doctor(opts, envProblems);
  });

registerKeyCommands(program);
registerImportCommand(program);
registerUpdateCommand(program);
registerExportCommand(program);
registerMaintenanceCommand(program);
registerResolveCommand(program);
registerAccountsCommand(program);
registerAdminCommands(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`ginko: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

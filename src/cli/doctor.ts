/**
 * `ginko doctor`: checks what `ginko serve` would use with the same flags and environment
 * (configuration, data directory, store and migrations, keys, dataset, Redis, certificate,
 * port) and says in plain words what is wrong. It changes nothing: no migration, no seeding,
 * no certificate, no file is created. Exit code 1 when any check fails
 * (docs/operations.md#ginko-doctor).
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'kysely';
import { KeyStore } from '../store/key-store.js';
import { readMaintenance } from '../store/maintenance-setting.js';
import { PlanStore } from '../store/plan-store.js';
import { buildDirectory } from '../dataset/build.js';
import { validateDirectory } from '../dataset/validate.js';
import { datasetAgeSeconds } from '../metrics/dataset-updates.js';
import { loadCurrentSnapshot } from '../history/history-store.js';
import { SEED_PACKAGES } from '../history/seed.js';
import { GENERATED_CERT, GENERATED_KEY } from '../http/edge/tls.js';
import { openStore, redactUrl, SQLITE_FILE, type SqlStore } from '../store/open.js';
import { migrationStatus } from '../store/status.js';
import { DEVELOPMENT_KEY_FILE } from './development-key.js';
import type { ServeConfig } from './serve.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  /** What was checked: `configuration`, `store`, `certificate`, … */
  readonly check: string;
  readonly status: CheckStatus;
  /** One sentence in plain words: what was found and, when it is wrong, what to do. */
  readonly message: string;
}

export interface DoctorConfig extends ServeConfig {
  readonly json?: boolean | undefined;
}

/** A certificate expiring sooner than this is a warning. */
export const CERTIFICATE_WARN_DAYS = 30;
/** A snapshot older than this (by its effective date) is worth updating: the master changes every month or two. */
export const DATASET_WARN_DAYS = 45;
/** How long doctor waits for PostgreSQL or Redis before calling it unreachable. */
export const CONNECT_TIMEOUT_MS = 3000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;
const DAY_MS = 86_400_000;

const ok = (check: string, message: string): CheckResult => ({ check, status: 'ok', message });
const warn = (check: string, message: string): CheckResult => ({ check, status: 'warn', message });
const fail = (check: string, message: string): CheckResult => ({ check, status: 'fail', message });

const reason = (err: unknown): string => {
  const e = err as NodeJS.ErrnoException & { errors?: unknown[] };
  // pg and net report "connect to a list of addresses" failures as an AggregateError without a message.
  if (!e.message && Array.isArray(e.errors) && e.errors.length > 0) return reason(e.errors[0]);
  return e.code && !String(e.message).includes(e.code) ? `${e.code}: ${e.message}` : String(e.message ?? err);
};

const day = (d: Date) => d.toISOString().slice(0, 10);

function checkConfiguration(config: DoctorConfig, envProblems: readonly string[]): CheckResult[] {
  const name = 'configuration';
  const results: CheckResult[] = envProblems.map((p) => fail(name, `${p}; serve refuses to start until it is fixed`));
  if (!LOG_LEVELS.includes(config.logLevel)) results.push(fail(name, `--log-level "${config.logLevel}" is not one of ${LOG_LEVELS.join(', ')}`));
  if (config.databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    results.push(fail(name, `--database-url must start with postgres:// (got ${redactUrl(config.databaseUrl)})`));
  }
  if (config.redisUrl !== undefined && !/^rediss?:\/\//.test(config.redisUrl)) {
    results.push(fail(name, `--redis-url must start with redis:// or rediss:// (got ${redactUrl(config.redisUrl)})`));
  }
  if (Boolean(config.tlsCert) !== Boolean(config.tlsKey)) results.push(fail(name, '--tls-cert and --tls-key must be given together'));
  if (config.trustProxy && (config.tlsCert || config.tlsKey)) results.push(warn(name, '--tls-cert and --tls-key are ignored with --trust-proxy: the proxy terminates TLS'));
  if (config.abuseThreshold === 0) results.push(warn(name, 'abuse protection is off (--abuse-threshold 0): clients without a valid key are never blocked'));
  if (config.maintenance) results.push(warn(name, 'serve would start in maintenance mode (--maintenance / GINKO_MAINTENANCE): keyed routes answer 503'));
  if ((config.metrics ?? 'open') === 'open' && !config.trustProxy && !LOOPBACK.test(config.host)) {
    results.push(warn(name, `/metrics needs no key and the server listens on ${config.host}: use --metrics key, or block /metrics in front of Ginko`));
  }
  if (results.every((r) => r.status !== 'fail')) {
    const transport = config.trustProxy ? `plain HTTP behind a TLS-terminating proxy (trusted proxies: ${config.trustProxy.rules.join(', ')})` : `HTTPS (${config.tlsCert ? 'certificate ' + config.tlsCert : 'self-signed certificate in the data directory'})`;
    const store = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `SQLite in ${config.dataDir}`;
    const limits = config.redisUrl ? `rate limits in Redis at ${redactUrl(config.redisUrl)}` : 'rate limits counted in this process';
    const links = config.publicUrl ? `; links to ${config.publicUrl}` : '';
    results.unshift(ok(name, `${transport} on ${config.host}:${config.port}; ${store}; ${limits}; /metrics ${config.metrics ?? 'open'}${links}`));
  }
  return results;
}

/** Files that hold secrets must not be readable by other users. */
function privateFile(check: string, file: string, what: string): CheckResult | undefined {
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) return warn(check, `${file} (${what}) is readable or writable by other users (mode ${mode.toString(8)}): chmod 600 it`);
  return undefined;
}

function checkDataDir(config: DoctorConfig): CheckResult[] {
  const name = 'data directory';
  const dir = resolve(config.dataDir);
  if (!existsSync(dir)) {
    const parent = dirname(dir);
    try {
      accessSync(parent, constants.W_OK | constants.X_OK);
      return [ok(name, `${dir} does not exist yet; serve creates it`)];
    } catch {
      return [fail(name, `${dir} does not exist and cannot be created: ${parent} is not writable by this user`)];
    }
  }
  if (!statSync(dir).isDirectory()) return [fail(name, `${dir} is not a directory`)];
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    return [fail(name, `${dir} is not readable and writable by this user; serve needs to write its store, certificate and key files there`)];
  }
  const results: CheckResult[] = [];
  const mode = statSync(dir).mode & 0o777;
  if (mode & 0o002) results.push(warn(name, `${dir} is writable by every user (mode ${mode.toString(8)}): chmod o-w it`));
  const secrets: [string, string][] = [
    [GENERATED_KEY, 'the TLS private key'],
    [DEVELOPMENT_KEY_FILE, 'the development API key'],
    ...(config.databaseUrl ? [] : ([[SQLITE_FILE, 'the store with its signing secrets (cursors, download URLs)']] as [string, string][])),
  ];
  for (const [file, what] of secrets) {
    const path = join(dir, file);
    if (existsSync(path)) {
      const problem = privateFile(name, path, what);
      if (problem) results.push(problem);
    }
  }
  if (existsSync(join(dir, DEVELOPMENT_KEY_FILE))) {
    results.push(warn(name, `${join(dir, DEVELOPMENT_KEY_FILE)} holds the development API key in plain text: delete it (or revoke the key) on a real deployment`));
  }
  if (results.length === 0) results.push(ok(name, `${dir} exists and is writable; secret files are private`));
  return results;
}

interface OpenedStore {
  readonly store?: SqlStore;
  /** Every migration has run, so the tables of keys and snapshots exist. */
  readonly ready: boolean;
  readonly results: CheckResult[];
}

async function openForChecks(config: DoctorConfig): Promise<OpenedStore> {
  const name = 'store';
  if (!config.databaseUrl) {
    const file = join(resolve(config.dataDir), SQLITE_FILE);
    if (!existsSync(file)) return { ready: false, results: [ok(name, `no SQLite store at ${file} yet; serve creates it, with its tables, at first start`)] };
  } else if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    return { ready: false, results: [fail(name, 'not checked: the database URL is not a postgres:// URL')] };
  }
  let store: SqlStore;
  try {
    store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, migrate: false, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    await sql`select 1`.execute(store.db);
  } catch (err) {
    const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : `the SQLite store in ${config.dataDir}`;
    return { ready: false, results: [fail(name, `cannot open ${where}: ${reason(err)}`)] };
  }
  const results: CheckResult[] = [];
  let ready = false;
  try {
    const status = await migrationStatus(store.db as never);
    ready = status.pending.length === 0;
    if (status.unknown.length > 0) {
      results.push(fail(name, `${store.location} was migrated by a newer Ginko (unknown migrations: ${status.unknown.join(', ')}); run that version or restore a backup`));
    } else if (status.pending.length > 0 && status.applied.length > 0) {
      results.push(warn(name, `${store.location} is reachable; ${status.pending.length} migration(s) will run at the next start: ${status.pending.join(', ')}`));
    } else if (status.pending.length > 0) {
      results.push(ok(name, `${store.location} is reachable and empty; serve creates its tables at first start`));
    } else {
      results.push(ok(name, `${store.location} is reachable; schema up to date (${status.applied.length} migrations)`));
    }
  } catch (err) {
    results.push(fail(name, `${store.location} is reachable but its migrations cannot be read: ${reason(err)}`));
  }
  return { store, ready, results };
}

async function checkKeysAndDataset({ store, ready, results: storeResults }: OpenedStore): Promise<CheckResult[]> {
  if (storeResults.some((r) => r.status === 'fail') && !ready) {
    return [warn('keys', 'not checked: the store cannot be read'), warn('dataset', 'not checked: the store cannot be read')];
  }
  if (!store || !ready) {
    return [
      ok('keys', 'no store yet: the first start creates the default plans and prints a development API key'),
      ok('dataset', `not loaded yet: the first start records the bundled zengin-code versions (${SEED_PACKAGES.length} snapshots) and serves the latest`),
    ];
  }
  const results: CheckResult[] = [];
  try {
    const keys = await new KeyStore(store.db).list();
    const plans = new Set((await new PlanStore(store.db).list()).map((p) => p.name));
    const active = keys.filter((k) => k.revokedAt === null);
    const orphans = active.filter((k) => !plans.has(k.plan));
    if (keys.length === 0) results.push(ok('keys', 'no API keys yet: the first start prints a development key; create real ones with `ginko keys create --plan …`'));
    else if (active.length === 0) results.push(warn('keys', `all ${keys.length} API keys are revoked: every keyed request gets 401; create one with \`ginko keys create --plan …\``));
    else results.push(ok('keys', `${active.length} active API key(s), ${keys.length - active.length} revoked; plans: ${[...plans].sort().join(', ')}`));
    for (const k of orphans) results.push(warn('keys', `key ${k.id} uses plan "${k.plan}", which does not exist: its requests get 403; \`ginko plans set ${k.plan} …\` or revoke it`));
    if (await readMaintenance(store.db)) results.push(warn('maintenance', 'maintenance mode is on in the store: keyed routes answer 503 on every server; `ginko maintenance off` ends it'));
  } catch (err) {
    results.push(fail('keys', `cannot read keys and plans: ${reason(err)}`));
  }
  try {
    const current = await loadCurrentSnapshot(store.db);
    if (!current) {
      results.push(ok('dataset', `not loaded yet: the first start records the bundled zengin-code versions (${SEED_PACKAGES.length} snapshots) and serves the latest`));
    } else {
      const directory = buildDirectory(current.raw);
      const validation = validateDirectory(directory);
      const updates = (await store.db.selectFrom('updates').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0;
      const summary = `version ${directory.version} (update ${current.updateId}): ${directory.banks.length.toLocaleString('en-US')} institutions, ${directory.branchCount.toLocaleString('en-US')} branches; ${Number(updates)} update(s) in the change history`;
      results.push(validation.ok ? ok('dataset', summary) : fail('dataset', `${summary}; it fails validation: ${validation.problems.join('; ')}`));
      const days = Math.floor(datasetAgeSeconds(directory.effectiveDate) / 86_400);
      if (days > DATASET_WARN_DAYS) {
        results.push(warn('freshness', `the current snapshot's effective date ${directory.effectiveDate} is ${days} days old (more than ${DATASET_WARN_DAYS}): run \`ginko update\`, or serve with --update-interval 24h (docs/history.md#update)`));
      }
    }
  } catch (err) {
    results.push(fail('dataset', `the current snapshot cannot be loaded: ${reason(err)}`));
  }
  return results;
}

async function checkRedis(config: DoctorConfig): Promise<CheckResult> {
  const name = 'redis';
  if (!config.redisUrl) return ok(name, 'not configured: rate limits and abuse blocks are counted in this process, so each server counts on its own');
  if (!/^rediss?:\/\//.test(config.redisUrl)) return fail(name, 'not checked: the Redis URL is not a redis:// URL');
  const where = redactUrl(config.redisUrl);
  const { Redis } = await import('ioredis');
  const client = new Redis(config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: CONNECT_TIMEOUT_MS, retryStrategy: () => null });
  let lastError: unknown;
  client.on('error', (err) => (lastError = err));
  try {
    await client.connect();
    const started = performance.now();
    await client.ping();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const version = /redis_version:(\S+)/.exec(await client.info('server'))?.[1] ?? 'unknown version';
    return ok(name, `reachable at ${where} (Redis ${version}), ping ${ms} ms`);
  } catch (err) {
    return fail(name, `cannot reach Redis at ${where}: ${reason(lastError ?? err)}. serve would still start, but each server would enforce rate limits on its own until Redis is back`);
  } finally {
    client.disconnect();
  }
}

/** Expiry and key match of a PEM certificate; `keyPem` undefined skips the match. */
export function checkCertificatePem(label: string, certPem: string, keyPem: string | undefined, now = new Date()): CheckResult {
  const name = 'certificate';
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    return fail(name, `${label} is not a PEM certificate`);
  }
  if (keyPem !== undefined) {
    let key: KeyObject;
    try {
      key = createPrivateKey(keyPem);
    } catch {
      return fail(name, `the private key for ${label} is not a readable PEM private key (or it is encrypted)`);
    }
    if (!cert.checkPrivateKey(key)) return fail(name, `the private key does not belong to ${label}`);
  }
  const from = new Date(cert.validFrom);
  const to = new Date(cert.validTo);
  const subject = cert.subject.replace(/\n/g, ', ');
  if (to.getTime() <= now.getTime()) return fail(name, `${label} (${subject}) expired on ${day(to)}: clients refuse the connection; renew it`);
  if (from.getTime() > now.getTime()) return fail(name, `${label} (${subject}) is not valid before ${day(from)}: check the clock or the certificate`);
  const daysLeft = Math.floor((to.getTime() - now.getTime()) / DAY_MS);
  if (daysLeft < CERTIFICATE_WARN_DAYS) return warn(name, `${label} (${subject}) expires in ${daysLeft} day(s), on ${day(to)}: renew it soon`);
  return ok(name, `${label} (${subject}) is valid until ${day(to)} (${daysLeft} days)`);
}

function readPem(path: string, what: string): { text?: string; problem?: string } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (err) {
    return { problem: `cannot read ${what} ${path}: ${reason(err)}` };
  }
}

function checkCertificate(config: DoctorConfig): CheckResult {
  const name = 'certificate';
  if (config.trustProxy) return ok(name, 'none needed: the proxy in front terminates TLS (--trust-proxy)');
  let certPath: string;
  let keyPath: string;
  let label: string;
  if (config.tlsCert || config.tlsKey) {
    if (!config.tlsCert || !config.tlsKey) return fail(name, 'not checked: --tls-cert and --tls-key must be given together');
    [certPath, keyPath, label] = [config.tlsCert, config.tlsKey, `the certificate ${config.tlsCert}`];
  } else {
    certPath = join(config.dataDir, GENERATED_CERT);
    keyPath = join(config.dataDir, GENERATED_KEY);
    if (!existsSync(certPath) || !existsSync(keyPath)) return ok(name, `none yet: serve creates a self-signed certificate for localhost in ${config.dataDir} at first start`);
    label = `the self-signed certificate ${certPath}`;
  }
  const cert = readPem(certPath, 'the certificate');
  if (cert.problem) return fail(name, cert.problem);
  const key = readPem(keyPath, 'the private key');
  if (key.problem) return fail(name, key.problem);
  return checkCertificatePem(label, cert.text!, key.text);
}

async function checkPort(config: DoctorConfig): Promise<CheckResult> {
  const name = 'port';
  if (config.port === 0) return ok(name, 'port 0: serve picks a free port and prints it');
  const server = createServer();
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen({ port: config.port, host: config.host, exclusive: true }, resolveListen);
    });
    return ok(name, `${config.host}:${config.port} is free`);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return warn(name, `${config.host}:${config.port} is in use (a running Ginko?); a second serve there would fail to start`);
    if (code === 'EACCES') return fail(name, `this user may not listen on port ${config.port} (ports below 1024 need privileges): choose another --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return fail(name, `${config.host} is not an address of this machine: check --host`);
    return fail(name, `cannot listen on ${config.host}:${config.port}: ${reason(err)}`);
  } finally {
    server.close();
  }
}

export async function runChecks(config: DoctorConfig, envProblems: readonly string[] = []): Promise<CheckResult[]> {
  const results = [...checkConfiguration(config, envProblems), ...checkDataDir(config)];
  const opened = await openForChecks(config);
  results.push(...opened.results);
  try {
    results.push(...(await checkKeysAndDataset(opened)));
  } finally {
    await opened.store?.close();
  }
  results.push(await checkRedis(config), checkCertificate(config), await checkPort(config));
  return results;
}

const LABELS: Readonly<Record<CheckStatus, string>> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };

export function formatResults(results: readonly CheckResult[]): string {
  const width = Math.max(...results.map((r) => r.check.length));
  const lines = results.map((r) => `${LABELS[r.status]}  ${r.check.padEnd(width)}  ${r.message}`);
  const failures = results.filter((r) => r.status === 'fail').length;
  const warnings = results.filter((r) => r.status === 'warn').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(
    '',
    failures > 0
      ? `${plural(failures, 'problem')}${warnings ? ` and ${plural(warnings, 'warning')}` : ''}: Ginko would not run correctly until the FAIL lines are fixed.`
      : warnings > 0
        ? `No problems; ${plural(warnings, 'warning')} worth a look.`
        : 'All checks passed.',
  );
  return lines.join('\n');
}

/** Runs the checks, prints them and returns the exit code: 1 when any check failed. */
export async function doctor(config: DoctorConfig, envProblems: readonly string[] = [], out: (text: string) => void = (t) => process.stdout.write(t + '\n')): Promise<number> {
  const results = await runChecks(config, envProblems);
  out(config.json ? JSON.stringify({ ok: results.every((r) => r.status !== 'fail'), checks: results }, null, 2) : formatResults(results));
  return results.some((r) => r.status === 'fail') ? 1 : 0;
}

/** An in-process Ginko on a temporary SQLite store, for `app.inject()` tests. */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AbuseOptions } from '../../src/access/abuse.js';
import type { AccessControl } from '../../src/access/access-control.js';
import { LOOPBACK_PROXIES, parseTrustedProxies, trustedProxies } from '../../src/access/trusted-proxies.js';
import { FilterTimeAllowance } from '../../src/access/filter-allowance.js';
import { openAccessControl } from '../../src/store/open-access.js';
import { Authenticator } from '../../src/access/authenticator.js';
import { KeyStore } from '../../src/store/key-store.js';
import { PlanStore } from '../../src/store/plan-store.js';
import { buildDirectory } from '../../src/dataset/build.js';
import { loadBundledDirectory } from '../../src/dataset/bundled.js';
import type { RegistryOptions } from '../../src/dataset/registry-client.js';
import type { Directory } from '../../src/dataset/directory.js';
import { SnapshotHolder } from '../../src/dataset/holder.js';
import { Snapshot } from '../../src/dataset/snapshot.js';
import { type ConsoleOptions, type ConsoleServices, openConsole } from '../../src/console/console.js';
import { type AppOptions, buildApp } from '../../src/http/app.js';
import type { EdgeTimeouts } from '../../src/http/edge/limits.js';
import type { MetricsSetup } from '../../src/http/edge/metrics.js';
import { CursorCodec } from '../../src/shared/cursor.js';
import { MasterExports } from '../../src/export/master-exports.js';
import { DownloadSigner } from '../../src/export/signed-url.js';
import { loadCurrentSnapshot, loadHistory } from '../../src/history/history-store.js';
import { HistoryView } from '../../src/history/history-view.js';
import { seedTestStore } from './seed.js';
import { openStore, SQLITE_FILE, type SqlStore } from '../../src/store/open.js';
import { sharedSecret } from '../../src/store/settings.js';
import { type DeliveryOptions, WebhookDelivery } from '../../src/delivery/webhook-delivery.js';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly store: SqlStore;
  readonly keys: KeyStore;
  readonly access: AccessControl;
  readonly directory: Directory;
  /** The app's holder: replace() swaps the served snapshot as an import would. */
  readonly snapshots: SnapshotHolder;
  /** A valid key of plan `unlimited`. */
  readonly key: string;
  /** The console's services, when the app serves the console. */
  readonly console: ConsoleServices | undefined;
  /** Webhook delivery (not started: a test calls runOnce). */
  readonly webhooks: WebhookDelivery;
  close(): Promise<void>;
}

let directory: Directory | undefined;

/** The bundled directory, built once per test process. */
export function bundledDirectory(): Directory {
  directory ??= loadBundledDirectory();
  return directory;
}

let snapshot: Snapshot | undefined;

/** The bundled directory as a Snapshot, one per test process (its indexes are built once). */
export function bundledSnapshot(): Snapshot {
  snapshot ??= new Snapshot(bundledDirectory());
  return snapshot;
}

/** Abuse protection for tests of other concerns: a threshold no test reaches. */
export const TEST_ABUSE_OPTIONS: AbuseOptions = Object.freeze({ threshold: 1_000_000, windowSeconds: 60, blockSeconds: 60 });

export interface TestAppOptions {
  /** Behind proxies: `true` for --trust-proxy alone (the loopback, where inject() comes from), or the list. */
  readonly trustProxy?: boolean | string;
  /** --public-url; default https://localhost:8443. */
  readonly publicUrl?: string;
  readonly abuse?: AbuseOptions;
  /** The clock of the JST day. */
  readonly now?: () => number;
  readonly redisUrl?: string;
  readonly redisKeyPrefix?: string;
  readonly maintenance?: boolean;
  readonly maintenancePollMs?: number;
  readonly logger?: AppOptions['logger'];
  /** Who may read /metrics (default open). */
  readonly metrics?: MetricsSetup;
  /** Run on this store (several instances on one store, or a restart); close() leaves it open. */
  readonly store?: SqlStore;
  /** Server timeouts shorter than the documented ones, for clients that trickle. */
  readonly timeouts?: EdgeTimeouts;
  /** An HTTPS listener with this certificate, as `ginko serve`'s (for tests that listen). */
  readonly https?: AppOptions['https'];
  /** Serve the operator console at /admin/ (src/http/apis/admin/), with these options. */
  readonly console?: Partial<Omit<ConsoleOptions, 'db'>>;
  /** --open-zengin-json: the zengin-code JSON files without a key too. */
  readonly openZenginJson?: boolean;
  /** The console's "check for updates now" asks this registry (test/support/registry.ts), on this app's store. */
  readonly updateRegistry?: RegistryOptions;
  /** Webhook delivery: --webhook-allow-private, a clock, the POST itself (the loop is not started: tests call runOnce). */
  readonly webhooks?: Partial<DeliveryOptions>;
}

let template: Promise<string> | undefined;

/** A SQLite store seeded with the change history, made once per test process and copied per app. */
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ginko-template-'));
    const store = await openStore({ dataDir: dir });
    await seedTestStore(store);
    await store.close();
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return template;
}

async function openSeededStore(dataDir: string): Promise<SqlStore> {
  const from = await seededTemplate();
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(join(from, SQLITE_FILE + suffix))) copyFileSync(join(from, SQLITE_FILE + suffix), join(dataDir, SQLITE_FILE + suffix));
  }
  return openStore({ dataDir });
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.store ? undefined : mkdtempSync(join(tmpdir(), 'ginko-test-'));
  const store = options.store ?? (await openSeededStore(dataDir!));
  if (options.store) await seedTestStore(store);
  await new PlanStore(store.db).ensureDefaults();
  const keys = new KeyStore(store.db);
  const auth = new Authenticator(keys);
  const { key } = await keys.create({ plan: 'unlimited', name: 'test' });
  const access = await openAccessControl({
    db: store.db,
    auth,
    abuse: options.abuse ?? TEST_ABUSE_OPTIONS,
    ...(options.now ? { now: options.now } : {}),
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    ...(options.redisKeyPrefix ? { redisKeyPrefix: options.redisKeyPrefix } : {}),
    ...(options.maintenance ? { maintenance: true } : {}),
    ...(options.maintenancePollMs ? { maintenancePollMs: options.maintenancePollMs } : {}),
  });
  const snapshots = new SnapshotHolder(new Snapshot(bundledDirectory()));
  // After an import, the served snapshot is rebuilt from the store, as the live dataset's refresh does.
  const onUpdated = async () => snapshots.replace(new Snapshot(buildDirectory((await loadCurrentSnapshot(store.db))!.raw)));
  const updates = options.updateRegistry ? { store, registry: () => options.updateRegistry!, onUpdated } : undefined;
  const operatorConsole = options.console ? await openConsole({ db: store.db, version: '0.0.0-test', storeLocation: store.location, ...(updates ? { updates } : {}), ...options.console }) : undefined;
  const webhooks = new WebhookDelivery(store.db, { allowPrivate: false, ...options.webhooks });
  const app = await buildApp(
    {
      snapshots,
      cursors: new CursorCodec(await sharedSecret(store.db, 'cursor')),
      auth,
      access,
      history: { history: new HistoryView(await loadHistory(store.db)) },
      exports: new MasterExports(store.db),
      downloads: new DownloadSigner(await sharedSecret(store.db, 'download'), (id) => keys.isActive(id)),
      trustProxy: options.trustProxy === undefined || options.trustProxy === false ? undefined : options.trustProxy === true ? trustedProxies(LOOPBACK_PROXIES) : parseTrustedProxies(options.trustProxy),
      publicUrl: () => options.publicUrl ?? 'https://localhost:8443',
      filterTime: new FilterTimeAllowance(),
      console: operatorConsole,
      openZenginJson: options.openZenginJson ?? false,
      webhooks,
    },
    { ...(options.logger === undefined ? {} : { logger: options.logger }), ...(options.metrics ? { metrics: options.metrics } : {}), ...(options.timeouts ? { timeouts: options.timeouts } : {}), ...(options.https ? { https: options.https } : {}) },
  );
  return {
    app,
    store,
    keys,
    access,
    directory: bundledDirectory(),
    snapshots,
    key,
    console: operatorConsole,
    webhooks,
    async close() {
      await webhooks.stop();
      await app.close();
      await operatorConsole?.close();
      await access.close();
      await auth.close();
      if (!options.store) {
        await store.close();
        rmSync(dataDir!, { recursive: true, force: true });
      }
    },
  };
}

/** GET with the test key in the x-api-key header; returns status and parsed JSON body. */
export async function getJson(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.key, ...headers } });
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: isJson ? JSON.parse(res.body) : res.body, headers: res.headers };
}

/** The parts of an error or batch answer's JSON body the tests read by name. */
export interface AnswerBody {
  request_id?: string;
  detail?: unknown;
  message?: string;
  results?: unknown[];
}

/**
 * POST with the test key (`key: null` sends none): a string or Buffer payload is sent as it is,
 * anything else as JSON; returns status, headers and the parsed body.
 */
export async function postJson<B = Record<string, unknown>>(
  t: TestApp,
  url: string,
  payload: unknown,
  { key = t.key, headers = {} }: { key?: string | null; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: B; headers: Record<string, unknown> }> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }), ...headers },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) as B };
}

/** A JSON body read by path (`body.webhook.id`): `any`, because the tests read bodies of many shapes and assert them whole. */
export type Json = Record<string, any>;

/**
 * A request with `key` (the test key unless given) and, when `body` is given, a JSON body (a
 * string is sent as it is); returns status, headers, the text and the body parsed ({} when empty).
 */
export async function callJson(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  { key = t.key, body }: { key?: string; body?: unknown } = {},
): Promise<{ status: number; body: Json; headers: Record<string, unknown>; text: string }> {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Json) : {}, headers: res.headers, text: res.body };
}

/** An error body without its request_id, once that is checked to be the x-request-id header's. */
export function withoutRequestId<B extends { request_id?: unknown }>(res: { status: number; body: B; headers: Record<string, unknown> }): Omit<B, 'request_id'> {
  const { request_id: id, ...rest } = res.body;
  if (res.status >= 400) assert.equal(id, res.headers['x-request-id']);
  return rest;
}

/** The Search error resource expected for a 400 naming one parameter. */
export function invalidParam(paramName: string, invalidValue: string, message: string) {
  return { httpStatusCode: 400, code: 'INVALID_PARAMETER', message, validationErrors: [{ message, paramName, invalidValue }] };
}

/** `ginko serve`: the composition root of the running service. */
import { RESOLVE_INDEX } from '../resolve/resolve-index.js';
import { FREEWORD_INDEX } from '../search/freeword/index.js';
import { DEFAULT_POLL_SECONDS, LiveDataset } from '../history/live-dataset.js';
import { ensureSeeded } from '../history/seed.js';
import { MasterExports } from '../export/master-exports.js';
import { DownloadSigner } from '../export/signed-url.js';
import { DEFAULT_ABUSE_OPTIONS } from '../access/abuse.js';
import { openAccessControl } from '../store/open-access.js';
import { Authenticator } from '../access/authenticator.js';
import { FilterTimeAllowance } from '../access/filter-allowance.js';
import type { TrustedProxies } from '../access/trusted-proxies.js';
import { KeyStore } from '../store/key-store.js';
import { ensureDevelopmentKey } from './development-key.js';
import { PlanStore } from '../store/plan-store.js';
import { openConsole } from '../console/console.js';
import { buildApp } from '../http/app.js';
import { GINKO_VERSION } from '../package-root.js';
import type { MetricsAccess } from '../http/edge/metrics.js';
import { loadOrCreateCertificate } from '../http/edge/tls.js';
import { CursorCodec } from '../shared/cursor.js';
import { LogSink } from '../logging/log-sink.js';
import { registerLogLinesDropped } from '../metrics/log-lines-dropped.js';
import { openStore } from '../store/open.js';
import { sharedSecret } from '../store/settings.js';
import { CHECK_OUTCOMES, UpdateSchedule } from '../history/update-schedule.js';
import { registerDatasetUpdateMetrics } from '../metrics/dataset-updates.js';
import { registryOptions } from './registry-config.js';
import type { StoreConfig } from './config.js';
import { WebhookDelivery } from '../delivery/webhook-delivery.js';

export interface ServeConfig extends StoreConfig {
  readonly port: number;
  readonly host: string;
  readonly tlsCert?: string | undefined;
  readonly tlsKey?: string | undefined;
  /** The TLS-terminating proxies in front (--trust-proxy); undefined: HTTPS served directly. */
  readonly trustProxy?: TrustedProxies | undefined;
  /** The origin clients reach the service at (--public-url); default the listening address. */
  readonly publicUrl?: string | undefined;
  readonly redisUrl?: string | undefined;
  readonly logLevel: string;
  /** Who may read /metrics (docs/operations.md#metrics); default open. */
  readonly metrics?: MetricsAccess | undefined;
  // Access control (docs/access.md): maintenance for this process, keyless-abuse protection.
  readonly maintenance?: boolean | undefined;
  readonly abuseThreshold?: number | undefined;
  readonly abuseWindow?: number | undefined;
  readonly abuseBlock?: number | undefined;
  /** Seconds between looks for a snapshot imported by another process; 0 = never. */
  readonly pollInterval?: number | undefined;
  /** Milliseconds between scheduled update checks (docs/history.md#schedules); 0 or absent = off. */
  readonly updateInterval?: number | undefined;
  /** Registry for those checks; default GINKO_REGISTRY, then npm's configuration. */
  readonly registry?: string | undefined;
  /** Webhooks may deliver to loopback and private addresses, and over http:// (docs/webhooks.md#outbound-safety). */
  readonly webhookAllowPrivate?: boolean | undefined;
  /** Serve the zengin-code JSON files without a key too (docs/search-api.md#the-zengin-code-json-shape). */
  readonly openZenginJson?: boolean | undefined;
  /** The download cap of those checks' tarballs, in MiB; default GINKO_MAX_DOWNLOAD_MIB, then 32. */
  readonly maxDownloadMib?: number | undefined;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function serve(config: ServeConfig, out: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<RunningServer> {
  const started = performance.now();
  const store = await openStore(config);
  const plans = new PlanStore(store.db);
  await plans.ensureDefaults();
  const keys = new KeyStore(store.db);
  const seeded = await ensureSeeded(store);
  if (seeded) out('Seeded the change history from the bundled zengin-code versions');
  const live = await LiveDataset.open(store, seeded);
  const snapshots = live.snapshots;
  const cursors = new CursorCodec(await sharedSecret(store.db, 'cursor'));
  const auth = new Authenticator(keys);
  const access = await openAccessControl({
    db: store.db,
    auth,
    redisUrl: config.redisUrl,
    maintenance: config.maintenance ?? false,
    abuse: {
      threshold: config.abuseThreshold ?? DEFAULT_ABUSE_OPTIONS.threshold,
      windowSeconds: config.abuseWindow ?? DEFAULT_ABUSE_OPTIONS.windowSeconds,
      blockSeconds: config.abuseBlock ?? DEFAULT_ABUSE_OPTIONS.blockSeconds,
    },
  });

  await ensureDevelopmentKey(store.db, keys, config.dataDir, out);

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const operatorConsole = await openConsole({
    db: store.db,
    version: GINKO_VERSION,
    storeLocation: store.location,
    onError: (err, what) => app?.log.error({ err }, what),
    // The Data page's "check for updates now": the registry of `ginko update` and scheduled checks.
    updates: { store, registry: () => registryOptions(config.registry, config.maxDownloadMib), onUpdated: () => live.refresh() },
  });

  const tls = config.trustProxy ? undefined : await loadOrCreateCertificate(config.dataDir, { cert: config.tlsCert, key: config.tlsKey });
  if (tls?.generated) out(`Generated a self-signed certificate for localhost: ${tls.certPath}`);

  // The log goes to stdout without making responses wait, and within a bound in memory.
  const logSink = new LogSink();
  // Set to the listening address once it is known, unless --public-url names another.
  let publicUrl = config.publicUrl ?? '';
  const webhooks = new WebhookDelivery(store.db, { allowPrivate: config.webhookAllowPrivate ?? false, log: (level, message, detail) => app?.log[level](detail ?? {}, message) });
  app = await buildApp(
    { snapshots, cursors, auth, access, console: operatorConsole, history: live, exports: new MasterExports(store.db), downloads: new DownloadSigner(await sharedSecret(store.db, 'download'), (id) => keys.isActive(id)), trustProxy: config.trustProxy, publicUrl: () => publicUrl, filterTime: new FilterTimeAllowance(), openZenginJson: config.openZenginJson ?? false, webhooks },
    { logger: { level: config.logLevel, stream: logSink }, metrics: { access: config.metrics ?? 'open', processMetrics: true }, ...(tls ? { https: tls } : {}) },
  );
  registerLogLinesDropped(app.metrics.registry, () => logSink.dropped);
  access.log = (level, message, detail) => app.log[level](detail ?? {}, message);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const scheme = tls ? 'https' : 'http';
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `${scheme}://${host}:${port}`;
  if (config.publicUrl === undefined) publicUrl = url;
  out(`Ginko ${snapshots.current.version} listening on ${url}`);
  // Build the freeword index (about 150 ms) and the Resolve index's bank level (30–105 ms) now,
  // in steps between requests, rather than in the first search or Resolve call.
  snapshots.current.warm(FREEWORD_INDEX);
  snapshots.current.prepare(RESOLVE_INDEX);
  snapshots.onReplace((snapshot) => {
    const d = snapshot.directory;
    app.log.info({ version: d.version, banks: d.banks.length, branches: d.branchCount }, 'switched to a new dataset snapshot');
    snapshot.warm(FREEWORD_INDEX);
    snapshot.prepare(RESOLVE_INDEX);
  });
  live.onError = (err) => app.log.error({ err }, 'could not load the current dataset snapshot; still serving the previous one');
  live.startPolling(config.pollInterval ?? DEFAULT_POLL_SECONDS);
  const updateInterval = config.updateInterval ?? 0;
  const updateRegistry = updateInterval > 0 ? registryOptions(config.registry, config.maxDownloadMib) : undefined;
  const updates = updateRegistry ? new UpdateSchedule(store, { intervalMs: updateInterval, registry: updateRegistry }) : undefined;
  const updateMetrics = registerDatasetUpdateMetrics(
    app.metrics.registry,
    { effectiveDate: () => snapshots.current.directory.effectiveDate, lastSuccessAt: () => updates?.lastSuccessAt },
    CHECK_OUTCOMES,
  );
  if (updates) {
    updates.onUpdated = () => live.refresh();
    updates.onCheck = (outcome, message) => {
      updateMetrics.checked(outcome);
      const detail = { outcome, ...(message ? { detail: message } : {}) };
      if (outcome === 'updated') app.log.info(detail, 'dataset update check: imported a newer snapshot');
      else if (outcome === 'current' || outcome === 'skipped') app.log.debug(detail, 'dataset update check');
      else app.log.error(detail, 'dataset update check failed; still serving the current snapshot, next try at the next interval');
    };
    await updates.start();
    app.log.info({ everySeconds: updateInterval / 1000, registry: updateRegistry?.registry }, 'scheduled dataset updates are on');
  }
  // Webhook events are delivered by every replica, each event by one at a time (docs/webhooks.md#delivery).
  webhooks.start();
  if (config.webhookAllowPrivate) app.log.warn('webhooks may deliver to loopback and private addresses and over plain http (--webhook-allow-private)');
  app.log.info({ url, store: store.location, version: snapshots.current.version, readyMs: Math.round(performance.now() - started) }, 'ginko ready');
  if (!access.parts.counters.connected) {
    app.log.warn('Redis is not reachable: rate limits are enforced per server (in-memory insurance) until it is');
  }
  if (access.maintenance) app.log.warn('maintenance mode is on: keyed routes answer 503');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Every step is taken even when one before it failed (the database gone, say): the others
      // still write what they hold, and the log gets its last lines, the failure's among them.
      const steps = [() => live.stop(), () => updates?.stop(), () => webhooks.stop(), () => app.close(), () => operatorConsole.close(), () => access.close(), () => auth.close(), () => store.close()];
      const failures: unknown[] = [];
      for (const step of steps) {
        try {
          await step();
        } catch (err) {
          failures.push(err);
          app.log.error({ err }, 'shutting down: a step failed');
        }
      }
      // Last, so that the lines of the shutdown itself are written too.
      await logSink.close();
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, `${failures.length} steps of shutting down failed`);
    })());
  return { url, port, close };
}

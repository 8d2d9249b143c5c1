/** Everything the HTTP layer needs, assembled once by the composition root (src/cli/serve.ts). */
import type { AccessControl } from '../access/access-control.js';
import type { Authenticator } from '../access/authenticator.js';
import type { FilterTimeAllowance } from '../access/filter-allowance.js';
import type { TrustedProxies } from '../access/trusted-proxies.js';
import type { SnapshotHolder } from '../dataset/holder.js';
import type { DownloadSigner } from '../export/signed-url.js';
import type { MasterExports } from '../export/master-exports.js';
import type { ConsoleServices } from '../console/console.js';
import type { HistoryView } from '../history/history-view.js';
import type { CursorCodec } from '../shared/cursor.js';
import type { WebhookDelivery } from '../delivery/webhook-delivery.js';

export interface AppServices {
  /** The dataset version served now, with everything derived from it (src/dataset/snapshot.ts). */
  readonly snapshots: SnapshotHolder;
  readonly cursors: CursorCodec;
  readonly auth: Authenticator;
  /** The change history of the live dataset (src/history/live-dataset.ts); `history` is read per request. */
  readonly history: { readonly history: HistoryView };
  /** Master Export files and their signed download URLs. */
  readonly exports: MasterExports;
  readonly downloads: DownloadSigner;
  /** Maintenance, keys, restrictions, abuse protection and rate limits of keyed routes (access-guard.ts). */
  readonly access: AccessControl;
  /** The operator console and its usage counts (src/http/apis/admin/); absent, there is no console. */
  readonly console?: ConsoleServices | undefined;
  /**
   * Plain HTTP behind these TLS-terminating proxies (--trust-proxy), which set X-Forwarded-Proto
   * and X-Forwarded-For (edge/client-address.ts); undefined: HTTPS served directly.
   */
  readonly trustProxy: TrustedProxies | undefined;
  /** Filter evaluation time per API key (src/access/filter-allowance.ts). */
  readonly filterTime: FilterTimeAllowance;
  /** The origin clients reach the service at (--public-url): links handed out are built from it. */
  readonly publicUrl: () => string;
  /** Serve the zengin-code JSON files without a key too (--open-zengin-json; docs/search-api.md#the-zengin-code-json-shape). */
  readonly openZenginJson?: boolean;
  /** Webhooks, their outbox and delivery (the Watch API, docs/webhooks.md); its options say whether private receivers are allowed. */
  readonly webhooks: WebhookDelivery;
}

/** Everything the HTTP layer needs, assembled once by the composition root (src/cli/serve.ts). */
import type { AccessControl } from '../access/access-control.js';
import type { Authenticator } from '../access/authenticator.js';
import type { DirectoryHolder } from '../dataset/holder.js';
import type { CursorCodec } from '../search/cursor.js';

export interface AppServices {
  readonly directories: DirectoryHolder;
  readonly cursors: CursorCodec;
  readonly auth: Authenticator;
  /** Maintenance, keys, restrictions, abuse protection and rate limits of keyed routes (access-guard.ts). */
  readonly access: AccessControl;
  /** Plain HTTP behind a TLS-terminating proxy that sets X-Forwarded-Proto. */
  readonly trustProxy: boolean;
}

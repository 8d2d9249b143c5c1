/** Everything the HTTP layer needs, assembled once by the composition root (src/cli/serve.ts). */
import type { Authenticator } from '../access/authenticator.js';
import type { DirectoryHolder } from '../dataset/holder.js';
import type { CursorCodec } from '../search/cursor.js';

export interface AppServices {
  readonly directories: DirectoryHolder;
  readonly cursors: CursorCodec;
  readonly auth: Authenticator;
  /** Plain HTTP behind a TLS-terminating proxy that sets X-Forwarded-Proto. */
  readonly trustProxy: boolean;
}

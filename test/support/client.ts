/**
 * A Ginko in process listening on a random port over HTTPS, and @ginko/client
 * (clients/typescript) pointed at it, for the client's tests.
 */
import { loadOrCreateCertificate } from '../../src/http/edge/tls.js';
import { createGinkoClient, type GinkoClient, type GinkoClientOptions } from '../../clients/typescript/src/index.js';
import { startTestApp, type TestApp, type TestAppOptions } from './app.js';
import { httpsFetch } from './https-fetch.js';

export interface ServedClient {
  readonly t: TestApp;
  /** `https://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** Fetch trusting the server's certificate. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** A client with the app's `unlimited` key. */
  readonly ginko: GinkoClient;
  /** Another client of the same server: another key, or none, or other back-off. */
  client(options?: Partial<GinkoClientOptions>): GinkoClient;
  close(): Promise<void>;
}

export async function serveForClient(certDir: string, options: TestAppOptions = {}): Promise<ServedClient> {
  const { cert, key } = await loadOrCreateCertificate(certDir);
  const t = await startTestApp({ ...options, https: { cert, key } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const baseUrl = `https://127.0.0.1:${port}`;
  const fetch = httpsFetch(cert);
  const client = (more: Partial<GinkoClientOptions> = {}) => createGinkoClient({ baseUrl, apiKey: t.key, fetch, ...more });
  return { t, baseUrl, fetch, ginko: client(), client, close: () => t.close() };
}

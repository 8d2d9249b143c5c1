/**
 * A fetch over node:https that trusts one certificate (a test server's self-signed one), for
 * clients that take a fetch function (@ginko/client): Node's own fetch cannot be given a CA
 * without the undici package. It connects to the URL's address and checks the certificate
 * against `localhost`, the name Ginko's generated certificate carries.
 */
import { request as httpsRequest } from 'node:https';

export function httpsFetch(ca: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpsRequest(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: request.method, headers: Object.fromEntries(request.headers), ca, servername: 'localhost' },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
            const status = res.statusCode ?? 0;
            // The Fetch standard allows no body on these.
            const empty = request.method === 'HEAD' || [204, 205, 304].includes(status);
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

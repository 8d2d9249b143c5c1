/** One HTTPS request to a real Ginko, trusting its own (self-signed) certificate. */
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';

export interface HttpsAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers: IncomingHttpHeaders;
}

export function httpsGet(url: string, ca: string, headers: Record<string, string> = {}): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

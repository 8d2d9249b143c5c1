/**
 * The HTTPS certificate: the operator's files when given, else a self-signed certificate for
 * localhost created once in the data directory and reused (so clients can pin it).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileWhole } from '../../shared/whole-file.js';

export interface TlsFiles {
  readonly cert: string;
  readonly key: string;
}

export const GENERATED_CERT = 'tls-cert.pem';
export const GENERATED_KEY = 'tls-key.pem';
const VALIDITY_DAYS = 825;

export async function loadOrCreateCertificate(dataDir: string, given?: { cert?: string | undefined; key?: string | undefined }): Promise<TlsFiles & { generated: boolean; certPath: string }> {
  if (given?.cert || given?.key) {
    if (!given.cert || !given.key) throw new Error('--tls-cert and --tls-key must be given together');
    return { cert: readFileSync(given.cert, 'utf8'), key: readFileSync(given.key, 'utf8'), generated: false, certPath: given.cert };
  }
  const certPath = join(dataDir, GENERATED_CERT);
  const keyPath = join(dataDir, GENERATED_KEY);
  if (existsSync(certPath) && existsSync(keyPath)) {
    return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8'), generated: false, certPath };
  }
  mkdirSync(dataDir, { recursive: true });
  const now = new Date();
  // Loaded only on the first start of a data directory: every later start reads the files.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + VALIDITY_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  // The key first: a start finds a certificate only once its key is there too.
  writeFileWhole(keyPath, pems.private, 0o600);
  writeFileWhole(certPath, pems.cert);
  return { cert: pems.cert, key: pems.private, generated: true, certPath };
}

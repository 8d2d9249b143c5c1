/** An in-process Ginko on a temporary SQLite store, for `app.inject()` tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Authenticator } from '../../src/access/authenticator.js';
import { KeyStore } from '../../src/access/key-store.js';
import { PlanStore } from '../../src/access/plans.js';
import { loadBundledDirectory } from '../../src/dataset/bundled.js';
import type { Directory } from '../../src/dataset/directory.js';
import { DirectoryHolder } from '../../src/dataset/holder.js';
import { buildApp } from '../../src/http/app.js';
import { CursorCodec } from '../../src/search/cursor.js';
import { openStore, type SqlStore } from '../../src/store/open.js';
import { sharedSecret } from '../../src/store/settings.js';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly store: SqlStore;
  readonly keys: KeyStore;
  readonly directory: Directory;
  /** A valid key of plan `unlimited`. */
  readonly key: string;
  close(): Promise<void>;
}

let directory: Directory | undefined;

/** The bundled directory, built once per test process. */
export function bundledDirectory(): Directory {
  directory ??= loadBundledDirectory();
  return directory;
}

export async function startTestApp(options: { trustProxy?: boolean } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ginko-test-'));
  const store = await openStore({ dataDir });
  await new PlanStore(store.db).ensureDefaults();
  const keys = new KeyStore(store.db);
  const auth = new Authenticator(keys);
  const { key } = await keys.create({ plan: 'unlimited', name: 'test' });
  const app = await buildApp({
    directories: new DirectoryHolder(bundledDirectory()),
    cursors: new CursorCodec(await sharedSecret(store.db, 'cursor')),
    auth,
    trustProxy: options.trustProxy ?? false,
  });
  return {
    app,
    store,
    keys,
    directory: bundledDirectory(),
    key,
    async close() {
      await app.close();
      await auth.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET with the test key in the x-api-key header; returns status and parsed JSON body. */
export async function getJson(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.key, ...headers } });
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: isJson ? JSON.parse(res.body) : res.body, headers: res.headers };
}

/** The Search error resource expected for a 400 naming one parameter. */
export function invalidParam(paramName: string, invalidValue: string, message: string) {
  return { httpStatusCode: 400, code: 'INVALID_PARAMETER', message, validationErrors: [{ message, paramName, invalidValue }] };
}

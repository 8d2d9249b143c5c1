/**
 * One suite run against each SQL store: a new SQLite file and a new PostgreSQL database (skipped
 * with a message when PostgreSQL is absent outside CI). test/store.test.ts,
 * test/console.store.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import { openStore, type SqlStore } from '../../src/store/open.js';
import { createPostgresDatabase } from './services.js';

type Opened = { store: SqlStore; cleanup: () => Promise<void> } | { skip: string };

const STORES: readonly [string, () => Promise<Opened>][] = [
  [
    'SQLite',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ginko-store-'));
      return { store: await openStore({ dataDir }), cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const database = await createPostgresDatabase();
      if ('skip' in database) return database;
      return { store: await openStore({ dataDir: '/nonexistent', databaseUrl: database.url }), cleanup: () => database.drop() };
    },
  ],
];

/** The store of the running suite, or why it is skipped. */
export interface SuiteStore {
  readonly store: SqlStore | undefined;
  readonly skip: string | undefined;
}

/** `describe(`${title} on SQLite`)` and `… on PostgreSQL`, each with its own store opened before and closed after. */
export function onEachStore(title: string, body: (s: SuiteStore) => void): void {
  for (const [name, open] of STORES) {
    describe(`${title} on ${name}`, () => {
      const s: { store: SqlStore | undefined; skip: string | undefined } = { store: undefined, skip: undefined };
      let cleanup = async () => {};
      before(async () => {
        const opened = await open();
        if ('skip' in opened) s.skip = opened.skip;
        else ({ store: s.store, cleanup } = opened);
      });
      after(async () => {
        await s.store?.close();
        await cleanup();
      });
      body(s);
    });
  }
}

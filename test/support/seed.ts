/**
 * Seeding for tests: the seed versions are read, built and diffed once per test process and kept,
 * since a test file seeds many stores (the server itself keeps nothing once seeded:
 * src/history/seed.ts).
 */
import { ensureSeeded, type Seeded, seedSteps, seedUpdates } from '../../src/history/seed.js';
import type { SeedUpdate } from '../../src/history/seed-update.js';
import type { SqlStore } from '../../src/store/open.js';

let kept: readonly SeedUpdate[] | undefined;

export function seedTestStore(store: SqlStore): Promise<Seeded | undefined> {
  return ensureSeeded(store, () => (kept ??= [...seedUpdates(seedSteps())]));
}

/**
 * Seeding for tests: the seed versions are read and built once per test process and kept, since
 * a test file seeds many stores (the server itself keeps nothing once seeded: src/history/seed.ts).
 */
import { ensureSeeded, type Seeded, type SeedStep, seedSteps } from '../../src/history/seed.js';
import type { SqlStore } from '../../src/store/open.js';

let kept: readonly SeedStep[] | undefined;

export function seedTestStore(store: SqlStore): Promise<Seeded | undefined> {
  return ensureSeeded(store, () => (kept ??= [...seedSteps()]));
}

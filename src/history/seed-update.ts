/** One seed version as a first start writes it (src/history/seed.ts, prepared-seed.ts). */
import type { Directory } from '../dataset/directory.js';
import type { NewUpdate } from './history-store.js';

export interface SeedUpdate {
  /** Its update's values and changes; the write adds which update it follows. */
  readonly update: Omit<NewUpdate, 'expectedPreviousSeq' | 'now'>;
  /** Its directory, built if it was not already; a seeding asks only the last one's. */
  directory(): Directory;
}

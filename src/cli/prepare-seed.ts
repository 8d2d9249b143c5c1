/**
 * `node dist/prepare-seed.cjs DIR`, run by scripts/build.mjs and then removed: writes the seed a
 * first start writes (src/history/prepared-seed.ts), computed from the installed versions.
 */
import { writePreparedSeed } from '../history/prepared-seed.js';
import { SEED_PACKAGES, seedSteps, seedUpdates } from '../history/seed.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: prepare-seed DIR');
writePreparedSeed(dir, SEED_PACKAGES, seedUpdates(seedSteps()));

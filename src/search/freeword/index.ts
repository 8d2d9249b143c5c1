/** Freeword search: docs/freeword.md. */
export { FREEWORD_INDEX, FreewordIndex, freewordIndexOf, normalizeFreeword } from './freeword-index.js';
export { EXACT, INFIX, NO_MATCH, PREFIX } from './rank.js';

/** Characters of `freeword` accepted; longer is a 400 (docs/freeword.md#errors). */
export const FREEWORD_MAX_LENGTH = 100;

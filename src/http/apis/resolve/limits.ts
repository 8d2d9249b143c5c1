/** The Resolve API's limits, each declared once (docs/limits.md lists them with their errors). */
import { MAX_INPUT_LENGTH } from '../../../resolve/resolve.js';

/** Longest bank or branch name, in characters (code points). */
export const MAX_NAME_LENGTH = MAX_INPUT_LENGTH;
/** Two names of at most 200 characters fit many times over; anything larger is not a resolve request. */
export const RESOLVE_BODY_LIMIT = 16 * 1024;
/** Items of one batch. */
export const MAX_BATCH_ITEMS = 1000;
/** 1,000 pairs of names at their longest (200 characters of 3-byte UTF-8 each) fit. */
export const RESOLVE_BATCH_BODY_LIMIT = 2 * 1024 * 1024;
/** A batch item's id is echoed back as given; longer ones are not ids. */
export const MAX_ID_LENGTH = 100;
/** The most characters of an offending value a 422 echoes. */
export const MAX_ECHO_CHARACTERS = 100;

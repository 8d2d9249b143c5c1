/** The limits of POST /accounts/v1/validate, each declared once (docs/limits.md lists them with their errors). */
import { MAX_BATCH_ITEMS, MAX_NAME_LENGTH } from '../resolve/limits.js';

/** Records of one request: as many as a Resolve batch. */
export const MAX_PAYEE_ITEMS = MAX_BATCH_ITEMS;
/** Longest bank or branch name, as Resolve's. */
export const MAX_PAYEE_NAME_LENGTH = MAX_NAME_LENGTH;
/** Longest code, account type or number field: well past any form the check reads (full-width digits, dashes). */
export const MAX_PAYEE_CODE_LENGTH = 20;
/** Longest 記号 field, which may carry its 番号 with separators (14030-12345671). */
export const MAX_PAYEE_SYMBOL_LENGTH = 40;
/** Longest holder name: beyond the 30 characters a transfer allows, so that the check can say so (holder_kana_too_long). */
export const MAX_HOLDER_KANA_LENGTH = 100;
/** 1,000 records with every field at its longest (3-byte UTF-8) fit. */
export const ACCOUNTS_BODY_LIMIT = 4 * 1024 * 1024;

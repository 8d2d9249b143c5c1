/** The paging limits shared by every list and freeword operation (docs/search-api.md#parameters). */
export const MAX_LIMIT = 2000;
export const DEFAULT_LIMIT = 20;
export const DEFAULT_BUSINESS_TYPES_LIMIT = 2000;

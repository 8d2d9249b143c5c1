/** The filter language: docs/filter.md. */
export { compileFilter, type CompiledFilter } from './compile.js';
export { FilterError } from './filter-error.js';
export { FILTER_LIMITS } from './limits.js';

// TEMPORARY until src/search/filter lands.
export class FilterError extends Error { readonly position = 0; }
export function compileFilter<T>(text: string, _s: readonly string[]): { text: string; test(r: T): boolean } { throw new FilterError('filter not implemented: ' + text); }

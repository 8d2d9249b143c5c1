/** Types of bin/code-cache.js for the tests. */
export declare function runBundle(bundle: string, cacheDir: string, writeAfterMs?: number): 'used' | 'refused' | 'absent';

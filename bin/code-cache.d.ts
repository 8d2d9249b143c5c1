/** Types of bin/code-cache.js for the tests. */
export declare const WRITE_AFTER_MS: number;
export declare function runBundle(bundle: string, cacheDir: string, writeAfterMs?: number): 'used' | 'refused' | 'absent';

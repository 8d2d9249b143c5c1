/** Types of bin/code-cache.js for the tests. */
export declare function runBundle(bundle: string, cacheDir: string): 'used' | 'refused' | 'absent';

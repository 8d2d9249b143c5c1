/** Types of bin/bundle-freshness.js for the bench and the tests. */
export declare const ROOT: string;
export declare const BUNDLE: string;
export declare function bundleStaleness(root?: string): string | undefined;

/**
 * Which API a request went to and how it ended, as the console's usage counts split them. Pure:
 * a URL path and a status in, labels out.
 */

export const USAGE_APIS = ['search', 'history', 'resolve', 'export', 'watch'] as const;
export type UsageApi = (typeof USAGE_APIS)[number];

export const USAGE_OUTCOMES = ['2xx', '4xx', '429', '5xx'] as const;
export type UsageOutcome = (typeof USAGE_OUTCOMES)[number];

/** The key label of requests without a valid key. */
export const NO_KEY = '-';

/** The API of a request path, or undefined for what is not one of them (health, docs, console). */
export function usageApi(url: string): UsageApi | undefined {
  // The ゆうちょ and kana APIs and the zengin-code JSON files count in the Search bucket (docs/access.md).
  if (url.startsWith('/v1/') || url.startsWith('/v2/') || url.startsWith('/v3/') || url.startsWith('/yucho/') || url.startsWith('/kana/') || url.startsWith('/api/')) return 'search';
  if (url.startsWith('/history/')) return 'history';
  // Payee checks count with Resolve (docs/access.md).
  if (url.startsWith('/resolve/') || url.startsWith('/accounts/')) return 'resolve';
  if (url.startsWith('/master/')) return 'export';
  if (url.startsWith('/watch/')) return 'watch';
  return undefined;
}

export function usageOutcome(status: number): UsageOutcome | undefined {
  if (status === 429) return '429';
  if (status >= 200 && status < 400) return '2xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500) return '5xx';
  return undefined;
}

/**
 * Pattern matching of `==` and `!=` (docs/filter.md#grammar): `_` is exactly one character and `*`
 * any run of characters. A two-pointer matcher over code points: O(text × pattern) at worst,
 * no regular expression, so no pattern can make it backtrack exponentially.
 */
export function hasWildcard(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('_');
}

export function wildcardMatcher(pattern: string): (text: string) => boolean {
  // The common shapes without `_` are plain string tests.
  if (!pattern.includes('_')) {
    const parts = pattern.split('*');
    if (parts.length === 2 && parts[1] === '') return (t) => t.startsWith(parts[0]!);
    if (parts.length === 2 && parts[0] === '') return (t) => t.endsWith(parts[1]!);
    if (parts.length === 3 && parts[0] === '' && parts[2] === '') return (t) => t.includes(parts[1]!);
  }
  const p = Array.from(pattern);
  return (value: string) => {
    const t = Array.from(value);
    let ti = 0;
    let pi = 0;
    let starAt = -1;
    let resumeAt = 0;
    while (ti < t.length) {
      if (pi < p.length && (p[pi] === '_' || (p[pi] !== '*' && p[pi] === t[ti]))) {
        ti++;
        pi++;
      } else if (pi < p.length && p[pi] === '*') {
        starAt = pi++;
        resumeAt = ti;
      } else if (starAt >= 0) {
        pi = starAt + 1;
        ti = ++resumeAt;
      } else {
        return false;
      }
    }
    while (pi < p.length && p[pi] === '*') pi++;
    return pi === p.length;
  };
}

/**
 * Where each comparison of an expression starts, for error messages: the parser's tree has no
 * positions, and its comparisons come in text order, so the k-th start found here is the k-th
 * comparison of the tree.
 */
const BOUNDARY = /[\s(;,]/;
const COMPARISON_HEAD = /^[^\s"'();,=!~<>]+\s*(?:=[a-z]*=|!=|<=?|>=?)\s*/;

export interface ComparisonPosition {
  /** 0-based index of the selector. */
  readonly start: number;
  /** 0-based index where the arguments begin. */
  readonly argumentsStart: number;
}

export function comparisonPositions(text: string): ComparisonPosition[] {
  const found: ComparisonPosition[] = [];
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      continue;
    }
    if (i > 0 && !BOUNDARY.test(text[i - 1]!)) continue;
    const head = COMPARISON_HEAD.exec(text.slice(i, i + 200));
    if (!head) continue;
    found.push({ start: i, argumentsStart: i + head[0].length });
    i += head[0].length - 1;
  }
  return found;
}

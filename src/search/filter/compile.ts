/**
 * Compiles a filter expression (docs/filter.md) once per request into a predicate over records of
 * the in-memory directory. @rsql/parser reads the grammar (operators, `;`/`and`, `,`/`or`,
 * precedence, parentheses, quoting rules 1–4); this wrapper whitelists selectors and operators,
 * checks argument shapes and caps the size.
 */
import type { ComparisonNode, ExpressionNode } from '@rsql/ast';
import { parse } from '@rsql/parser';
import { FilterError } from './filter-error.js';
import { FILTER_LIMITS } from './limits.js';
import { type ComparisonPosition, comparisonPositions } from './positions.js';
import { compileRegex } from './regex.js';
import { hasWildcard, wildcardMatcher } from './wildcard.js';

export interface CompiledFilter<T> {
  readonly text: string;
  test(record: T): boolean;
}

type Predicate = (record: Readonly<Record<string, unknown>>) => boolean;

/** Verbose and symbolic spellings of one operator share a meaning. */
const CANONICAL: Readonly<Record<string, string>> = {
  '==': '==',
  '!=': '!=',
  '<': '<',
  '=lt=': '<',
  '<=': '<=',
  '=le=': '<=',
  '>': '>',
  '=gt=': '>',
  '>=': '>=',
  '=ge=': '>=',
  '=in=': '=in=',
  '=out=': '=out=',
  '=re=': '=re=',
};

const ORDER: Readonly<Record<string, (a: string, b: string) => boolean>> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The parser says `<what> [at position N] in "<text>". [<hint>]`; "Unexpected end" has no position. */
function syntaxError(text: string, err: Error): FilterError {
  const parts = /^(.*?) in ".*"\.(.*)$/s.exec(err.message);
  const head = parts ? parts[1]! : err.message;
  const hint = parts ? parts[2]!.trim() : '';
  const at = /at position (\d+)/.exec(head);
  const position = at ? Number(at[1]) : text.length + 1;
  const where = at ? '' : ` at position ${position}`;
  return new FilterError(`invalid filter: ${lowerFirst(head)}${where}${hint ? ` (${lowerFirst(hint)})` : ''}`, position);
}

function countComparisons(node: ExpressionNode): number {
  return node.type === 'COMPARISON' ? 1 : countComparisons(node.left) + countComparisons(node.right);
}

/** Compiled filters are pure, so the recent ones are kept: clients repeat the same filters. */
const CACHE_SIZE = 200;
const cache = new Map<string, CompiledFilter<object>>();

export function compileFilter<T extends object>(text: string, selectors: readonly string[]): CompiledFilter<T> {
  const cacheKey = `${selectors.join(',')}\u0000${text}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached as CompiledFilter<T>;
  const compiled = compileUncached<T>(text, selectors);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, compiled as CompiledFilter<object>);
  return compiled;
}

function compileUncached<T extends object>(text: string, selectors: readonly string[]): CompiledFilter<T> {
  if (text.trim() === '') throw new FilterError('the filter is empty', 1);
  if (text.length > FILTER_LIMITS.maxLength) {
    throw new FilterError(`the filter is longer than ${FILTER_LIMITS.maxLength} characters`, FILTER_LIMITS.maxLength + 1);
  }
  let tree: ExpressionNode;
  try {
    tree = parse(text);
  } catch (err) {
    throw syntaxError(text, err as Error);
  }
  const positions = comparisonPositions(text);
  const terms = countComparisons(tree);
  // Should the scan disagree with the parser, positions fall back to the start of the text.
  const located = positions.length === terms ? positions : [];
  if (terms > FILTER_LIMITS.maxTerms) {
    const at = (located[FILTER_LIMITS.maxTerms]?.start ?? 0) + 1;
    throw new FilterError(`the filter has ${terms} comparisons; at most ${FILTER_LIMITS.maxTerms} are allowed (the first one too many is at position ${at})`, at);
  }
  let index = 0;
  const build = (node: ExpressionNode): Predicate => {
    if (node.type === 'LOGIC') {
      const left = build(node.left);
      const right = build(node.right);
      return node.operator === ';' || node.operator === 'and' ? (r) => left(r) && right(r) : (r) => left(r) || right(r);
    }
    return comparison(node, { text, ...(located[index++] ?? { start: 0, argumentsStart: 0 }) }, selectors);
  };
  const predicate = build(tree);
  return { text, test: (record: T) => predicate(record as Readonly<Record<string, unknown>>) };
}

function comparison(node: ComparisonNode, at: ComparisonPosition & { readonly text: string }, selectors: readonly string[]): Predicate {
  const selector = node.left.selector;
  const position = at.start + 1;
  if (!selectors.includes(selector)) {
    throw new FilterError(`unknown property "${selector}" at position ${position}; properties are ${selectors.join(', ')}`, position);
  }
  const operator = CANONICAL[node.operator];
  if (!operator) throw new FilterError(`unknown operator "${node.operator}" at position ${position}`, position);
  const value = node.right.value;
  const field = (r: Readonly<Record<string, unknown>>): string => String(r[selector] ?? '');

  if (operator === '=in=' || operator === '=out=') {
    if (!Array.isArray(value)) {
      throw new FilterError(`${node.operator} takes a parenthesized list of values, e.g. ${selector}${node.operator}(a,b) (position ${position})`, position);
    }
    const set = new Set(value);
    return operator === '=in=' ? (r) => set.has(field(r)) : (r) => !set.has(field(r));
  }
  if (Array.isArray(value)) {
    throw new FilterError(`${node.operator} takes one value, not a list (position ${position}); use =in= for several`, position);
  }
  if (operator === '=re=') {
    const quoted = /^\s*["']/.exec(at.text.slice(at.argumentsStart));
    const regex = compileRegex(value, at.argumentsStart + (quoted ? quoted[0].length : 0));
    return (r) => regex.test(field(r));
  }
  if (operator === '==' || operator === '!=') {
    const equal = hasWildcard(value) ? wildcardMatcher(value) : (s: string) => s === value;
    return operator === '==' ? (r) => equal(field(r)) : (r) => !equal(field(r));
  }
  const compare = ORDER[operator]!;
  return (r) => compare(field(r), value);
}

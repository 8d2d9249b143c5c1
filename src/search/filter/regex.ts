/**
 * The `=re=` dialect (docs/filter.md#regular-expressions) on V8's regular expressions, made safe.
 *
 * Dialect: JavaScript syntax with the `m` flag, so `^` and `$` match at line boundaries;
 * `\A` and `\z` (text start and end) become `^` and `$`, which is exact because no field of
 * the directory holds a line break (validation refuses control characters such as CR and LF and
 * the separators U+2028 and U+2029 in names, and the readings' character rules exclude them:
 * src/dataset/validate.ts).
 *
 * Safety (docs/filter.md#regular-expressions): a pattern is accepted only if V8's linear-time
 * engine can run it (no backreferences, no lookaround, no huge counted repetitions). It then
 * runs on the fast backtracking engine, and V8 switches that execution to the linear engine
 * once it has backtracked as often as REGEXP_ENGINE_FLAGS allows
 * (`--regexp-backtracks-before-fallback`), so no subject can make one test exponential. The evaluation budget (limits.ts) bounds the whole list.
 */
import { setFlagsFromString } from 'node:v8';
import { FilterError } from './filter-error.js';
import { FILTER_LIMITS } from './limits.js';

// 1,000 backtracks: a field of the directory is short, so an ordinary pattern never backtracks that
// often, and a polynomial one (`.*.*.*.*x`) costs about a sixth of what 10,000 allowed.
const REGEXP_ENGINE_FLAGS = ['--enable-experimental-regexp-engine', '--enable-experimental-regexp-engine-on-excessive-backtracks', '--regexp-backtracks-before-fallback=1000'];

// Process-wide V8 flags: they only add the `l` flag and the fallback; no existing regular
// expression changes meaning.
for (const flag of REGEXP_ENGINE_FLAGS) setFlagsFromString(flag);

/** Escapes with a meaning in the dialect; any other letter after `\` is refused rather than read as itself. */
const KNOWN_LETTER_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S', 'b', 'B', 'n', 'r', 't', 'f', 'v', 'x', 'u', 'c', 'A', 'z']);

/** `position` of errors is relative to the expression; `offset` is where the pattern starts in it. */
function translate(pattern: string, offset: number): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    const at = offset + i + 1;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new FilterError(`the regular expression ends with a lone backslash at position ${at}`, at);
      i++;
      if (/[1-9]/.test(next) || next === 'k') throw new FilterError(`backreferences are not supported in =re= (position ${at})`, at);
      if (/[A-Za-z]/.test(next) && !KNOWN_LETTER_ESCAPES.has(next)) throw new FilterError(`unknown escape \\${next} in the regular expression at position ${at}`, at);
      if ((next === 'A' || next === 'z') && inClass) throw new FilterError(`\\${next} cannot stand inside a character class (position ${at})`, at);
      out += next === 'A' ? '^' : next === 'z' ? '$' : ch + next;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
    } else if (ch === '(' && pattern[i + 1] === '?' && /^\?(=|!|<=|<!)/.test(pattern.slice(i + 1, i + 4))) {
      throw new FilterError(`lookahead and lookbehind are not supported in =re= (position ${at})`, at);
    }
    out += ch;
  }
  return out;
}

/** Compiles one `=re=` argument; `offset` locates it in the expression for error positions. */
export function compileRegex(pattern: string, offset: number): RegExp {
  const at = offset + 1;
  if (pattern.length > FILTER_LIMITS.maxPatternLength) {
    throw new FilterError(`the regular expression at position ${at} is longer than ${FILTER_LIMITS.maxPatternLength} characters`, at);
  }
  const source = translate(pattern, offset);
  try {
    new RegExp(source, 'm');
  } catch (err) {
    throw new FilterError(`invalid regular expression at position ${at}: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}`, at);
  }
  try {
    new RegExp(source, 'lm');
  } catch {
    throw new FilterError(`the regular expression at position ${at} is too complex to run in linear time (large counted repetitions?)`, at);
  }
  return new RegExp(source, 'm');
}

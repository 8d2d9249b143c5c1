/**
 * Reads the JSON body of POST /resolve/v1/bank-branch. Every problem becomes one `detail`
 * entry of the 422 answer (SPEC.md §7.2), all of them at once, each naming its field:
 *
 *   json_invalid           the body is not JSON, or is nested more than MAX_JSON_DEPTH levels
 *   model_attributes_type  the body is JSON but not an object
 *   missing                bank_name or branch_name absent (one entry per absent field)
 *   string_type            a field is not a string (context may also be null = default)
 *   string_too_long        a name longer than MAX_NAME_LENGTH characters
 *   enum                   context is not one of the four contexts
 *
 * Unknown fields are ignored, so that clients may send more than Ginko reads.
 */
import { MAX_INPUT_LENGTH } from '../../../resolve/resolve.js';
import { isResolveContext, RESOLVE_CONTEXTS, type ResolveInput } from '../../../resolve/types.js';
import { ApiError, type ValidationError } from '../../edge/api-error.js';
import { JSON_TOO_DEEP_MESSAGE, jsonDepth } from '../../edge/json-body.js';
import { MAX_JSON_DEPTH } from '../../edge/limits.js';

export const MAX_NAME_LENGTH = MAX_INPUT_LENGTH;

/** The body as text, handed over by the route's content-type parser. */
export class RawJsonBody {
  constructor(readonly text: string) {}
}

const CONTEXT_LIST = RESOLVE_CONTEXTS.map((c) => `'${c}'`).join(', ').replace(/, ([^,]*)$/, ' or $1');

function issue(type: string, loc: readonly (string | number)[], msg: string, input: unknown): ValidationError {
  return { type, loc, message: msg, input, paramName: loc.slice(1).join('.') || 'body', invalidValue: typeof input === 'string' ? input : JSON.stringify(input) ?? '' };
}

/** The character offset of a JSON.parse failure, when the engine reports one. */
function errorPosition(error: unknown): number | undefined {
  const m = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  return m ? Number(m[1]) : undefined;
}

function parse(raw: unknown): { ok: true; value: unknown } | { ok: false; error: ValidationError } {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  const text = raw instanceof RawJsonBody ? raw.text : String(raw);
  if (text.trim() === '') return { ok: true, value: undefined };
  // Deep nesting would overflow the stack when a problem echoes the input (docs/limits.md).
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return { ok: false, error: issue('json_invalid', ['body'], JSON_TOO_DEEP_MESSAGE, text.slice(0, 100) + '…') };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const position = errorPosition(error);
    return { ok: false, error: issue('json_invalid', position === undefined ? ['body'] : ['body', position], 'JSON decode error', text.length > 100 ? text.slice(0, 100) + '…' : text) };
  }
}

function readName(body: Record<string, unknown>, field: 'bank_name' | 'branch_name', issues: ValidationError[]): string {
  if (!(field in body)) {
    issues.push(issue('missing', ['body', field], 'Field required', body));
    return '';
  }
  const value = body[field];
  if (typeof value !== 'string') {
    issues.push(issue('string_type', ['body', field], 'Input should be a valid string', value));
    return '';
  }
  if ([...value].length > MAX_NAME_LENGTH) {
    issues.push(issue('string_too_long', ['body', field], `String should have at most ${MAX_NAME_LENGTH} characters`, value));
    return '';
  }
  return value;
}

export function readResolveBody(raw: unknown): ResolveInput {
  const parsed = parse(raw);
  if (!parsed.ok) throw ApiError.invalidBody([parsed.error]);
  const value = parsed.value;
  if (value === undefined) {
    // No body at all: both required fields are missing.
    throw ApiError.invalidBody([issue('missing', ['body', 'bank_name'], 'Field required', null), issue('missing', ['body', 'branch_name'], 'Field required', null)]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ApiError.invalidBody([issue('model_attributes_type', ['body'], 'Input should be a valid dictionary or object to extract fields from', value)]);
  }
  const body = value as Record<string, unknown>;
  const issues: ValidationError[] = [];
  const bankName = readName(body, 'bank_name', issues);
  const branchName = readName(body, 'branch_name', issues);
  const context = body.context;
  if (context !== undefined && context !== null) {
    if (typeof context !== 'string') issues.push(issue('string_type', ['body', 'context'], 'Input should be a valid string', context));
    else if (!isResolveContext(context)) issues.push(issue('enum', ['body', 'context'], `Input should be ${CONTEXT_LIST}`, context));
  }
  if (issues.length > 0) throw ApiError.invalidBody(issues);
  return { bankName, branchName, ...(typeof context === 'string' && isResolveContext(context) ? { context } : {}) };
}

/**
 * The JSON body of POST /resolve/v1/bank-branch: parsed by the route's content-type parser and
 * checked against the route's schema (schemas.ts, ResolveRequestSchema) by the Resolve scope's
 * validator. Every problem becomes one `detail` entry of the 422 answer (docs/errors.md), all of
 * them at once, each naming its field, in pydantic's terms rather than the other APIs' 400:
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
import type { FastifySchemaCompiler } from 'fastify';
import type { ErrorObject } from 'ajv';
import { isResolveContext, RESOLVE_CONTEXTS, type ResolveInput } from '../../../resolve/types.js';
import { ApiError, type ValidationError } from '../../edge/api-error.js';
import { JSON_TOO_DEEP_MESSAGE, jsonDepth } from '../../edge/json-body.js';
import { MAX_JSON_DEPTH } from '../../edge/limits.js';
import { compiledOnFirstUse, schemaAjv, SchemaViolation } from '../../edge/validation.js';

export const MAX_NAME_LENGTH = MAX_INPUT_LENGTH;

export const CONTEXT_LIST = RESOLVE_CONTEXTS.map((c) => `'${c}'`).join(', ').replace(/, ([^,]*)$/, ' or $1');

export function issue(type: string, loc: readonly (string | number)[], msg: string, input: unknown): ValidationError {
  return { type, loc, message: msg, input, paramName: loc.slice(1).join('.') || 'body', invalidValue: typeof input === 'string' ? input : JSON.stringify(input) ?? '' };
}

/** The character offset of a JSON.parse failure, when the engine reports one. */
function errorPosition(error: unknown): number | undefined {
  const m = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  return m ? Number(m[1]) : undefined;
}

/** The body's JSON (undefined for an empty body), or the 422 `json_invalid`. */
export function parseResolveJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  // Deep nesting would overflow the stack when a problem echoes the input (docs/limits.md).
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw ApiError.invalidBody([issue('json_invalid', ['body'], JSON_TOO_DEEP_MESSAGE, text.slice(0, 100) + '…')]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const position = errorPosition(error);
    throw ApiError.invalidBody([issue('json_invalid', position === undefined ? ['body'] : ['body', position], 'JSON decode error', text.length > 100 ? text.slice(0, 100) + '…' : text)]);
  }
}

/** No body at all: both required fields are missing. */
export function missingBody(): ApiError {
  return ApiError.invalidBody([issue('missing', ['body', 'bank_name'], 'Field required', null), issue('missing', ['body', 'branch_name'], 'Field required', null)]);
}

const FIELDS = ['bank_name', 'branch_name', 'context'] as const;

/** One issue per field (Ajv may report several keywords of one), in the fields' order. */
function issuesOf(errors: readonly ErrorObject[], body: unknown): ValidationError[] {
  const record = body as Record<string, unknown>;
  const byField = new Map<string, ValidationError>();
  for (const e of errors) {
    if (e.instancePath === '') {
      if (e.keyword === 'type') return [issue('model_attributes_type', ['body'], 'Input should be a valid dictionary or object to extract fields from', body)];
      if (e.keyword === 'required') {
        const field = String(e.params.missingProperty);
        if (!byField.has(field)) byField.set(field, issue('missing', ['body', field], 'Field required', body));
      }
      continue;
    }
    const field = e.instancePath.split('/')[1]!;
    if (byField.has(field)) continue;
    const value = record[field];
    if (typeof value !== 'string') byField.set(field, issue('string_type', ['body', field], 'Input should be a valid string', value));
    else if (e.keyword === 'maxLength') byField.set(field, issue('string_too_long', ['body', field], `String should have at most ${MAX_NAME_LENGTH} characters`, value));
    else byField.set(field, issue('enum', ['body', field], `Input should be ${CONTEXT_LIST}`, value));
  }
  return [...byField].sort(([a], [b]) => FIELDS.indexOf(a as (typeof FIELDS)[number]) - FIELDS.indexOf(b as (typeof FIELDS)[number])).map(([, i]) => i);
}

const ajv = schemaAjv(true);

/** The Resolve scope's validator: its body schema, every problem at once, as a 422. */
export const resolveBodyValidator: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart !== 'body') return () => true;
  const validator = compiledOnFirstUse(ajv, schema as object);
  return (data: unknown) => {
    const validate = validator();
    return validate(data) ? true : { error: new SchemaViolation(ApiError.invalidBody(issuesOf(validate.errors ?? [], data))) };
  };
};

/** The input of a body the schema has accepted. */
export function resolveInputOf(body: unknown): ResolveInput {
  const { bank_name: bankName, branch_name: branchName, context } = body as { bank_name: string; branch_name: string; context?: string | null };
  return { bankName, branchName, ...(typeof context === 'string' && isResolveContext(context) ? { context } : {}) };
}

function readName(body: Record<string, unknown>, loc: readonly (string | number)[], field: 'bank_name' | 'branch_name', issues: ValidationError[]): string {
  if (!(field in body)) {
    issues.push(issue('missing', [...loc, field], 'Field required', body));
    return '';
  }
  const value = body[field];
  if (typeof value !== 'string') {
    issues.push(issue('string_type', [...loc, field], 'Input should be a valid string', value));
    return '';
  }
  if ([...value].length > MAX_NAME_LENGTH) {
    issues.push(issue('string_too_long', [...loc, field], `String should have at most ${MAX_NAME_LENGTH} characters`, value));
    return '';
  }
  return value;
}

/**
 * bank_name, branch_name and context of one item of a batch at `loc`, checked by hand with the
 * rules and messages of the single call's schema; problems go to `issues` (batch-body.ts).
 */
export function readResolveFields(body: Record<string, unknown>, loc: readonly (string | number)[], issues: ValidationError[]): ResolveInput {
  const bankName = readName(body, loc, 'bank_name', issues);
  const branchName = readName(body, loc, 'branch_name', issues);
  const context = body.context;
  if (context !== undefined && context !== null) {
    if (typeof context !== 'string') issues.push(issue('string_type', [...loc, 'context'], 'Input should be a valid string', context));
    else if (!isResolveContext(context)) issues.push(issue('enum', [...loc, 'context'], `Input should be ${CONTEXT_LIST}`, context));
  }
  return { bankName, branchName, ...(typeof context === 'string' && isResolveContext(context) ? { context } : {}) };
}

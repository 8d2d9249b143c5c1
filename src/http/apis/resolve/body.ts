/**
 * The JSON bodies of the Resolve API: parsed by the scope's content-type parser and checked
 * against each route's schema (schemas.ts) by the scope's validator, the single call's and the
 * batch's alike. Every problem becomes one `detail` entry of the 422 answer (docs/errors.md),
 * all of them at once, each located by its path (`["body", "items", 3, "bank_name"]`), in
 * pydantic's terms rather than the other APIs' 400:
 *
 *   json_invalid           the body is not JSON, or is nested more than MAX_JSON_DEPTH levels
 *   model_attributes_type  the body (or a batch item) is JSON but not an object
 *   missing                a required field absent (one entry per absent field)
 *   string_type            a field is not a string (context may also be null = default)
 *   string_too_long        a text longer than its schema's maxLength (a name: MAX_NAME_LENGTH)
 *   enum                   context is not one of the four contexts
 *   list_type, too_short, too_long   a batch's items not a list, empty, or too many
 *   id_type                a batch item's id neither a short string nor an integer
 *
 * `input` echoes the offending value, cut to MAX_ECHO_CHARACTERS (a value that is not text as
 * its JSON, cut likewise). Unknown fields are ignored, so that clients may send more than Ginko reads.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ErrorObject } from 'ajv';
import { isResolveContext, RESOLVE_CONTEXTS, type ResolveInput } from '../../../resolve/types.js';
import { ApiError, type ValidationError } from '../../edge/api-error.js';
import { DETAILED_ERRORS } from '../../edge/error-shapes.js';
import { handleErrorsAs } from '../../edge/errors.js';
import { JSON_TOO_DEEP_MESSAGE, jsonDepth, utf8BodyText } from '../../edge/json-body.js';
import { MAX_JSON_DEPTH } from '../../edge/limits.js';
import { compiledOnFirstUse, schemaAjv, SchemaViolation } from '../../edge/validation.js';
import { MAX_ECHO_CHARACTERS, MAX_ID_LENGTH } from './limits.js';

export const CONTEXT_LIST = RESOLVE_CONTEXTS.map((c) => `'${c}'`).join(', ').replace(/, ([^,]*)$/, ' or $1');

/** `text` cut to its first MAX_ECHO_CHARACTERS characters (code points). */
function cut(text: string): string {
  if (text.length <= MAX_ECHO_CHARACTERS) return text;
  const chars = [...text];
  return chars.length > MAX_ECHO_CHARACTERS ? chars.slice(0, MAX_ECHO_CHARACTERS).join('') : text;
}

/** What a 422 echoes of `input`: text cut; any other value as it is, or its JSON cut when that is longer. */
function echoed(input: unknown): unknown {
  if (typeof input === 'string') return cut(input);
  const json = JSON.stringify(input) ?? '';
  return json.length > MAX_ECHO_CHARACTERS ? cut(json) : input;
}

export function issue(type: string, loc: readonly (string | number)[], msg: string, input: unknown): ValidationError {
  const shown = echoed(input);
  return { type, loc, message: msg, input: shown, paramName: loc.slice(1).join('.') || 'body', invalidValue: typeof shown === 'string' ? shown : JSON.stringify(shown) ?? '' };
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
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw ApiError.invalidBody([issue('json_invalid', ['body'], JSON_TOO_DEEP_MESSAGE, text)]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const position = errorPosition(error);
    throw ApiError.invalidBody([issue('json_invalid', position === undefined ? ['body'] : ['body', position], 'JSON decode error', text)]);
  }
}

/** No body at all: the required fields of the route's schema are missing. */
export function missingBody(required: readonly string[]): ApiError {
  return ApiError.invalidBody(required.map((field) => issue('missing', ['body', field], 'Field required', null)));
}

/** The value at `path` (Ajv's instancePath segments) of `body`. */
function valueAt(body: unknown, path: readonly (string | number)[]): unknown {
  let value = body;
  for (const segment of path) value = (value as Record<string | number, unknown> | undefined)?.[segment];
  return value;
}

/**
 * What differs between the JSON bodies read this way (Resolve's, and the payee checks' of
 * src/http/apis/accounts/, which share this mapping): the order of the fields in the body, and
 * what an `enum` field accepts.
 */
export interface BodyShape {
  readonly fieldOrder: readonly string[];
  readonly enumMessage: string;
}

/** The issue of one Ajv error at `path`, in the terms of the module comment. */
function issueOf(e: ErrorObject, path: readonly (string | number)[], body: unknown, shape: BodyShape): ValidationError {
  const value = valueAt(body, path);
  const loc = ['body', ...path];
  switch (e.keyword) {
    case 'required':
      return issue('missing', [...loc, String(e.params.missingProperty)], 'Field required', value);
    case 'minItems':
      return issue('too_short', loc, 'List should have at least 1 item', value);
    case 'maxItems':
      return issue('too_long', loc, `List should have at most ${e.params.limit} items, not ${(value as unknown[]).length}`, `${(value as unknown[]).length} items`);
    case 'maxLength':
      return issue('string_too_long', loc, `String should have at most ${e.params.limit} characters`, value);
    case 'enum':
      return issue('enum', loc, shape.enumMessage, value);
    case 'anyOf':
      return issue('id_type', loc, ID_MESSAGE, value);
    case 'type':
      if (e.params.type === 'array') return issue('list_type', loc, 'Input should be a valid list', value);
      if (e.params.type === 'object') return issue('model_attributes_type', loc, 'Input should be a valid dictionary or object to extract fields from', value);
      return issue('string_type', loc, 'Input should be a valid string', value);
  }
  return issue('value_error', loc, e.message ?? 'Input is not valid', value);
}

const ID_MESSAGE = `Input should be a string of at most ${MAX_ID_LENGTH} characters or an integer`;

/**
 * One issue per location (Ajv may report several keywords of one, and each branch of an id's
 * anyOf), in the body's order; a batch with too many items is reported alone.
 */
function issuesOf(errors: readonly ErrorObject[], body: unknown, shape: BodyShape): ValidationError[] {
  const tooLong = errors.find((e) => e.keyword === 'maxItems');
  const kept = tooLong ? [tooLong] : errors;
  const byLocation = new Map<string, ValidationError>();
  for (const e of kept) {
    const path = e.instancePath.split('/').slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    // An id's anyOf reports each branch below it, then the anyOf itself: the anyOf speaks for them.
    if (e.keyword !== 'anyOf' && /\/id$/.test(e.instancePath) && errors.some((o) => o.keyword === 'anyOf' && o.instancePath === e.instancePath)) continue;
    const found = issueOf(e, path, body, shape);
    const key = JSON.stringify(found.loc);
    if (!byLocation.has(key)) byLocation.set(key, found);
  }
  return [...byLocation.values()].sort((a, b) => compareLoc(a.loc!, b.loc!, shape.fieldOrder));
}

/** Body order: by item, then by field in the shape's order. */
function compareLoc(a: readonly (string | number)[], b: readonly (string | number)[], fieldOrder: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return fieldOrder.indexOf(String(x)) - fieldOrder.indexOf(String(y));
  }
  return a.length - b.length;
}

export const RESOLVE_SHAPE: BodyShape = { fieldOrder: ['items', 'id', 'bank_name', 'branch_name', 'context'], enumMessage: `Input should be ${CONTEXT_LIST}` };

const ajv = schemaAjv(true);

/** A scope's validator: each route's body schema, every problem at once, as a 422 in this shape. */
export function detailedBodyValidator(shape: BodyShape): FastifySchemaCompiler<unknown> {
  return ({ schema, httpPart }) => {
    if (httpPart !== 'body') return () => true;
    const validator = compiledOnFirstUse(ajv, schema as object);
    return (data: unknown) => {
      const validate = validator();
      return validate(data) ? true : { error: new SchemaViolation(ApiError.invalidBody(issuesOf(validate.errors ?? [], data, shape))) };
    };
  };
}

/** The Resolve scope's validator. */

/** The input of one body (or batch item) the schema has accepted. */
export function resolveInputOf(body: unknown): ResolveInput {
  const { bank_name: bankName, branch_name: branchName, context } = body as { bank_name: string; branch_name: string; context?: string | null };
  return { bankName, branchName, ...(typeof context === 'string' && isResolveContext(context) ? { context } : {}) };
}

/** A body that is not UTF-8: a 400 naming it, in the detailed shape (docs/errors.md), not a 422 of a guessed text. */
const notUtf8 = (message: string) => new ApiError(400, message, [{ message, paramName: 'body', invalidValue: '', type: 'value_error', loc: ['body'] }]);

/**
 * A scope whose routes take JSON bodies answered in the detailed shape: its errors, its
 * validator (`shape`: every problem at once, as a 422), and JSON read strictly (UTF-8, nesting)
 * within `bodyLimit`. The Resolve API and the payee checks (apis/accounts).
 */
export function installDetailedJsonBodies(scope: FastifyInstance, shape: BodyShape, bodyLimit: number): void {
  handleErrorsAs(scope, DETAILED_ERRORS);
  scope.setValidatorCompiler(detailedBodyValidator(shape));
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    try {
      done(null, parseResolveJson(utf8BodyText(request, body as Buffer, notUtf8)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

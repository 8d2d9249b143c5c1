/**
 * The routes' schemas validate their input: every query and path parameter and every body is
 * declared once in its API's schemas (type, format, range, enum, length), and that declaration
 * is what /openapi.json publishes and what this validator checks, with Ajv and ajv-formats
 * (`date` with real calendar checks). A failure becomes the API's 400 naming the parameter
 * (`validationErrors` on Search, `detail` elsewhere; docs/errors.md).
 *
 * Messages come from the schema, in the OpenAPI extension `x-error-message`: a string for any
 * failure of the property, or an object by Ajv keyword (`type`, `pattern`, `required` …). On an
 * object schema, `x-unknown-parameter` is the message for a parameter it does not declare
 * (`{name}` stands for its name). A parameter given twice where the schema wants one string is
 * `parameter "…" must be given once`.
 *
 * Query strings are checked for encoding first (query-string.ts): a malformed escape is a 400
 * naming the parameter whatever the schema. A query parameter declared `integer` is given as
 * decimal digits (leading zeros allowed: `limit=020` is 20) and handed to the route as a number;
 * any other text fails its schema. Header schemas only document (the routes read their headers
 * leniently).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError, type ValidationError } from './api-error.js';
import { parsedQueryOf } from './query-string.js';

/** A parameter or body that fails its schema: carries the ApiError the error handler sends (errors.ts). */
export class SchemaViolation extends Error {
  constructor(readonly apiError: ApiError) {
    super(apiError.message);
    this.name = 'SchemaViolation';
  }
}

type Part = 'querystring' | 'params' | 'body' | 'headers';
type Schema = { readonly [keyword: string]: unknown };

/**
 * The Ajv of the routes' schemas. Types are checked, never coerced by Ajv (query integers are
 * read as digits here first, integersOf). `allErrors` for an API that reports every problem at
 * once (Resolve).
 */
export function schemaAjv(allErrors = false): Ajv {
  const ajv = new Ajv({ allErrors, coerceTypes: false, useDefaults: false, removeAdditional: false, strict: false, validateFormats: true });
  // ajv-formats is a CommonJS module whose default export is the function.
  (addFormats as unknown as (a: Ajv, formats: string[]) => Ajv)(ajv, ['date']);
  ajv.addKeyword({ keyword: 'x-error-message', schemaType: ['string', 'object'] });
  ajv.addKeyword({ keyword: 'x-unknown-parameter', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'example', schemaType: ['string', 'number', 'array', 'object', 'boolean'] });
  return ajv;
}

const ajv = schemaAjv();

const LOCATION: Readonly<Record<Part, string>> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

function messageOf(schema: Schema | undefined, keyword: string): string | undefined {
  const message = schema?.['x-error-message'];
  if (typeof message === 'string') return message;
  if (message !== null && typeof message === 'object') return (message as Record<string, string>)[keyword];
  return undefined;
}

/** The offending value as text: a query's repeated values joined, a body's JSON as sent. */
function asText(part: Part, value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (part !== 'body' && Array.isArray(value)) return value.join(',');
  return JSON.stringify(value) ?? '';
}

/** The one problem reported for `errors` (Ajv stops at the first, but anyOf reports each branch). */
function violationOf(errors: readonly ErrorObject[], schema: Schema, part: Part, data: unknown): ApiError {
  const first = errors[0]!;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const record = (data ?? {}) as Record<string, unknown>;
  const segments = first.instancePath.split('/').slice(1);
  if (segments.length === 0) {
    // The object as a whole: an undeclared parameter, a missing field, or not an object at all.
    if (first.keyword === 'additionalProperties') {
      const name = String(first.params.additionalProperty);
      const message = String(schema['x-unknown-parameter'] ?? `parameter "{name}" is not accepted here`).replaceAll('{name}', name);
      return issue(part, name, record[name], message, 'value_error');
    }
    if (first.keyword === 'required') {
      const name = String(first.params.missingProperty);
      return issue(part, name, undefined, messageOf(properties[name], 'required') ?? messageOf(schema, 'required') ?? `${name} is required`, 'missing');
    }
    const message = messageOf(schema, first.keyword) ?? `the ${LOCATION[part]} is not valid`;
    return issue(part, part === 'body' ? 'body' : LOCATION[part], data, message, part === 'body' && first.keyword === 'type' ? 'model_attributes_type' : 'value_error');
  }
  const name = segments[0]!;
  const value = record[name];
  const property = properties[name];
  if (Array.isArray(value) && (property?.type === 'string' || property?.type === 'integer')) {
    return issue(part, name, value, `parameter "${name}" must be given once`, 'value_error');
  }
  // The deepest error of the property names the item at fault (`businessTypeCode` given twice).
  const deepest = errors.filter((e) => e.instancePath.split('/')[1] === name).reduce((a, b) => (b.instancePath.length > a.instancePath.length ? b : a), first);
  const item = deepest.instancePath.split('/').length > 2 && Array.isArray(value) ? value[Number(deepest.instancePath.split('/')[2])] : value;
  const message = messageOf(property, deepest.keyword) ?? messageOf(property, first.keyword) ?? `${name} ${deepest.message ?? 'is not valid'}`;
  return issue(part, name, item, message, 'value_error');
}

function issue(part: Part, name: string, value: unknown, message: string, type: string): ApiError {
  const invalidValue = asText(part, value);
  const loc = name === LOCATION[part] || (part === 'body' && name === 'body') ? [LOCATION[part]] : [LOCATION[part], name];
  // A body may hold 64 KB; a query value is bounded by the URL and echoed whole.
  const echoed = part === 'body' && invalidValue.length > 200 ? invalidValue.slice(0, 200) : invalidValue;
  const detail: ValidationError = { message, paramName: name, invalidValue: echoed, type, loc, input: echoed };
  return new ApiError(400, message, [detail]);
}

const documentsOnly = () => true;

/** Most digits of an integer query parameter: more than any limit takes, fewer than a double holds exactly. */
const INTEGER_TEXT = /^[0-9]{1,9}$/;

/** The names of the query's properties declared `integer`. */
function integersOf(schema: Schema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.keys(properties).filter((name) => properties[name]!.type === 'integer');
}

/**
 * `ajv.compile(schema)`, done on the first call: route validators are compiled on the route's
 * first request, not at start, so a restart is ready sooner (about 100 schemas, the Resolve
 * batch body's alone about 50 ms) and a route never asked costs nothing. Every route's schemas
 * are compiled by the tests that call every route (test/fuzz.test.ts, test/validation.test.ts).
 */
export function compiledOnFirstUse(ajv: Ajv, schema: object): () => ValidateFunction {
  let validate: ValidateFunction | undefined;
  return () => (validate ??= ajv.compile(schema));
}

/** Fastify's validator compiler for the app (app.ts). */
export const schemaValidator: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const part = (httpPart ?? 'body') as Part;
  if (part === 'headers') return documentsOnly;
  const validator = compiledOnFirstUse(ajv, schema as object);
  const root = schema as Schema;
  const integers = part === 'querystring' ? integersOf(root) : [];
  return (data: unknown) => {
    const given = new Map<string, string>();
    if (part === 'querystring') {
      const malformed = parsedQueryOf(data).malformed;
      if (malformed) return { error: new SchemaViolation(ApiError.invalidParameter(malformed.name, malformed.raw, malformed.message)) };
      const query = data as Record<string, unknown>;
      for (const name of integers) {
        const value = query[name];
        if (typeof value === 'string' && INTEGER_TEXT.test(value)) {
          given.set(name, value);
          query[name] = Number(value);
        }
      }
    }
    const validate = validator();
    if (validate(data)) return true;
    // The 400 echoes each value as it was given (`limit=02001`).
    for (const [name, text] of given) (data as Record<string, unknown>)[name] = text;
    return { error: new SchemaViolation(violationOf(validate.errors ?? [], root, part, data)) };
  };
};

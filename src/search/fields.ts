/** Partial responses (docs/search-api.md#parameters): `fields` names the properties kept in each resource. */
import { QueryError } from '../shared/query-error.js';

/** The longest `fields` accepted (the route's schema checks it). */
export const MAX_FIELDS_LENGTH = 200;

/** Parses `fields` into the allowed names in resource order; duplicates are harmless. */
export function parseFields(text: string, allowed: readonly string[]): readonly string[] {
  const wanted = new Set<string>();
  for (const name of text.split(',').map((s) => s.trim())) {
    if (name === '') throw new QueryError('fields', text, 'fields has an empty name; expected a comma-separated list such as "code,name"');
    if (!allowed.includes(name)) throw new QueryError('fields', text, `unknown field "${name}"; allowed: ${allowed.join(', ')}`);
    wanted.add(name);
  }
  return allowed.filter((name) => wanted.has(name));
}

export function project<T extends object>(resource: T, fields: readonly string[] | undefined): Partial<T> {
  if (!fields) return resource;
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = (resource as Record<string, unknown>)[f];
  return out as Partial<T>;
}

/**
 * Reads the JSON body of POST /resolve/v1/bank-branch/batch: `{ "items": [{ id, bank_name,
 * branch_name, context? }, …] }` with 1 to MAX_BATCH_ITEMS items. Problems are 422 `detail`
 * entries as for the single call (body.ts), located in the item (`["body", "items", 3,
 * "bank_name"]`), all of them at once:
 *
 *   json_invalid, model_attributes_type   as for the single call
 *   missing        items, or an item's id, bank_name or branch_name, absent
 *   list_type      items is not an array
 *   too_short      items is empty
 *   too_long       more than MAX_BATCH_ITEMS items
 *   id_type        an id that is neither a string nor an integer
 *   and the field problems of body.ts per item.
 */
import type { ResolveInput } from '../../../resolve/types.js';
import { ApiError, type ValidationError } from '../../edge/api-error.js';
import { issue, readResolveFields } from './body.js';

export const MAX_BATCH_ITEMS = 1000;
/** An id is echoed back as given; longer ones are not ids. */
export const MAX_ID_LENGTH = 100;

export interface BatchItem {
  readonly id: string | number;
  readonly input: ResolveInput;
}

function readId(item: Record<string, unknown>, loc: readonly (string | number)[], issues: ValidationError[]): string | number {
  if (!('id' in item)) {
    issues.push(issue('missing', [...loc, 'id'], 'Field required', item));
    return '';
  }
  const id = item.id;
  if ((typeof id === 'string' && [...id].length <= MAX_ID_LENGTH) || (typeof id === 'number' && Number.isSafeInteger(id))) return id;
  issues.push(issue('id_type', [...loc, 'id'], `Input should be a string of at most ${MAX_ID_LENGTH} characters or an integer`, id));
  return '';
}

/** The items of a body parsed by the scope's JSON parser (body.ts: undefined when empty). */
export function readBatchBody(value: unknown): BatchItem[] {
  if (value === undefined) throw ApiError.invalidBody([issue('missing', ['body', 'items'], 'Field required', null)]);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ApiError.invalidBody([issue('model_attributes_type', ['body'], 'Input should be a valid dictionary or object to extract fields from', value)]);
  }
  const body = value as Record<string, unknown>;
  if (!('items' in body)) throw ApiError.invalidBody([issue('missing', ['body', 'items'], 'Field required', body)]);
  const items = body.items;
  if (!Array.isArray(items)) throw ApiError.invalidBody([issue('list_type', ['body', 'items'], 'Input should be a valid list', items)]);
  if (items.length === 0) throw ApiError.invalidBody([issue('too_short', ['body', 'items'], 'List should have at least 1 item', items)]);
  if (items.length > MAX_BATCH_ITEMS) throw ApiError.invalidBody([issue('too_long', ['body', 'items'], `List should have at most ${MAX_BATCH_ITEMS} items, not ${items.length}`, `${items.length} items`)]);
  const issues: ValidationError[] = [];
  const read = items.map((item: unknown, i): BatchItem => {
    const loc = ['body', 'items', i];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      issues.push(issue('model_attributes_type', loc, 'Input should be a valid dictionary or object to extract fields from', item));
      return { id: '', input: { bankName: '', branchName: '' } };
    }
    const fields = item as Record<string, unknown>;
    return { id: readId(fields, loc, issues), input: readResolveFields(fields, loc, issues) };
  });
  if (issues.length > 0) throw ApiError.invalidBody(issues);
  return read;
}

/**
 * The items of a POST /resolve/v1/bank-branch/batch body that its schema (schemas.ts) has
 * accepted: `{ "items": [{ id, bank_name, branch_name, context? }, …] }`.
 */
import type { ResolveInput } from '../../../resolve/types.js';
import { resolveInputOf } from './body.js';

export interface BatchItem {
  readonly id: string | number;
  readonly input: ResolveInput;
}

export function batchItemsOf(body: unknown): BatchItem[] {
  return (body as { items: { id: string | number }[] }).items.map((item) => ({ id: item.id, input: resolveInputOf(item) }));
}

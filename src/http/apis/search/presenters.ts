/**
 * Response shapes per Search API version. The engine's results are the same for every
 * version; only these functions differ (docs/search-api.md#versions).
 */
import type { Bank, Branch } from '../../../domain/types.js';
import type { ListResult } from '../../../search/operations.js';
import type { SearchVersion } from './views.js';

export type ItemsKey = 'banks' | 'branches' | 'businessTypes';

function envelope(itemsKey: string, result: ListResult<object>, extra: Record<string, unknown>, version: string | undefined) {
  return {
    [itemsKey]: result.items,
    ...extra,
    size: result.size,
    limit: result.limit,
    hasNext: result.hasNext,
    ...(result.nextCursor !== undefined ? { nextCursor: result.nextCursor } : {}),
    hasPrev: result.hasPrev,
    ...(result.prevCursor !== undefined ? { prevCursor: result.prevCursor } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

export interface Presenter {
  list(kind: ItemsKey, result: ListResult<object>, version: string | undefined, bank?: Partial<Bank>): object;
  branch(bank: Partial<Bank>, branches: readonly Partial<Branch>[]): object;
}

const v3: Presenter = {
  list: (kind, result, version, bank) => envelope(kind, result, bank ? { bank } : {}, version),
  // v3 answers one object; where a code repeats, the first branch in name order.
  branch: (bank, branches) => ({ bank, branch: branches[0] }),
};

const legacy: Presenter = {
  list: (_kind, result, version) => envelope('data', result, {}, version),
  branch: (_bank, branches) => branches,
};

export const PRESENTERS: Readonly<Record<SearchVersion, Presenter>> = Object.freeze({ v1: legacy, v2: legacy, v3 });

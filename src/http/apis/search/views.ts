/** What each Search API version exposes (docs/search-api.md#versions): resource fields and sortability. */
import { BANK_FIELDS, BRANCH_FIELDS, BUSINESS_TYPE_FIELDS } from '../../../domain/types.js';
import type { ResourceView } from '../../../search/operations.js';

export type SearchVersion = 'v1' | 'v2' | 'v3';

export interface VersionViews {
  readonly bank: ResourceView;
  readonly branch: ResourceView;
  readonly businessType: ResourceView;
}

const V1_BANK_FIELDS = ['code', 'name', 'halfWidthKana', 'fullWidthKana', 'hiragana'] as const;

export const VIEWS: Readonly<Record<SearchVersion, VersionViews>> = Object.freeze({
  v1: {
    bank: { fields: V1_BANK_FIELDS, sortable: false, complete: false },
    branch: { fields: BRANCH_FIELDS, sortable: false, complete: true },
    businessType: { fields: BUSINESS_TYPE_FIELDS, sortable: false, complete: true },
  },
  v2: {
    bank: { fields: BANK_FIELDS, sortable: true, complete: true },
    branch: { fields: BRANCH_FIELDS, sortable: true, complete: true },
    businessType: { fields: BUSINESS_TYPE_FIELDS, sortable: true, complete: true },
  },
  v3: {
    bank: { fields: BANK_FIELDS, sortable: true, complete: true },
    branch: { fields: BRANCH_FIELDS, sortable: true, complete: true },
    businessType: { fields: BUSINESS_TYPE_FIELDS, sortable: true, complete: true },
  },
});

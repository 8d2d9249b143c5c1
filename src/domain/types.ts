/**
 * The public resources of the Search API (docs/search-api.md#resources). Every field is a
 * string so that the filter language, sorting and field projection treat all of them alike.
 */
export interface Bank {
  readonly code: string;
  readonly name: string;
  readonly halfWidthKana: string;
  readonly fullWidthKana: string;
  readonly hiragana: string;
  readonly businessTypeCode: string;
  readonly businessType: string;
}

export interface Branch {
  readonly code: string;
  readonly name: string;
  readonly halfWidthKana: string;
  readonly fullWidthKana: string;
  readonly hiragana: string;
}

export interface BusinessType {
  readonly code: string;
  readonly name: string;
}

export const BANK_FIELDS = ['code', 'name', 'halfWidthKana', 'fullWidthKana', 'hiragana', 'businessTypeCode', 'businessType'] as const;
export const BRANCH_FIELDS = ['code', 'name', 'halfWidthKana', 'fullWidthKana', 'hiragana'] as const;
export const BUSINESS_TYPE_FIELDS = ['code', 'name'] as const;

/** Table types of the SQL store, shared by SQLite and PostgreSQL. Booleans are 0/1 integers. */

export interface PlansTable {
  name: string;
  per_second: number;
  per_day: number;
  export_allowed: number;
}

export interface ApiKeysTable {
  id: string;
  /** SHA-256 of the key, hex; the key itself is never stored. */
  key_hash: string;
  /** First characters of the key, shown in listings so an operator can tell keys apart. */
  key_hint: string;
  plan: string;
  name: string;
  /** JSON array of referrer patterns. */
  referrers: string;
  /** JSON array of CIDR blocks. */
  ips: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Requests counted per key, limit bucket (e.g. `search`) and JST day (YYYY-MM-DD). */
export interface UsageCountersTable {
  bucket: string;
  key_id: string;
  day: string;
  count: number;
}

/** One dataset update (SPEC.md §2.8) and the snapshot it made current. */
export interface UpdatesTable {
  update_id: string;
  /** Import order, 1 for the baseline; the current snapshot is the one with the highest seq. */
  seq: number;
  previous_update_id: string | null;
  effective_date: string;
  created_at: string;
  run_type: string;
  validation_result: string;
  bank_rows: number;
  branch_rows: number;
  /** Where the snapshot came from, e.g. `zengin-code@1.0.0-p20260331`. */
  source: string;
  /** JSON of the RawSnapshot. */
  snapshot: string;
}

/** One change of an update (SPEC.md §2.8); JSON columns hold objects and arrays. */
export interface ChangesTable {
  change_id: string;
  update_id: string;
  seq: number;
  resource_type: string;
  change_type: string;
  bank_code: string;
  bank_name: string | null;
  branch_code: string | null;
  branch_name: string | null;
  before: string;
  after: string;
  changed_fields: string;
  field_changes: string;
  reason_label_ja: string;
}

/** A built Master Export ZIP and what `/master/v1/latest` says about it. */
export interface ExportsTable {
  dataset_id: string;
  version: string;
  effective_date: string;
  published_at: string;
  zip_sha256: string;
  zip_size_bytes: number;
  bank_row_count: number;
  branch_row_count: number;
  zip: Buffer;
}

export interface Database {
  exports: ExportsTable;
  updates: UpdatesTable;
  changes: ChangesTable;
  plans: PlansTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  usage_counters: UsageCountersTable;
}


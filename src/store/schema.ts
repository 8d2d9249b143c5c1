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

/** One dataset update (docs/history.md#snapshots-and-updates) and the snapshot it made current. */
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

/** One change of an update (docs/history.md#diff-rules); JSON columns hold objects and arrays. */
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

/** An operator of the console; only a scrypt hash of the password is kept (src/console/password.ts). */
export interface OperatorsTable {
  name: string;
  password_hash: string;
  created_at: string;
  password_changed_at: string;
}

/** A console session: the SHA-256 of the cookie's value, never the value itself. */
export interface OperatorSessionsTable {
  id_hash: string;
  operator: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  ip: string;
}

/** One operator action: who, when, what (action and target, detail as JSON) and from where. */
export interface AuditLogTable {
  id: string;
  at: string;
  operator: string;
  action: string;
  target: string;
  detail: string;
  ip: string;
}

/** Requests per JST day, key (`-` without a valid key), API and outcome (`2xx`, `4xx`, `429`, `5xx`). */
export interface UsageDailyTable {
  day: string;
  key_id: string;
  api: string;
  outcome: string;
  count: number;
}

/** The same counts per UTC minute (`YYYY-MM-DDThh:mm`), kept for the last hour or two. */
export interface UsageMinutesTable {
  minute: string;
  key_id: string;
  api: string;
  outcome: string;
  count: number;
}

/** The heartbeat of one running server. */
export interface ReplicasTable {
  id: string;
  host: string;
  pid: number;
  version: string;
  started_at: string;
  seen_at: string;
}

export interface Database {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  usage_daily: UsageDailyTable;
  usage_minutes: UsageMinutesTable;
  replicas: ReplicasTable;
  exports: ExportsTable;
  updates: UpdatesTable;
  changes: ChangesTable;
  plans: PlansTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  usage_counters: UsageCountersTable;
}


/** Table types of the SQL store, shared by SQLite and PostgreSQL. Booleans are 0/1 integers. */

export interface PlansTable {
  name: string;
  per_second: number;
  per_day: number;
  export_allowed: number;
  /** Webhooks a key of the plan may have (docs/webhooks.md#limits). */
  webhooks: number;
  /** Codes one of its webhooks may watch. */
  webhook_codes: number;
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

/** A key's webhook (docs/webhooks.md): where its events go and what it watches. */
export interface WebhooksTable {
  id: string;
  key_id: string;
  url: string;
  /** JSON array of watched codes, `0537` or `0005-135`. */
  codes: string;
  description: string | null;
  /** The signing secret: needed to sign, so kept; never shown after creation nor logged. */
  secret: string;
  /** The secret the last rotation replaced, which signs beside `secret` until previous_secret_until (epoch ms). */
  previous_secret: string | null;
  previous_secret_until: number | string | null;
  created_at: string;
  /** Set when the receiver answered 410 Gone (or an operator disabled it): nothing is delivered. */
  disabled_at: string | null;
  disabled_reason: string | null;
}

/** One event of one webhook: the outbox row the delivery loop leases and sends. */
export interface WebhookEventsTable {
  /** `evt_…`, the Ginko-Event-Id header. */
  id: string;
  /** Order of the events (the pull feed's), across all webhooks. */
  seq: number | string;
  webhook_id: string;
  /** The update whose import made it. */
  update_id: string | null;
  /** The JSON body, as delivered and listed. */
  payload: string;
  created_at: string;
  /** `pending` (to deliver), `delivered` or `failed` (given up). */
  state: string;
  /** Attempts begun, the one in progress included. */
  attempts: number;
  /** Epoch ms. */
  next_attempt_at: number | string;
  /** Epoch ms after which a failed attempt gives the event up. */
  give_up_at: number | string;
  /** The replica delivering it now, until lease_until (epoch ms). */
  leased_by: string | null;
  lease_until: number | string | null;
  delivered_at: string | null;
}

/** One attempt to deliver an event (or a test ping). */
export interface WebhookDeliveriesTable {
  event_id: string;
  attempt: number;
  webhook_id: string;
  at: string;
  /** The receiver's HTTP status; null when there was no answer. */
  status: number | null;
  latency_ms: number;
  /** `delivered`, `retry` or `gone` (src/webhooks/retry-schedule.ts). */
  outcome: string;
  error: string | null;
}

export interface Database {
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
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


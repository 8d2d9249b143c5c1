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

export interface Database {
  plans: PlansTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  usage_counters: UsageCountersTable;
}


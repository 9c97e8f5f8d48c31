import type { ColumnType, Generated } from 'kysely';

/** Table types of log management (migration 063). Bigint ids are strings; `day` is 'YYYY-MM-DD'. */
type Stamp = ColumnType<Date, Date | string, Date | string>;

/** One call the server answered (day-partitioned). */
export interface ApiCallLogTable {
  day: string;
  id: Generated<string>;
  at: Stamp;
  request_id: string;
  user_id: string | null;
  operator_phone: string;
  operator_email: string;
  dealer_id: string | null;
  ip: string;
  interface_name: string;
  params: string;
  outcome_code: number;
  duration_ms: number;
}

export type LogKind = 'apiCall' | 'communication';

export interface LogRetentionTable {
  kind: LogKind;
  days: number;
}

export interface LogRetentionRunsTable {
  id: Generated<string>;
  started_at: Stamp;
  finished_at: Stamp;
  dropped: string[];
  error: string | null;
}

export interface LogTables {
  api_call_log: ApiCallLogTable;
  log_retention: LogRetentionTable;
  log_retention_runs: LogRetentionRunsTable;
}

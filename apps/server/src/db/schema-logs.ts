import type { LogKindName } from '@dcc/contract';
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

export type LogKind = LogKindName;

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

/** A change of the DTU-mainboard link a heartbeat reported (migration 092, day-partitioned). */
export interface ModuleLinkLogTable {
  day: string;
  device_id: string;
  at: Stamp;
  link: boolean;
}

/** A change of the way a unit's messages reach the cloud (migration 092, day-partitioned). */
export interface ReportModeLogTable {
  day: string;
  device_id: string;
  at: Stamp;
  mode: 'topic' | 'interface';
  topic: string;
}

export interface LogTables {
  api_call_log: ApiCallLogTable;
  module_link_log: ModuleLinkLogTable;
  report_mode_log: ReportModeLogTable;
  log_retention: LogRetentionTable;
  log_retention_runs: LogRetentionRunsTable;
  api_call_operators: ApiCallOperatorsTable;
}

/** The (phone, email) pairs the API call log was written with (migration 089): what its operator filter matches first. */
export interface ApiCallOperatorsTable {
  phone: string;
  email: string;
}

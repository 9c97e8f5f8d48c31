import type { LoggedChange, OperationAction, OperationOutcome } from '@dcc/contract';
import type { ColumnType } from 'kysely';

/** Table type of the device operation log (migration 021; 036: changes, and no foreign key on the device, so a deleted device's log stays; 091: partitioned by day). Bigint ids are strings. */
export interface DeviceOperationsTable {
  id: ColumnType<string, never, never>;
  /** The UTC day of created_at, the partition key (migration 091); 'YYYY-MM-DD'. */
  day: ColumnType<string, string | undefined, string>;
  device_id: string;
  device_code: string;
  operator_id: string | null;
  operator_name: string;
  dealer_id: string | null;
  action: OperationAction;
  request: ColumnType<Record<string, unknown>, string, string>;
  summary: string;
  /** The fields the action changed, old and new (migration 036). */
  changes: ColumnType<LoggedChange[], string | undefined, string>;
  outcome: OperationOutcome;
  /** The device's status name (refused) or the message key of the refusal (rejected). */
  detail: string;
  detail_params: ColumnType<Record<string, string | number>, string | undefined, string>;
  seq: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DeviceOperationTables {
  device_operations: DeviceOperationsTable;
}

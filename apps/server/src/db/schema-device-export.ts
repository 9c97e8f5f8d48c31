import type { ColumnType } from 'kysely';

/** Table types of migration 029 (device export jobs shared by every instance). */
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface DeviceExportJobsTable {
  id: ColumnType<string, never, never>;
  key_hash: string;
  user_id: string;
  dealer_id: string;
  state: 'running' | 'done' | 'failed';
  total_rows: number;
  written_rows: ColumnType<number, number | undefined, number>;
  file_name: string;
  /** Bigint: a string from the driver. */
  file_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  updated_at: Stamp;
  taken_at: NullableStamp;
  expires_at: Stamp;
}

export interface DeviceExportPartsTable {
  job_id: string;
  part: number;
  bytes: ColumnType<Buffer, Buffer, Buffer>;
}

export interface DeviceExportTables {
  device_export_jobs: DeviceExportJobsTable;
  device_export_parts: DeviceExportPartsTable;
}

import type { ColumnType } from 'kysely';

/** Table types of the dashboard's counts and daily roll-ups (migrations 051, 094). Bigint counts are read as text. */
type Count = ColumnType<string, number | string | undefined, number | string>;

export interface DeviceCountsTable {
  dealer_id: string;
  product_id: string;
  devices: Count;
  online: Count;
}

export interface DeviceCountChangesTable {
  dealer_id: string;
  product_id: string;
  devices: number;
  online: number;
}

export interface DailyDeviceStatTable {
  dealer_id: string;
  /** A date column, read as YYYY-MM-DD text (pg type 1082 parsed as text, see database.ts). */
  stat_day: ColumnType<string, string, string>;
  added: ColumnType<number, number | undefined, number>;
  activated: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  online: ColumnType<number, number | undefined, number>;
}

/** Projects added and audits passed per platform day and owner dealer (migration 094), days that have ended. */
export interface DailyProjectStatTable {
  dealer_id: string;
  /** A date column, read as YYYY-MM-DD text. */
  stat_day: ColumnType<string, string, string>;
  added: ColumnType<number, number | undefined, number>;
  passed: ColumnType<number, number | undefined, number>;
}

export interface DashboardTables {
  device_counts: DeviceCountsTable;
  device_count_changes: DeviceCountChangesTable;
  daily_device_stat: DailyDeviceStatTable;
  daily_project_stat: DailyProjectStatTable;
}

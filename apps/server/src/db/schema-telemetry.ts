import type { FaultType } from '@dcc/contract';
import type { ColumnType } from 'kysely';

/** Table types of the telemetry (migration 020). Bigint ids are strings; `day` is 'YYYY-MM-DD'. */
type Stamp = ColumnType<Date, Date | string, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;
type Day = ColumnType<string, string, string>;

/** One stored frame or property post: addresses and their values side by side (day-partitioned). */
export interface TelemetryHistoryTable {
  day: Day;
  device_id: string;
  at: Stamp;
  seq: number;
  digest: number;
  addresses: number[];
  point_values: Array<number | null>;
}

/** Every message of a known device as it came (the communication log), with its refusal reason when refused. */
export interface RawPacketsTable {
  day: Day;
  device_id: string;
  at: Stamp;
  seq: number;
  digest: number;
  direction: WithDefault<'up' | 'down'>;
  payload: Buffer;
  kind: string | null;
  refusal: string | null;
}

export interface DeviceFaultsTable {
  id: ColumnType<string, never, never>;
  device_id: string;
  address: number;
  fault_code: string;
  level: number;
  fault_type: FaultType;
  opened_at: Stamp;
  closed_at: NullableStamp;
  repaired: WithDefault<boolean>;
  /** Set when a person marked the fault repaired (migration 027); null when the device cleared it. */
  repaired_at: WithDefault<Date | null>;
  repaired_by: WithDefault<string | null>;
  repaired_by_name: WithDefault<string>;
}

export interface IngestRefusalsTable {
  device_code: string;
  reason: string;
  count: ColumnType<string, number, number>;
  first_at: Stamp;
  last_at: Stamp;
}

/** Bytes and messages per device and platform day (PLATFORM_TIME_ZONE; UTC days before issue 20), up (ingest) and down (commands); migration 030. */
export interface DeviceTrafficTable {
  device_id: string;
  day: Day;
  bytes_up: ColumnType<string, number | undefined, number>;
  packets_up: ColumnType<string, number | undefined, number>;
  bytes_down: ColumnType<string, number | undefined, number>;
  packets_down: ColumnType<string, number | undefined, number>;
}

export interface TelemetryTables {
  telemetry_history: TelemetryHistoryTable;
  raw_packets: RawPacketsTable;
  device_faults: DeviceFaultsTable;
  ingest_refusals: IngestRefusalsTable;
  device_traffic: DeviceTrafficTable;
}

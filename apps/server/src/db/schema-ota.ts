import type { FirmwareType, OtaGeneration, OtaTaskState, RolloutState } from '@dcc/contract';
import type { ColumnType } from 'kysely';

/** Table types of firmware upgrades over the air (migration 071). Bigint ids are strings. */
type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface OtaFirmwareTable {
  id: Id;
  generation: OtaGeneration;
  dealer_id: string;
  product_id: string;
  type: FirmwareType;
  name: string;
  version: string;
  software_code: string;
  hardware_code: string;
  supports_upgrade: boolean;
  size: number;
  sha256: string;
  bytes: Buffer;
  uploaded_by: string | null;
  created_at: Stamp;
}

export interface OtaTasksTable {
  id: Id;
  generation: OtaGeneration;
  dealer_id: string;
  firmware_id: string | null;
  firmware_name: string;
  firmware_version: string;
  rollback: WithDefault<boolean>;
  state: WithDefault<OtaTaskState>;
  rate_per_minute: number;
  max_downloading: number;
  timeout_minutes: number;
  created_by: string | null;
  created_at: Stamp;
  ended_at: NullableStamp;
}

export interface OtaTaskDevicesTable {
  id: Id;
  task_id: string;
  device_id: string;
  state: WithDefault<RolloutState>;
  reason: string | null;
  percent: WithDefault<number>;
  from_version: WithDefault<string>;
  to_version: string;
  notified_at: NullableStamp;
  first_progress_at: NullableStamp;
  downloaded_at: NullableStamp;
  updated_at: Stamp;
  finished_at: NullableStamp;
}

export interface OtaTables {
  ota_firmware: OtaFirmwareTable;
  ota_tasks: OtaTasksTable;
  ota_task_devices: OtaTaskDevicesTable;
}

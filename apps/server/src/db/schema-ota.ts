import type { FirmwareType, OtaGeneration, OtaHealth, OtaPauseReason, OtaTaskState, RolloutState } from '@dcc/contract';
import type { ColumnType } from 'kysely';
import type { FirmwareStoreKind } from '../firmware-store-config.ts';

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
  /** The file when stored_in is 'database' (null there only inside the upload's transaction); null in S3. */
  bytes: Buffer | null;
  stored_in: WithDefault<FirmwareStoreKind>;
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
  // Rollout policy (migration 076).
  waves: WithDefault<number[]>;
  wave_index: WithDefault<number>;
  wave_ended_at: NullableStamp;
  health_gate: WithDefault<boolean>;
  soak_seconds: WithDefault<number>;
  health_margin: WithDefault<number>;
  abort_percent: WithDefault<number>;
  abort_min_devices: WithDefault<number>;
  retry_seconds: WithDefault<number[]>;
  window_start: WithDefault<number>;
  window_end: WithDefault<number>;
  filter: ColumnType<OtaTaskFilter | null, string | null | undefined, string | null>;
  end_at: NullableStamp;
  pause_reason: ColumnType<OtaPauseReason | null, OtaPauseReason | null | undefined, OtaPauseReason | null>;
  health: ColumnType<OtaHealth | null, string | null | undefined, string | null>;
  source_task_id: ColumnType<string | null, string | null | undefined, string | null>;
  product_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The filter a continuously targeted task keeps matching devices with. */
export interface OtaTaskFilter {
  deviceCode: string;
  softwareVersion: string;
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
  attempts: WithDefault<number>;
  retry_at: NullableStamp;
  /** Whether the device's joining and its end are in its operation log (migration 097, ota/device-log.ts). */
  join_logged: WithDefault<boolean>;
  end_logged: WithDefault<boolean>;
}

export interface OtaTables {
  ota_firmware: OtaFirmwareTable;
  ota_tasks: OtaTasksTable;
  ota_task_devices: OtaTaskDevicesTable;
}

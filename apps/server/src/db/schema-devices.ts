import type { DeviceStatusValue } from '@dcc/contract';
import type { ColumnType } from 'kysely';

/** Table types of the device registry (migrations 017 and later). Bigint ids are strings. */
type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export type DeviceSignal = 'weak' | 'moderate' | 'strong';

export interface DevicesTable {
  id: Id;
  /** The IoT code: MQTT client id and topic segment (isDeviceCode), unique. */
  device_code: string;
  device_name: string;
  product_id: string;
  /** Machine barcode; '' when unknown, unique otherwise. */
  sn: WithDefault<string>;
  model: WithDefault<string>;
  /** The owning dealer. */
  dealer_id: string;
  /** The project the device is in (migration 046), at most one. */
  project_id: WithDefault<string | null>;
  /** Activated without skipping the audit: the project's passed audit activates it (migration 046). */
  awaiting_audit: WithDefault<boolean>;
  status: WithDefault<DeviceStatusValue>;
  locked: WithDefault<boolean>;
  important: WithDefault<boolean>;
  activated_at: NullableStamp;
  warranty_until: NullableStamp;
  imei: WithDefault<string>;
  icc_id: WithDefault<string>;
  software_code: WithDefault<string>;
  software_version: WithDefault<string>;
  signal: WithDefault<DeviceSignal | null>;
  dtu_link: WithDefault<boolean | null>;
  last_online_at: NullableStamp;
  offline_code: WithDefault<number | null>;
  address: WithDefault<string>;
  /** GB/T 2260 division of the device, '' when unknown (migration 026). */
  province_code: WithDefault<string>;
  city_code: WithDefault<string>;
  /** Whether the device's MQTT connection is up (migration 019); `status` shows it once activated. */
  connected: WithDefault<boolean>;
  /** The live connection (presence.ts): a late close of an older connection does not touch a newer one. */
  connection_id: WithDefault<string | null>;
  connected_at: NullableStamp;
  /** Refused at sign-in (522) and dropped when disabled while connected. */
  disabled: WithDefault<boolean>;
  /** AES-256-GCM box of the device secret (modules/devices/secret-box.ts), never the secret itself. */
  secret_box: Buffer;
  /** Optimistic-concurrency version (db/record-version.ts). */
  version: WithDefault<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

/** Latest value of every point of a device (migration 018): address (as text) to value; and when each came (ISO). */
export interface DeviceValuesTable {
  device_id: string;
  point_values: ColumnType<Record<string, number | null>, string | undefined, string>;
  reported_at: ColumnType<Record<string, string>, string | undefined, string>;
  /** Counts the writes of the row: the ingest replaces a row only at the revision it read (migration 023). */
  revision: ColumnType<string, string | number | undefined, string | number>;
  updated_at: Stamp;
}

/** Online/offline changes of a device with their reason codes (migration 019). */
export interface DeviceStatusEventsTable {
  id: ColumnType<string, never, never>;
  device_id: string;
  connected: boolean;
  code: number;
  at: Stamp;
}

/** A user's favourite devices (migration 026). */
export interface DeviceFavouritesTable {
  user_id: string;
  device_id: string;
  created_at: Stamp;
}

export interface DeviceCustomersTable {
  device_id: string;
  customer_id: string;
  allocated_at: Stamp;
}

export interface DeviceTables {
  device_customers: DeviceCustomersTable;
  device_favourites: DeviceFavouritesTable;
  device_status_events: DeviceStatusEventsTable;
  devices: DevicesTable;
  device_values: DeviceValuesTable;
}

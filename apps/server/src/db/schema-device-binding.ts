import type { ColumnType } from 'kysely';

/** Table types of migration 028 (barcode binding and MAC mapping). Bigint ids are strings. */
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type SnBindingSource = 'console' | 'pda';
export type MacState = 'undistributed' | 'occupied' | 'succeeded';

/** Who bound a device's barcode (devices.sn) and when. */
export interface DeviceSnBindingsTable {
  device_id: string;
  bound_by: string | null;
  bound_by_name: ColumnType<string, string | undefined, string>;
  source: SnBindingSource;
  bound_at: Stamp;
}

/** A MAC address of a company and the device it is allocated to. */
export interface DeviceMacsTable {
  id: ColumnType<string, never, never>;
  mac: string;
  owner_dealer_id: string;
  state: ColumnType<MacState, MacState | undefined, MacState>;
  device_id: string | null;
  occupied_at: NullableStamp;
  succeeded_at: NullableStamp;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface DeviceBindingTables {
  device_sn_bindings: DeviceSnBindingsTable;
  device_macs: DeviceMacsTable;
}

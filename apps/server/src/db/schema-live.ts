import type { ColumnType, JSONColumnType } from 'kysely';

/** Table types of migration 022 (live push, gateways and sub-devices, dynamic registration). */
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface LiveEventTicketsTable {
  ticket_hash: string;
  token_hash: string;
  user_id: string;
  dealer_id: string;
  device_ids: JSONColumnType<string[] | null, string | null, string | null>;
  locale: string;
  expires_at: Stamp;
}

export interface DeviceEventPayloadsTable {
  id: ColumnType<string, never, never>;
  payload: string;
  created_at: Stamp;
}

export interface DeviceTopologyTable {
  child_device_id: string;
  gateway_device_id: string;
  created_at: Stamp;
}

export interface DeviceRegistrationNoncesTable {
  product_id: string;
  random: string;
  used_at: Stamp;
}

export interface LiveTables {
  live_event_tickets: LiveEventTicketsTable;
  device_event_payloads: DeviceEventPayloadsTable;
  device_topology: DeviceTopologyTable;
  device_registration_nonces: DeviceRegistrationNoncesTable;
}

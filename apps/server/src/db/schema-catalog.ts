import type { ColumnType, JSONColumnType } from 'kysely';

/** Table types of migration 007 (the catalog of issue 4); merged into DB in schema.ts. */
type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;
/** jsonb read as parsed values, written as JSON text. */
type Json<T extends object> = JSONColumnType<T, string | undefined, string>;

interface Stamped {
  creator_name: WithDefault<string>;
  modifier_name: WithDefault<string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface SeriesTable extends Stamped {
  id: Id;
  name: string;
  /** English name (migration 100); '' when none. */
  en_name: WithDefault<string>;
}

export interface DataTypesTable extends Stamped {
  id: Id;
  name: string;
  /** English name (migration 100); '' when none. */
  en_name: WithDefault<string>;
  report_rule: WithDefault<string>;
  send_rule: WithDefault<string>;
  description: WithDefault<string>;
  signed: WithDefault<boolean>;
  sort_order: WithDefault<number>;
}

export interface ProtocolsTable extends Stamped {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  id: Id;
  name: string;
  /** English name (migration 100); '' when none. */
  en_name: WithDefault<string>;
  code: string;
  description: WithDefault<string>;
}

export interface ProtocolVersionsTable {
  id: Id;
  protocol_id: string;
  name: string;
  description: WithDefault<string>;
  creator_name: WithDefault<string>;
  created_at: Stamp;
}

export interface StoredEnumItem {
  value: number;
  label: string;
  enLabel: string;
  description: string;
}
/** enContent is missing from items stored before it existed. */
export interface StoredBinaryItem {
  bit: number;
  code: string;
  content: string;
  enContent?: string;
}
export interface StoredFaultDefinition {
  faultCode: string;
  level: number;
  bit: number | null;
  value: number | null;
  description: string;
  /** Absent in rows written before issue 20. */
  enDescription?: string;
}
export interface StoredFieldChange {
  field: string;
  before: string;
  after: string;
}

export interface ProtocolPointsTable {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  id: Id;
  version_id: string;
  address: number;
  code: string;
  name: string;
  en_name: WithDefault<string>;
  mode: 'R' | 'W' | 'RW';
  vendor_param: WithDefault<boolean>;
  basic_info: WithDefault<boolean>;
  end_user_display: WithDefault<boolean>;
  client_param: WithDefault<boolean>;
  hidden: WithDefault<boolean>;
  code_class: WithDefault<string>;
  byte_length: 1 | 2 | 4;
  high_low: WithDefault<boolean>;
  high_point: number | null;
  low_point: number | null;
  data_type_id: string | null;
  report_formula: WithDefault<string>;
  send_formula: WithDefault<string>;
  fault_type: WithDefault<boolean>;
  value_range: WithDefault<string>;
  unit: WithDefault<string>;
  /** Migration 059: the unit in English where it is a word ('' for a symbol, shown alike). */
  en_unit: WithDefault<string>;
  default_value: number | null;
  description: WithDefault<string>;
  en_description: WithDefault<string>;
  value_kind: WithDefault<'number' | 'enum' | 'binary'>;
  enum_items: Json<StoredEnumItem[]>;
  binary_items: Json<StoredBinaryItem[]>;
  fault_definitions: Json<StoredFaultDefinition[]>;
  modifier_name: WithDefault<string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface PointHistoryTable {
  id: Id;
  version_id: string;
  point_id: string | null;
  address: number;
  code: string;
  name: string;
  action: 'add' | 'update' | 'delete' | 'import';
  changes: Json<StoredFieldChange[]>;
  operator_name: WithDefault<string>;
  operator_id: string | null;
  created_at: Stamp;
}

export interface ProductsTable extends Stamped {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  id: Id;
  name: string;
  en_name: WithDefault<string>;
  product_key: string;
  series_id: string;
  network_method: string;
  node_type: string;
  data_format: 'custom' | 'alink';
  message_type: 'pm' | 'tm';
  protocol_type: string;
  protocol_id: string | null;
  central_control: WithDefault<boolean>;
  /** Migration 046: a temperature/humidity sensor (needs its project's centralized controller first). */
  th_sensor: WithDefault<boolean>;
  lock_function: WithDefault<boolean>;
  dispatch_rule: string;
  third_party_platform: string;
  description: WithDefault<string>;
  image: WithDefault<string>;
  /** Whether a device may register itself with the product key and secret (migration 022). */
  dynamic_registration: WithDefault<boolean>;
  /** Sealed product secret (modules/devices/secret-box.ts); null until first revealed. */
  product_secret_box: WithDefault<Buffer | null>;
}

export interface ThingModelsTable {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  product_id: string;
  draft: Json<object>;
  published: JSONColumnType<object | null, string | null | undefined, string | null>;
  published_version: WithDefault<number>;
  draft_updated_at: Stamp;
  published_at: NullableStamp;
}

export interface CatalogTables {
  series: SeriesTable;
  data_types: DataTypesTable;
  protocols: ProtocolsTable;
  protocol_versions: ProtocolVersionsTable;
  protocol_points: ProtocolPointsTable;
  point_history: PointHistoryTable;
  products: ProductsTable;
  thing_models: ThingModelsTable;
}

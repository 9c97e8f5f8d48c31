import type { FirmwareType } from '@dcc/contract';
import type { ColumnType } from 'kysely';

/** Table types of the OTA catalog (migration 080): 4G batch upgrade tasks. Bigint ids are strings. */
type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface OtaBatchTasksTable {
  id: Id;
  /** The task whose per-device rows hold the devices the batch picked up. */
  task_id: string;
  dealer_id: string;
  product_id: string;
  ota_type: FirmwareType;
  software_code: string;
  enabled: WithDefault<boolean>;
  created_at: Stamp;
}

export interface OtaCatalogTables {
  ota_batch_tasks: OtaBatchTasksTable;
}

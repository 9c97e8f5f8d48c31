import type { ColumnType } from 'kysely';

/** Table types of projects (migration 046). Bigint ids are strings. */
type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface ProjectsTable {
  id: Id;
  dealer_id: string;
  name: string;
  is_cen_control: 'N' | 'Y';
  type: string;
  /** numeric(12, 2): read as text. */
  area: ColumnType<string, number, number>;
  province_code: string;
  address: string;
  user_name: string;
  user_phone: string;
  application: string;
  longitude: number;
  latitude: number;
  check_state: WithDefault<number>;
  check_submitted_at: NullableStamp;
  reject_reason: WithDefault<string>;
  important: WithDefault<boolean>;
  version: WithDefault<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ProjectPhotosTable {
  id: Id;
  project_id: string;
  photo_group: string;
  upload_id: string;
  url: string;
  created_at: Stamp;
}

export interface ProjectAuditsTable {
  id: Id;
  project_id: string;
  from_state: number;
  to_state: number;
  reason: WithDefault<string>;
  operator_id: string | null;
  operator_name: WithDefault<string>;
  created_at: Stamp;
}

export interface ProjectTables {
  projects: ProjectsTable;
  project_photos: ProjectPhotosTable;
  project_audits: ProjectAuditsTable;
}

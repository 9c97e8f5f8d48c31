import type { ColumnType } from 'kysely';

/** Table types of migration 005 (people records); merged into DB in schema.ts. */
type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface DepartmentsTable {
  id: Id;
  owner_dealer_id: string;
  code: string;
  name: string;
  production_base: string;
  created_by: string | null;
  creator_name: WithDefault<string>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface CustomersTable {
  user_id: string;
  owner_dealer_id: string;
}

export interface PdaUsersTable {
  user_id: string;
  department_id: string;
  owner_dealer_id: string;
}

export interface EngineersTable {
  user_id: string;
  owner_dealer_id: string;
  /** GB/T 2260 province or city codes (migration 016; the old typed `area` text is not read). */
  area_codes: WithDefault<string[]>;
  notes: WithDefault<string>;
  enabled: WithDefault<boolean>;
}

export interface PeopleTables {
  departments: DepartmentsTable;
  customers: CustomersTable;
  pda_users: PdaUsersTable;
  engineers: EngineersTable;
}

import type { AccountActionName, BuiltinRole } from '@dcc/contract';
import type { ColumnType, Generated } from 'kysely';
import type { CatalogTables } from './schema-catalog.ts';
import type { DeviceExportTables } from './schema-device-export.ts';
import type { DeviceBindingTables } from './schema-device-binding.ts';
import type { DeviceOperationTables } from './schema-device-operations.ts';
import type { DeviceTables } from './schema-devices.ts';
import type { ProjectTables } from './schema-projects.ts';
import type { DashboardTables } from './schema-dashboard.ts';
import type { OtaTables } from './schema-ota.ts';
import type { LiveTables } from './schema-live.ts';
import type { PeopleTables } from './schema-people.ts';
import type { TelemetryTables } from './schema-telemetry.ts';
import type { LogTables } from './schema-logs.ts';
import type { OtaCatalogTables } from './schema-ota-catalog.ts';

/** Table types for Kysely; they mirror migrations/*.sql. Bigint ids are strings. */
type Id = ColumnType<string, never, never>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface DealersTable {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  id: Id;
  parent_id: string | null;
  level: number;
  name: string;
  code: string;
  contact_name: WithDefault<string>;
  contact_phone: WithDefault<string>;
  contact_email: WithDefault<string>;
  area: WithDefault<string>;
  address: WithDefault<string>;
  licence_img: WithDefault<string>;
  type: WithDefault<string>;
  /** Set by a trigger on insert. */
  path: ColumnType<string, never, never>;
  enabled: WithDefault<boolean>;
  created_at: Stamp;
}

/** Console staff ('dealer'), end customers ('user'), PDA handhelds ('pda'), after-sales engineers ('engineer'). */
export type Identity = 'dealer' | 'user' | 'pda' | 'engineer';

export interface UsersTable {
  id: Id;
  user_name: string;
  real_name: WithDefault<string>;
  email: WithDefault<string>;
  img: WithDefault<string>;
  identity: Identity;
  password_hash: string;
  password_changed_at: Stamp;
  /** Set by an administrator's lock (migration 005); cleared only by unlock. */
  admin_locked_at: NullableStamp;
  /** The password must be changed at the next sign-in (migration 009: the first operator's one-time password). */
  password_change_required: WithDefault<boolean>;
  enabled: WithDefault<boolean>;
  created_at: Stamp;
}

export interface MembersTable {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  id: Id;
  dealer_id: string;
  user_id: string;
  jurisdiction: WithDefault<string>;
  created_at: Stamp;
}

export interface ButtonsTable {
  id: string;
  parent_id: string | null;
  label_key: string;
  sort: number;
}

export interface RolesTable {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  id: Id;
  dealer_id: string;
  name: string;
  /** A built-in role (migration 013): shown by its catalog name role.builtin.<builtin>, not by name. */
  builtin: WithDefault<BuiltinRole | null>;
  description: WithDefault<string>;
  view_level_max: WithDefault<number>;
  fault_levels: WithDefault<number[]>;
  created_at: Stamp;
}

export interface RoleButtonsTable {
  role_id: string;
  button_id: string;
}

export interface MemberRolesTable {
  member_id: string;
  role_id: string;
}

export type SessionScope = 'full' | 'passwordChange';
export type SessionEndReason = 'replaced' | 'logout' | 'expired' | 'passwordChanged' | 'locked';

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  scope: SessionScope;
  ip: WithDefault<string>;
  created_at: Stamp;
  last_seen_at: Stamp;
  ended_at: NullableStamp;
  end_reason: WithDefault<SessionEndReason | null>;
}

export interface LoginFailuresTable {
  id: Id;
  user_id: string;
  ip: WithDefault<string>;
  at: Stamp;
}

/** A wrong SMS code, per code and source address (no code: none was live). */
export interface SmsCodeFailuresTable {
  id: Id;
  code_id: string | null;
  ip: string;
  at: Stamp;
}

export interface AccessKeysTable {
  key_hash: string;
  user_ids: string[];
  created_at: Stamp;
  expires_at: Date | string;
  used_at: NullableStamp;
}

export type SmsPurpose = 'login' | 'resetPwd';

export interface SmsCodesTable {
  id: Id;
  phone: string;
  purpose: SmsPurpose;
  user_type: 'dealer' | 'user';
  code_hash: string;
  created_at: Stamp;
  expires_at: Date | string;
  tries: WithDefault<number>;
  used_at: NullableStamp;
}

export interface SmsOutboxTable {
  id: Id;
  phone: string;
  text: string;
  created_at: Stamp;
}

export interface NoticesTable {
  /** Optimistic-concurrency version (migration 008): an edit sends it back, a stale one is refused. */
  version: WithDefault<number>;
  id: Id;
  title: string;
  body: string;
  created_by: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface NoticeReadsTable {
  notice_id: string;
  user_id: string;
  read_at: Stamp;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PlatformStatusTable {
  id: Id;
  state: string;
  status: 'warning' | 'error';
  message_zh: string;
  message_en: string;
  sort: WithDefault<number>;
}

export type AccountAction = AccountActionName;

export interface AccountLogTable {
  id: Id;
  user_id: string | null;
  user_name: string;
  action: AccountAction;
  ip: WithDefault<string>;
  detail: WithDefault<string>;
  at: Stamp;
  /** Company of an administrative action (migration 005). */
  dealer_id: WithDefault<string | null>;
  operator_id: WithDefault<string | null>;
  operator_name: WithDefault<string>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface DB
  extends
    PeopleTables,
    CatalogTables,
    DeviceTables,
    DeviceOperationTables,
    TelemetryTables,
    LiveTables,
    DeviceExportTables,
    DeviceBindingTables,
    ProjectTables,
    DashboardTables,
    LogTables,
    OtaTables,
    OtaCatalogTables {
  dealers: DealersTable;
  users: UsersTable;
  members: MembersTable;
  buttons: ButtonsTable;
  roles: RolesTable;
  role_buttons: RoleButtonsTable;
  member_roles: MemberRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  access_keys: AccessKeysTable;
  sms_codes: SmsCodesTable;
  sms_code_failures: SmsCodeFailuresTable;
  sms_outbox: SmsOutboxTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  settings: SettingsTable;
  platform_status: PlatformStatusTable;
  account_log: AccountLogTable;
  schema_migrations: SchemaMigrationsTable;
}

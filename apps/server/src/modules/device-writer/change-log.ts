import type { LoggedChange, LoggedDeviceField, OperationAction } from '@dcc/contract';
import type { Transaction } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { DevicesTable } from '../../db/schema-devices.ts';
import { insertOperations, operationRow, type Operator } from '../device-commands/index.ts';

/** A device the writer changes: found in the caller's scope (or just created). */
export interface WrittenDevice {
  deviceId: string;
  deviceCode: string;
}

/** The caller of a call that changes a device: its scope and who it is, as the log names it. */
export interface Acting {
  scope: DealerScope;
  operator: Operator;
}

/** What the operation log says of a write, besides the fields the writer sees change. */
export interface ChangeLog {
  /** A person of the console, or null for the device itself (dynamic registration). */
  operator: Operator | null;
  action: OperationAction;
  /** What was asked, as the entry's request. */
  request?: Record<string, unknown>;
  summary?: string;
  /** Fields only the caller knows (a file name, a command's flag, a customer's name). */
  changes?: readonly LoggedChange[];
  /** An applied command: its sequence number and the device's answer. */
  seq?: number | null;
  detail?: string;
  createdAt?: Date;
}

/** The device columns the log names, and the field each is named by; any other column (the secret, presence, the version) is never logged. */
export const LOGGED_COLUMNS = {
  device_name: 'deviceName',
  sn: 'sn',
  model: 'model',
  address: 'address',
  province_code: 'provinceCode',
  city_code: 'cityCode',
  dealer_id: 'owner',
  product_id: 'product',
  disabled: 'disabled',
  locked: 'locked',
  activated_at: 'activateTime',
  warranty_until: 'warrantyUntil',
  project_id: 'project',
  awaiting_audit: 'awaitingAudit',
  software_version: 'softwareVersion',
} as const satisfies Partial<Record<keyof DevicesTable, LoggedDeviceField>>;
export type LoggedColumn = keyof typeof LOGGED_COLUMNS;
export const LOGGED_COLUMN_NAMES = Object.keys(LOGGED_COLUMNS) as LoggedColumn[];

type Logged = string | number | boolean | null;
export type LoggedRow = Partial<Record<LoggedColumn, unknown>>;

type NamedColumn = 'dealer_id' | 'product_id' | 'project_id';
const NAMED_COLUMNS: ReadonlySet<LoggedColumn> = new Set<NamedColumn>(['dealer_id', 'product_id', 'project_id']);

/** A device's owner, product and project by name (a log reads after the dealer, product or project is renamed or gone). */
async function namesOf(trx: Transaction<DB>, rows: readonly LoggedRow[]): Promise<Map<string, string>> {
  const ids = (column: NamedColumn) => [
    ...new Set(rows.map((row) => row[column]).filter((id): id is string => typeof id === 'string')),
  ];
  const [dealers, products, projects] = [ids('dealer_id'), ids('product_id'), ids('project_id')];
  const named = new Map<string, string>();
  if (dealers.length)
    for (const d of await trx.selectFrom('dealers').select(['id', 'name', 'code']).where('id', 'in', dealers).execute())
      named.set(`dealer_id:${d.id}`, `${d.name} (${d.code})`);
  if (products.length)
    for (const p of await trx.selectFrom('products').select(['id', 'name']).where('id', 'in', products).execute())
      named.set(`product_id:${p.id}`, p.name);
  if (projects.length)
    for (const p of await trx.selectFrom('projects').select(['id', 'name']).where('id', 'in', projects).execute())
      named.set(`project_id:${p.id}`, p.name);
  return named;
}

function shown(column: LoggedColumn, value: unknown, names: Map<string, string>): Logged {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (NAMED_COLUMNS.has(column)) return names.get(`${column}:${String(value)}`) ?? String(value);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

/** The logged fields that differ between each pair of rows (before empty for a new device), old and new. */
export async function changedFields(
  trx: Transaction<DB>,
  pairs: ReadonlyArray<{ before: LoggedRow; after: LoggedRow }>,
): Promise<LoggedChange[][]> {
  const names = await namesOf(
    trx,
    pairs.flatMap((pair) => [pair.before, pair.after]),
  );
  return pairs.map(({ before, after }) =>
    LOGGED_COLUMN_NAMES.filter((column) => column in after).flatMap((column) => {
      const [from, to] = [shown(column, before[column], names), shown(column, after[column], names)];
      return from === to || (from === null && to === '') ? [] : [{ field: LOGGED_COLUMNS[column], from, to }];
    }),
  );
}

/** A statement carries at most 65,535 parameters: the entries of a large write go in slices. */
const LOG_ROWS_PER_INSERT = 2000;

/** One applied entry per device, in the writer's transaction. */
export async function logChanges(
  trx: Transaction<DB>,
  entries: ReadonlyArray<{ device: WrittenDevice; changes: readonly LoggedChange[] }>,
  log: ChangeLog,
): Promise<void> {
  const at = log.createdAt ?? new Date();
  const rows = entries.map(({ device, changes }) =>
    operationRow({
      deviceId: device.deviceId,
      deviceCode: device.deviceCode,
      operator: log.operator,
      action: log.action,
      request: log.request ?? {},
      summary: log.summary ?? '',
      changes: [...changes, ...(log.changes ?? [])],
      outcome: 'applied',
      detail: log.detail ?? '',
      seq: log.seq ?? null,
      createdAt: at,
      finishedAt: new Date(),
    }),
  );
  for (let start = 0; start < rows.length; start += LOG_ROWS_PER_INSERT)
    await insertOperations(trx, rows.slice(start, start + LOG_ROWS_PER_INSERT));
}

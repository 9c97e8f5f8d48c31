import {
  compareFirmwareVersions,
  ErrorCode,
  localName,
  OPEN_ROLLOUT_STATES,
  type Locale,
  type OtaBatchTask,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { takenRefusal } from '../../http/unique-violations.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/** Batch tasks under alias `b`, with their task `t`, owner `bo` and product `p`. */
const batchRows = (db: Kysely<DB>) =>
  db
    .selectFrom('ota_batch_tasks as b')
    .innerJoin('ota_tasks as t', 't.id', 'b.task_id')
    .innerJoin('dealers as bo', 'bo.id', 'b.dealer_id')
    .innerJoin('products as p', 'p.id', 'b.product_id');

const COLUMNS = [
  'b.id',
  'b.task_id',
  't.firmware_id',
  't.firmware_name',
  'b.product_id',
  'p.name as product_name',
  'p.en_name as product_en_name',
  'b.software_code',
  't.firmware_version',
  'b.ota_type',
  'b.created_at',
  'b.enabled',
  'b.dealer_id',
  sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id and d.state = 'succeeded')`.as(
    'succeeded',
  ),
  sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id and d.state in ('failed', 'timedOut', 'rejected'))`.as(
    'failed',
  ),
] as const;

type Row = {
  id: string;
  task_id: string;
  firmware_id: string | null;
  firmware_name: string;
  product_id: string;
  product_name: string;
  product_en_name: string;
  software_code: string;
  firmware_version: string;
  ota_type: OtaBatchTask['otaType'];
  created_at: Date;
  enabled: boolean;
  dealer_id: string;
  succeeded: string;
  failed: string;
};

const toBatch = (locale: Locale, r: Row): OtaBatchTask => ({
  batchId: r.id,
  taskId: r.task_id,
  firmwareId: r.firmware_id,
  firmwareName: r.firmware_name,
  productId: r.product_id,
  productName: localName(locale, r.product_name, r.product_en_name),
  softwareCode: r.software_code,
  version: r.firmware_version,
  otaType: r.ota_type,
  createTime: r.created_at.toISOString(),
  successCount: Number(r.succeeded),
  failCount: Number(r.failed),
  enabled: r.enabled,
});

/** A batch task of the scope's subtree, or undefined. */
export async function batchInScope(db: Kysely<DB>, scope: DealerScope, batchId: string, locale: Locale) {
  const row = await batchRows(db)
    .select(COLUMNS)
    .where('b.id', '=', batchId)
    .where(ownerInSubtree(scope, 'bo'))
    .executeTakeFirst();
  return row && { ...toBatch(locale, row), dealerId: row.dealer_id };
}

export async function batchPage(
  db: Kysely<DB>,
  scope: DealerScope,
  query: { pageIndex: number; pageSize: number; productId: string },
  locale: Locale,
): Promise<{ list: OtaBatchTask[]; totalSize: number }> {
  let base = batchRows(db).where(ownerInSubtree(scope, 'bo'));
  if (query.productId !== '') base = base.where('b.product_id', '=', query.productId);
  const { rows, totalSize } = await pageWithTotal(
    base,
    (filtered) => filtered.select(COLUMNS).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc'),
    query,
  );
  return { list: rows.map((row) => toBatch(locale, row)), totalSize };
}

/** Whether the company has another enabled batch task for the product. */
export async function enabledBatchOf(
  db: Kysely<DB>,
  dealerId: string,
  productId: string,
  except: string | null,
): Promise<boolean> {
  let query = db
    .selectFrom('ota_batch_tasks')
    .select('id')
    .where('dealer_id', '=', dealerId)
    .where('product_id', '=', productId)
    .where('enabled', '=', true);
  if (except !== null) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertBatch(
  db: Kysely<DB>,
  batch: {
    taskId: string;
    dealerId: string;
    productId: string;
    otaType: OtaBatchTask['otaType'];
    softwareCode: string;
    enabled: boolean;
  },
): Promise<string> {
  const row = await db
    .insertInto('ota_batch_tasks')
    .values({
      task_id: batch.taskId,
      dealer_id: batch.dealerId,
      product_id: batch.productId,
      ota_type: batch.otaType,
      software_code: batch.softwareCode,
      enabled: batch.enabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Turns a batch on (its task runs again, ended_at cleared) or off (its task is cancelled). */
export async function setBatchRow(db: Kysely<DB>, batchId: string, taskId: string, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('ota_batch_tasks').set({ enabled }).where('id', '=', batchId).execute();
    await trx
      .updateTable('ota_tasks')
      .set(enabled ? { state: 'running', ended_at: null } : { state: 'cancelled', ended_at: new Date() })
      .where('id', '=', taskId)
      .execute();
  });
}

/**
 * Puts online devices in the open upgrade of the enabled batch tasks that match them: devices of the batch's
 * product in the batch company's subtree, running a version older than the batch's, not in another open
 * upgrade. A device the batch had cancelled (it was disabled) is queued again; one that succeeded or failed is
 * not taken twice. `which` picks the devices (one that just came online) or the batch (just enabled).
 * Answers how many devices were queued; their tasks run again so that the rollout notifies them.
 */
export async function enrollBatchDevices(
  db: Kysely<DB>,
  which: { deviceId: string } | { batchId: string },
): Promise<number> {
  let query = db
    .selectFrom('ota_batch_tasks as b')
    .innerJoin('ota_tasks as t', 't.id', 'b.task_id')
    .innerJoin('dealers as bo', 'bo.id', 'b.dealer_id')
    .innerJoin('devices as dv', 'dv.product_id', 'b.product_id')
    .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
    .select(['b.task_id', 't.firmware_version', 'dv.id as device_id', 'dv.software_version'])
    .where('b.enabled', '=', true)
    .where('t.firmware_id', 'is not', null)
    .where('dv.connected', '=', true)
    .where(sql<boolean>`od.path like bo.path || '%'`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ota_task_devices as o')
            .select('o.id')
            .whereRef('o.device_id', '=', 'dv.id')
            .where('o.state', 'in', [...OPEN_ROLLOUT_STATES]),
        ),
      ),
    );
  query = 'deviceId' in which ? query.where('dv.id', '=', which.deviceId) : query.where('b.id', '=', which.batchId);
  const candidates = (await query.orderBy('b.id').execute()).filter(
    (c) => compareFirmwareVersions(c.firmware_version, c.software_version) > 0,
  );
  let queued = 0;
  const seen = new Set<string>();
  for (const c of candidates) {
    // A device matched by two batches (its company's and an ancestor's) goes to the first.
    if (seen.has(c.device_id)) continue;
    seen.add(c.device_id);
    const taken = await db
      .transaction()
      .execute(async (trx) => {
        const row = await sql<{ id: string }>`
        insert into ota_task_devices (task_id, device_id, from_version, to_version, updated_at)
        values (${c.task_id}, ${c.device_id}, ${c.software_version}, ${c.firmware_version}, now())
        on conflict (task_id, device_id) do update set state = 'queued', reason = null, percent = 0,
          from_version = excluded.from_version, notified_at = null, first_progress_at = null, downloaded_at = null,
          finished_at = null, updated_at = now()
        where ota_task_devices.state = 'cancelled'
        returning id`.execute(trx);
        if (row.rows.length === 0) return false;
        await trx
          .updateTable('ota_tasks')
          .set({ state: 'running', ended_at: null })
          .where('id', '=', c.task_id)
          .where('state', '<>', 'running')
          .execute();
        return true;
      })
      // Another task took the device meanwhile (one open upgrade per device): not this batch's now.
      .catch((error: unknown) => {
        if (takenRefusal(error)?.code === ErrorCode.OTA_DEVICE_BUSY) return false;
        throw error;
      });
    if (taken) queued += 1;
  }
  return queued;
}

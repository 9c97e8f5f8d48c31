import type { OtaHealth } from '@dcc/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type GatedTask = { id: string; dealer_id: string; product_id: string | null; firmware_version: string };

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

/**
 * The health of a task's upgraded devices over its soak (since `since`) beside the same product's devices of the
 * task owner's subtree not yet upgraded: the share with a fault open at any time of the soak, and the share
 * offline now.
 */
export async function measureHealth(trx: Transaction<DB>, task: GatedTask, since: Date): Promise<OtaHealth> {
  const { rows } = await sql<{ upgraded: boolean; n: string; faulty: string; offline: string }>`
    with owner as (select path from dealers where id = ${task.dealer_id}),
    upgraded as (select device_id from ota_task_devices where task_id = ${task.id} and state = 'succeeded'),
    population as (
      select dv.id, dv.connected, dv.id in (select device_id from upgraded) as upgraded
      from devices dv join dealers od on od.id = dv.dealer_id, owner
      where dv.product_id = ${task.product_id} and od.path like owner.path || '%'
        and (dv.id in (select device_id from upgraded) or dv.software_version <> ${task.firmware_version})
    )
    select p.upgraded, count(*) as n,
      count(*) filter (where exists (
        select 1 from device_faults f where f.device_id = p.id and (f.closed_at is null or f.closed_at >= ${since})
      )) as faulty,
      count(*) filter (where not p.connected) as offline
    from population p group by p.upgraded`.execute(trx);
  const of = (upgraded: boolean) => rows.find((r) => r.upgraded === upgraded);
  const up = of(true);
  const other = of(false);
  const upN = Number(up?.n ?? 0);
  const otherN = Number(other?.n ?? 0);
  return {
    upgraded: upN,
    others: otherN,
    upgradedFaultRate: share(Number(up?.faulty ?? 0), upN),
    upgradedOfflineRate: share(Number(up?.offline ?? 0), upN),
    otherFaultRate: share(Number(other?.faulty ?? 0), otherN),
    otherOfflineRate: share(Number(other?.offline ?? 0), otherN),
  };
}

/**
 * Drafts the rollback of a task's upgraded devices, for a person to confirm: a rollback task awaiting
 * confirmation with a firmware of the version most of them ran before, of the same area and product, that the
 * task's owner may use. Answers its id, or null when no such firmware is kept.
 */
export async function draftRollback(trx: Transaction<DB>, taskId: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`
    with src as (select * from ota_tasks where id = ${taskId}),
    back as (
      select from_version as version from ota_task_devices where task_id = ${taskId} and state = 'succeeded'
      group by from_version order by count(*) desc limit 1
    ),
    fw as (
      select f.id, f.name, f.version from ota_firmware f join dealers fo on fo.id = f.dealer_id, src, back,
        dealers o
      where o.id = src.dealer_id and f.generation = src.generation and f.product_id = src.product_id
        and f.version = back.version and (fo.path like o.path || '%' or o.path like fo.path || '%')
      order by f.created_at desc, f.id desc limit 1
    ),
    draft as (
      insert into ota_tasks (generation, dealer_id, firmware_id, firmware_name, firmware_version, rollback, state,
        rate_per_minute, max_downloading, timeout_minutes, created_by, source_task_id, product_id,
        window_start, window_end, retry_seconds, abort_percent, abort_min_devices)
      select src.generation, src.dealer_id, fw.id, fw.name, fw.version, true, 'awaitingConfirmation',
        src.rate_per_minute, src.max_downloading, src.timeout_minutes, src.created_by, src.id, src.product_id,
        src.window_start, src.window_end, src.retry_seconds, 100, src.abort_min_devices
      from src, fw
      returning id, firmware_version
    ),
    moved as (
      insert into ota_task_devices (task_id, device_id, from_version, to_version, updated_at)
      select draft.id, td.device_id, td.to_version, draft.firmware_version, now()
      from draft, ota_task_devices td
      where td.task_id = ${taskId} and td.state = 'succeeded'
      returning task_id
    )
    select id from draft where (select count(*) from moved) >= 0`.execute(trx);
  return rows[0]?.id ?? null;
}

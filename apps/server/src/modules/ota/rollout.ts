import { encodeOtaCancel, encodeOtaNotify } from '@dcc/protocol';
import { IN_FLIGHT_ROLLOUT_STATES, OPEN_ROLLOUT_STATES } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import type { Downlink } from '../../ingest/index.ts';
import { gatewayOfConnection } from '../topology/index.ts';
import type { FirmwareLinks } from './download-links.ts';

/** What moves rollouts on: the database, the way down to devices, the link signer and the address devices download from. */
export interface RolloutDeps {
  db: Kysely<DB>;
  downlink: Downlink;
  links: FirmwareLinks;
  /** e.g. https://iot.example.com: the download links are this plus the signed path. */
  baseUrl: () => string;
  log: FastifyBaseLogger;
}

type RunningTask = {
  id: string;
  firmware_id: string | null;
  firmware_version: string;
  rate_per_minute: number;
  max_downloading: number;
  timeout_minutes: number;
  size: number | null;
  sha256: string | null;
};

type Notice = { job: string; deviceId: string; deviceCode: string; connectionId: string | null };

const MINUTE_MS = 60_000;
const STARTED = ['downloading', 'verifying', 'upgrading'] as const;

/**
 * One step of a running task, under its row lock (so one instance at a time moves it):
 * - a device that started (first progress) and has no outcome within the timeout is timed out; one notified that
 *   never reported within the timeout too;
 * - queued devices whose device is offline are deferred ('offline'); queued and deferred devices that are online
 *   are notified, as many as the rate (devices per minute, over the last minute) and the download slots
 *   (at most N notified or working at once) allow;
 * - a task without open devices is finished.
 * Answers the devices to notify (sent after the commit).
 */
async function stepTask(db: Kysely<DB>, task: RunningTask): Promise<Notice[]> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('ota_tasks')
      .select('id')
      .where('id', '=', task.id)
      .where('state', '=', 'running')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!locked) return [];
    const now = new Date();
    const expired = new Date(now.getTime() - task.timeout_minutes * MINUTE_MS);
    await trx
      .updateTable('ota_task_devices')
      .set({ state: 'timedOut', finished_at: now, updated_at: now })
      .where('task_id', '=', task.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', 'in', [...STARTED]), eb('first_progress_at', '<', expired)]),
          eb.and([eb('state', '=', 'notified'), eb('notified_at', '<', expired)]),
        ]),
      )
      .execute();
    await sql`
      update ota_task_devices td set state = 'deferred', reason = 'offline', updated_at = ${now}
      from devices dv
      where dv.id = td.device_id and td.task_id = ${task.id} and td.state = 'queued' and not dv.connected`.execute(trx);
    const { inFlight, recent } = await trx
      .selectFrom('ota_task_devices')
      .select([
        sql<string>`count(*) filter (where state in (${sql.join(IN_FLIGHT_ROLLOUT_STATES.map((s) => sql.lit(s)))}))`.as(
          'inFlight',
        ),
        sql<string>`count(*) filter (where notified_at > ${new Date(now.getTime() - MINUTE_MS)})`.as('recent'),
      ])
      .where('task_id', '=', task.id)
      .executeTakeFirstOrThrow();
    const budget = Math.min(task.max_downloading - Number(inFlight), task.rate_per_minute - Number(recent));
    let notices: Notice[] = [];
    if (budget > 0 && task.firmware_id !== null) {
      const picked = await trx
        .selectFrom('ota_task_devices as td')
        .innerJoin('devices as dv', 'dv.id', 'td.device_id')
        .select(['td.id', 'td.device_id', 'dv.device_code', 'dv.connection_id'])
        .where('td.task_id', '=', task.id)
        .where('td.state', 'in', ['queued', 'deferred'])
        .where('dv.connected', '=', true)
        .orderBy('td.id')
        .limit(budget)
        .execute();
      if (picked.length > 0)
        await trx
          .updateTable('ota_task_devices')
          .set({ state: 'notified', reason: null, notified_at: now, updated_at: now })
          .where(
            'id',
            'in',
            picked.map((p) => p.id),
          )
          .execute();
      notices = picked.map((p) => ({
        job: p.id,
        deviceId: p.device_id,
        deviceCode: p.device_code,
        connectionId: p.connection_id,
      }));
    }
    const open = await trx
      .selectFrom('ota_task_devices')
      .select('id')
      .where('task_id', '=', task.id)
      .where('state', 'in', [...OPEN_ROLLOUT_STATES])
      .limit(1)
      .executeTakeFirst();
    if (!open)
      await trx.updateTable('ota_tasks').set({ state: 'finished', ended_at: now }).where('id', '=', task.id).execute();
    return notices;
  });
}

/** The rollouts of every running task, moved on by each instance every tick (OTA_TICK_MS). */
export class Rollout {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: RolloutDeps) {}

  /** Moves every running task one step on and sends the notifications it allows. */
  async tick(): Promise<void> {
    const { db } = this.deps;
    const tasks = await db
      .selectFrom('ota_tasks as t')
      .leftJoin('ota_firmware as fw', 'fw.id', 't.firmware_id')
      .select([
        't.id',
        't.firmware_id',
        't.firmware_version',
        't.rate_per_minute',
        't.max_downloading',
        't.timeout_minutes',
        'fw.size',
        'fw.sha256',
      ])
      .where('t.state', '=', 'running')
      .orderBy('t.id')
      .execute();
    for (const task of tasks) {
      const notices = await stepTask(db, task);
      await Promise.all(notices.map((notice) => this.notify(task, notice)));
    }
  }

  private async notify(task: RunningTask, notice: Notice): Promise<void> {
    const frame = encodeOtaNotify(
      notice.deviceCode,
      {
        job: Number(notice.job),
        size: task.size!,
        sha256: task.sha256!,
        version: task.firmware_version,
        url: `${this.deps.baseUrl()}${this.deps.links.path(task.firmware_id!, notice.job)}`,
      },
      { seq: Number(notice.job) & 0xffff },
    );
    const target = {
      deviceId: notice.deviceId,
      deviceCode: notice.deviceCode,
      gatewayCode: gatewayOfConnection(notice.connectionId),
    };
    const sent = frame.ok
      ? await this.deps.downlink.send(target, Buffer.from(frame.bytes)).then(
          () => true,
          () => false,
        )
      : false;
    if (!frame.ok) this.deps.log.error({ job: notice.job, error: frame.error }, 'OTA notify frame could not be built');
    // Not delivered (the device went away meanwhile): deferred again, tried at a later tick.
    if (!sent)
      await this.deps.db
        .updateTable('ota_task_devices')
        .set({ state: 'deferred', reason: 'offline', notified_at: null, updated_at: new Date() })
        .where('id', '=', notice.job)
        .where('state', '=', 'notified')
        .execute();
  }

  /** Tells devices to stop their jobs (a cancelled task); a device that cannot be reached is not told. */
  async stop(jobs: ReadonlyArray<{ job: string; deviceId: string; deviceCode: string }>): Promise<void> {
    await Promise.all(
      jobs.map(async ({ job, deviceId, deviceCode }) => {
        const frame = encodeOtaCancel(deviceCode, Number(job), { seq: Number(job) & 0xffff });
        if (frame.ok)
          await this.deps.downlink.send({ deviceId, deviceCode }, Buffer.from(frame.bytes)).catch(() => undefined);
      }),
    );
  }

  /** Ticks every `ms` until stopped; a tick never overlaps the previous one. */
  start(ms: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'OTA rollout step failed; tried again next tick'))
        .finally(() => {
          this.running = null;
        });
    }, ms);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

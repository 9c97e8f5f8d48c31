import { encodeOtaCancel, encodeOtaNotify } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema.ts';
import type { Downlink } from '../../ingest/index.ts';
import { gatewayOfConnection } from '../topology/index.ts';
import type { FirmwareLinks } from './download-links.ts';
import { stepTask, type Notice, type SteppedTask } from './rollout-step.ts';
import { RULE_COLUMNS } from './policy.ts';
import type { TaskLive } from './task-live.ts';

type RunningTask = SteppedTask & { size: number | null; sha256: string | null };

/** What moves rollouts on: the database, the way down to devices, the link signer and the address devices download from. */
export interface RolloutDeps {
  db: Kysely<DB>;
  downlink: Downlink;
  links: FirmwareLinks;
  /** e.g. https://iot.example.com: the download links are this plus the signed path. */
  baseUrl: () => string;
  log: FastifyBaseLogger;
  /** Tells the console of moved devices and tasks. */
  live: TaskLive;
  /** The platform's zone: maintenance windows are its wall clock. */
  timeZone: string;
}

/** The rollouts of every running task, moved on by each instance every tick (OTA_TICK_MS). */
export class Rollout {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: RolloutDeps) {}

  /** Moves every running or paused task one step on, sends the notifications it allows and tells the console. */
  async tick(): Promise<void> {
    const { db } = this.deps;
    const tasks = await db
      .selectFrom('ota_tasks as t')
      .leftJoin('ota_firmware as fw', 'fw.id', 't.firmware_id')
      .select([
        't.id',
        't.dealer_id',
        't.product_id',
        't.state',
        't.firmware_id',
        't.firmware_version',
        't.rate_per_minute',
        't.max_downloading',
        't.timeout_minutes',
        ...RULE_COLUMNS,
        't.wave_ended_at',
        't.filter',
        'fw.size',
        'fw.sha256',
      ])
      .where('t.state', 'in', ['running', 'paused'])
      .orderBy('t.id')
      .execute();
    for (const task of tasks as RunningTask[]) {
      const step = await stepTask(db, task, this.deps.timeZone);
      await Promise.all(step.notices.map((notice) => this.notify(task, notice)));
      if (step.stops.length > 0) await this.stop(step.stops);
      if (step.taskChanged) await this.deps.live.task(task.id, step.moved);
      else if (step.moved.length > 0) await this.deps.live.devices(task.id, step.moved, task.state);
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
        .set((eb) => ({
          state: 'deferred',
          reason: 'offline',
          notified_at: null,
          attempts: eb('attempts', '-', 1),
          updated_at: new Date(),
        }))
        .where('id', '=', notice.job)
        .where('state', '=', 'notified')
        .execute();
  }

  /** Tells devices to stop their jobs (a cancelled task); a device that cannot be reached is not told. */
  async stop(jobs: ReadonlyArray<Omit<Notice, 'connectionId'>>): Promise<void> {
    await Promise.all(
      jobs.map(async ({ job, deviceId, deviceCode }) => {
        const frame = encodeOtaCancel(deviceCode, Number(job), { seq: Number(job) & 0xffff });
        if (frame.ok)
          await this.deps.downlink.send({ deviceId, deviceCode }, Buffer.from(frame.bytes)).catch(() => undefined);
      }),
    );
  }

  /**
   * A device that came back (a reconnect, a reboot) while its job was in flight gets the same job again with a
   * fresh signed link: it resumes the download from the bytes it holds, nothing is re-assigned.
   */
  async renotify(deviceId: string): Promise<void> {
    const row = await this.deps.db
      .selectFrom('ota_task_devices as td')
      .innerJoin('ota_tasks as t', 't.id', 'td.task_id')
      .innerJoin('ota_firmware as fw', 'fw.id', 't.firmware_id')
      .innerJoin('devices as dv', 'dv.id', 'td.device_id')
      .select([
        'td.id',
        'dv.device_code',
        'dv.connection_id',
        't.firmware_id',
        't.firmware_version',
        'fw.size',
        'fw.sha256',
      ])
      .where('td.device_id', '=', deviceId)
      .where('td.state', 'in', ['notified', 'downloading'])
      .where('t.state', 'in', ['running', 'paused'])
      .executeTakeFirst();
    if (!row) return;
    await this.notify(row as unknown as RunningTask, {
      job: row.id,
      deviceId,
      deviceCode: row.device_code,
      connectionId: row.connection_id,
    });
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

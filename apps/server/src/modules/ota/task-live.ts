import type { LiveEventData, OtaGeneration, OtaTaskState } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import type { Moved } from './rollout-step.ts';

/** How often at most a task's counts are read and published while its devices report. */
export const TASK_COUNTS_EVERY_MS = 250;
/** Tasks whose last summary is kept (running tasks are few; ended ones are forgotten once told). */
const MAX_TASKS = 1000;
const ENDED: ReadonlySet<OtaTaskState> = new Set(['finished', 'cancelled', 'aborted']);

type Summary = Pick<LiveEventData<'otaTask'>, 'generation' | 'state' | 'progress' | 'counts'> & { dealerId: string };

interface Entry {
  summary: Summary | null;
  /** The first read, while it runs. */
  loading: Promise<void> | null;
  /** Reads of this task, one after the other: a later read is published after an earlier one. */
  chain: Promise<void>;
  timer: NodeJS.Timeout | null;
  reading: boolean;
  /** Devices reported since the last read began. */
  dirty: boolean;
  lastReadAt: number;
}

/** A device change for the live stream: its new state and reason, and its download percent when a report gave one. */
export type DeviceChange = Moved & { percent?: number | null };

async function readSummary(db: Kysely<DB>, taskId: string): Promise<Summary | null> {
  const row = await db
    .selectFrom('ota_tasks as t')
    .leftJoin('ota_task_devices as d', 'd.task_id', 't.id')
    .select([
      't.generation',
      't.dealer_id',
      't.state',
      sql<string>`count(d.id)`.as('total'),
      sql<string>`count(*) filter (where d.state = 'succeeded')`.as('succeeded'),
      sql<string>`count(*) filter (where d.state in ('failed', 'timedOut', 'rejected'))`.as('failed'),
      sql<string>`count(*) filter (where d.state = 'cancelled')`.as('cancelled'),
    ])
    .where('t.id', '=', taskId)
    .groupBy('t.id')
    .executeTakeFirst();
  if (!row) return null;
  const total = Number(row.total);
  const ended = Number(row.succeeded) + Number(row.failed) + Number(row.cancelled);
  return {
    dealerId: row.dealer_id,
    generation: row.generation as OtaGeneration,
    state: row.state as OtaTaskState,
    progress: total === 0 ? 100 : Math.floor((ended * 100) / total),
    counts: {
      total,
      succeeded: Number(row.succeeded),
      failed: Number(row.failed),
      open: total - ended,
      cancelled: Number(row.cancelled),
    },
  };
}

/**
 * Tells the console (the device event stream, to readers whose subtree holds the task's owner) that a task or
 * its devices changed. A device's change goes out at once with the task's counts last read (no count on its way);
 * the counts follow, read once for many reports, at most every TASK_COUNTS_EVERY_MS per task and always after the
 * last report. A change of the task itself (its state, its wave) is read and published at once, after any read in
 * flight, so the stream never shows an older state after a newer one.
 */
export class TaskLive {
  private readonly tasks = new Map<string, Entry>();
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly events: DeviceEvents,
    private readonly everyMs = TASK_COUNTS_EVERY_MS,
  ) {}

  /**
   * Devices of a task moved: published now with the last summary (the task's state as the caller read it when
   * given), the counts within everyMs. A task not seen before is read first, once.
   */
  async devices(taskId: string, changes: readonly DeviceChange[], state?: OtaTaskState): Promise<void> {
    const entry = this.entry(taskId);
    // The caller's state is older than a summary read meanwhile.
    const known = entry.summary !== null;
    if (!known) await (entry.loading ??= this.load(taskId, entry));
    if (!entry.summary) return;
    const summary = state && known ? { ...entry.summary, state } : entry.summary;
    for (const change of changes) this.publish(taskId, summary, change);
    this.soon(taskId, entry);
  }

  /** The task itself changed (and maybe devices with it): read and published after any read in flight. */
  task(taskId: string, changes: readonly DeviceChange[] = []): Promise<void> {
    const entry = this.entry(taskId);
    const run = entry.chain.then(async () => {
      entry.dirty = false;
      try {
        const summary = await this.read(taskId, entry);
        if (!summary) return;
        if (changes.length === 0) this.publish(taskId, summary, null);
        for (const change of changes) this.publish(taskId, summary, change);
      } finally {
        // Devices that reported while it read: their counts follow.
        if (entry.dirty) this.soon(taskId, entry);
        else this.forgetIfEnded(taskId, entry);
      }
    });
    entry.chain = run.catch(() => undefined);
    return run;
  }

  /** The first summary of a task, read once however many of its devices report meanwhile. */
  private load(taskId: string, entry: Entry): Promise<void> {
    const run = entry.chain.then(() => this.read(taskId, entry)).then(() => undefined);
    entry.chain = run.catch(() => undefined);
    return run.finally(() => {
      entry.loading = null;
    });
  }

  /** Stops the pending reads (the app closes) and waits for those running. */
  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.tasks.values()) if (entry.timer) clearTimeout(entry.timer);
    await Promise.all([...this.tasks.values()].map((entry) => entry.chain));
  }

  private entry(taskId: string): Entry {
    let entry = this.tasks.get(taskId);
    if (!entry) {
      entry = {
        summary: null,
        loading: null,
        chain: Promise.resolve(),
        timer: null,
        reading: false,
        dirty: false,
        lastReadAt: 0,
      };
      this.tasks.set(taskId, entry);
      if (this.tasks.size > MAX_TASKS) this.evictIdle();
    }
    return entry;
  }

  private async read(taskId: string, entry: Entry): Promise<Summary | null> {
    entry.reading = true;
    entry.lastReadAt = Date.now();
    try {
      const summary = await readSummary(this.db, taskId);
      entry.summary = summary;
      return summary;
    } finally {
      entry.reading = false;
    }
  }

  /** The counts moved: one read (and a task event) at most every everyMs, the last one after the last change. */
  private soon(taskId: string, entry: Entry): void {
    entry.dirty = true;
    if (entry.timer || entry.reading || this.closed) return;
    const wait = Math.max(0, entry.lastReadAt + this.everyMs - Date.now());
    entry.timer = setTimeout(() => {
      entry.timer = null;
      this.task(taskId).catch(() => undefined);
    }, wait);
  }

  private publish(taskId: string, summary: Summary, change: DeviceChange | null): void {
    this.events.publish({
      kind: 'otaTask',
      taskId,
      ...summary,
      deviceId: change?.deviceId ?? null,
      deviceState: change?.state ?? null,
      reason: change?.reason ?? null,
      percent: change?.percent ?? null,
      at: new Date().toISOString(),
    });
  }

  private forgetIfEnded(taskId: string, entry: Entry): void {
    if (entry.summary && ENDED.has(entry.summary.state) && !entry.timer) this.tasks.delete(taskId);
  }

  /** Forgets the oldest tasks with nothing pending: their next change reads them again. */
  private evictIdle(): void {
    for (const [taskId, entry] of this.tasks) {
      if (this.tasks.size <= MAX_TASKS) return;
      if (!entry.timer && !entry.reading && !entry.dirty) this.tasks.delete(taskId);
    }
  }
}

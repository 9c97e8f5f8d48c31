import { CLOUD_API, redactedParams } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import type { AnsweredCall, CallRecorder } from '../../http/call-recorder.ts';
import { ensureDayPartitions } from '../../ingest/index.ts';

export interface ApiCallWriterOptions {
  /** Most calls waiting to be written; a call beyond is counted as dropped, never queued. */
  capacity?: number;
  /** Most rows one insert writes. */
  batchSize?: number;
  /** How often the queue is written when it does not fill a batch first. */
  flushEveryMs?: number;
  log: { warn(obj: object, msg: string): void };
}

export interface ApiCallWriterStats {
  queued: number;
  written: number;
  /** Calls not logged: the queue was full (a burst outran the writer) or their batch failed to write. */
  dropped: number;
}

const TABLE = ['api_call_log'] as const;

export const interfaceNameOf = (path: string): string =>
  path.startsWith(`${CLOUD_API}/`) ? path.slice(CLOUD_API.length + 1) : path.replace(/^\//, '');

/**
 * The API call log's writer (issue 22): calls are queued by the pipeline and written in batches by a
 * single writer off the request path. The queue is bounded: a burst that outruns the writer costs log
 * rows (counted in `dropped`), never memory. Redaction (contract secret-field.ts) and the operators'
 * phone and email are done here, per batch.
 */
export class ApiCallWriter implements CallRecorder {
  private queue: AnsweredCall[] = [];
  private readonly capacity: number;
  private readonly batchSize: number;
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private readonly partitionDays = new Set<string>();
  private counts = { written: 0, dropped: 0 };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: ApiCallWriterOptions,
  ) {
    this.capacity = options.capacity ?? 10_000;
    this.batchSize = options.batchSize ?? 500;
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 1000);
    this.timer.unref();
  }

  record(answered: AnsweredCall): void {
    if (this.queue.length >= this.capacity) {
      this.counts.dropped += 1;
      return;
    }
    this.queue.push(answered);
    if (this.queue.length >= this.batchSize && !this.running) void this.flush();
  }

  stats(): ApiCallWriterStats {
    return { queued: this.queue.length, ...this.counts };
  }

  /** Writes everything queued so far (one writer at a time); answers when it is written or dropped. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.queue.length === 0) return;
    this.running = this.writeAll().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  /** Stops the timer and writes what is queued. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeAll(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchSize);
      try {
        await this.writeBatch(batch);
        this.counts.written += batch.length;
      } catch (error) {
        this.counts.dropped += batch.length;
        // The error only: a row's parameters never reach the server's own log.
        this.options.log.warn(
          { err: error instanceof Error ? { message: error.message } : {}, rows: batch.length },
          'API call log batch not written; its rows are counted as dropped',
        );
      }
    }
  }

  private async writeBatch(batch: readonly AnsweredCall[]): Promise<void> {
    const days = [...new Set(batch.map((answered) => dayOf(answered.at)))].filter(
      (day) => !this.partitionDays.has(day),
    );
    if (days.length > 0) {
      await ensureDayPartitions(this.db, days, TABLE);
      for (const day of days) this.partitionDays.add(day);
    }
    const userIds = [...new Set(batch.flatMap((answered) => (answered.userId ? [answered.userId] : [])))];
    const operators = new Map(
      userIds.length === 0
        ? []
        : (
            await this.db.selectFrom('users').select(['id', 'user_name', 'email']).where('id', 'in', userIds).execute()
          ).map((user) => [user.id, user]),
    );
    await this.db
      .insertInto('api_call_log')
      .values(
        batch.map((answered) => {
          const operator = answered.userId ? operators.get(answered.userId) : undefined;
          return {
            day: dayOf(answered.at),
            at: answered.at,
            request_id: answered.requestId,
            user_id: answered.userId,
            operator_phone: operator?.user_name ?? '',
            operator_email: operator?.email ?? '',
            dealer_id: answered.dealerId,
            ip: answered.ip,
            interface_name: interfaceNameOf(answered.call.path),
            params: redactedParams(answered.call.request, answered.payload),
            outcome_code: answered.outcomeCode,
            duration_ms: answered.durationMs,
          };
        }),
      )
      .execute();
  }
}

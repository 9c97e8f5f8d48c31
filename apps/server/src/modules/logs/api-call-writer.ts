import { CLOUD_API, redactedParams } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { arrayLiteral, type ArrayElement } from '../../db/array-literal.ts';
import { dayOfIso } from '../../db/partition-day.ts';
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
  /** The (phone, email) pairs known to be in api_call_operators. */
  private readonly operatorPairs = new Set<string>();
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
    const times = batch.map((answered) => answered.at.toISOString());
    const days = [...new Set(times.map(dayOfIso))].filter((day) => !this.partitionDays.has(day));
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
    const phones = batch.map((answered) => (answered.userId ? operators.get(answered.userId)?.user_name : '') ?? '');
    const emails = batch.map((answered) => (answered.userId ? operators.get(answered.userId)?.email : '') ?? '');
    await this.noteOperators(phones, emails);
    await insertRows(this.db, batch, times, phones, emails);
  }

  /** Adds the pairs not seen yet by this writer to api_call_operators (migration 089), before the rows that carry them. */
  private async noteOperators(phones: readonly string[], emails: readonly string[]): Promise<void> {
    const fresh = new Map<string, [string, string]>();
    for (let k = 0; k < phones.length; k++) {
      const key = `${phones[k]}\n${emails[k]}`;
      if (!this.operatorPairs.has(key)) fresh.set(key, [phones[k]!, emails[k]!]);
    }
    if (fresh.size === 0) return;
    const pairs = [...fresh.values()];
    await sql`
      insert into api_call_operators (phone, email)
      select * from unnest(${arrayLiteral(pairs.map(([phone]) => phone))}::text[], ${arrayLiteral(pairs.map(([, email]) => email))}::text[])
      on conflict do nothing`.execute(this.db);
    for (const key of fresh.keys()) this.operatorPairs.add(key);
  }
}

/**
 * One insert of the batch as twelve array parameters (unnest), each an array literal built in one pass:
 * a multi-row VALUES of 500 rows made Kysely build and pg serialise 6,000 parameters one by one, which
 * cost more of a call's server CPU than the rest of the log together (docs/PERFORMANCE.md, "API call log").
 */
async function insertRows(
  db: Kysely<DB>,
  batch: readonly AnsweredCall[],
  times: readonly string[],
  phones: readonly string[],
  emails: readonly string[],
): Promise<void> {
  const column = (value: (answered: AnsweredCall, k: number) => ArrayElement) => arrayLiteral(batch.map(value));
  await sql`
    insert into api_call_log (day, at, request_id, user_id, operator_phone, operator_email, dealer_id, ip, interface_name, params, outcome_code, duration_ms)
    select * from unnest(
      ${column((_, k) => dayOfIso(times[k]!))}::date[],
      ${column((_, k) => times[k]!)}::timestamptz[],
      ${column((answered) => answered.requestId)}::text[],
      ${column((answered) => answered.userId)}::bigint[],
      ${arrayLiteral(phones)}::text[],
      ${arrayLiteral(emails)}::text[],
      ${column((answered) => answered.dealerId)}::bigint[],
      ${column((answered) => answered.ip)}::text[],
      ${column((answered) => interfaceNameOf(answered.call.path))}::text[],
      ${column((answered) => redactedParams(answered.call.request, answered.payload))}::text[],
      ${column((answered) => answered.outcomeCode)}::int[],
      ${column((answered) => answered.durationMs)}::real[])`.execute(db);
}

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../../test/migrated-database.ts';
import { dayOf } from '../../db/partition-day.ts';
import { HISTORY_TABLES, ensureDayPartitions, startPartitionJob } from '../../ingest/partitions/partitions.ts';
import { loadIngestConfig } from '../../ingest-config.ts';
import { LOG_KIND_TABLES, runLogRetention } from './retention.ts';

/**
 * One owner of each day-partitioned table's retention (issue 22): the telemetry partition job drops the point
 * history by HISTORY_RETENTION_DAYS, the log retention job each log kind's table by its setting (recorded in
 * log_retention_runs). A log kind kept longer than HISTORY_RETENTION_DAYS is kept that long.
 */
const database = useMigratedDatabase();
const DAY_MS = 86_400_000;
const ago = (days: number, now = Date.now()) => new Date(now - days * DAY_MS);

const existing = async (names: readonly string[]) =>
  (
    await sql<{
      relname: string;
    }>`select relname from pg_class where relname in (${sql.join([...names])}) order by 1`.execute(database().db)
  ).rows.map((row) => row.relname);

/** One run of the telemetry partition job, as the server starts it (sink.ts), stopped after it. */
async function runPartitionJobOnce(retentionDays: number): Promise<void> {
  let ran!: (outcome: string) => void;
  const outcome = new Promise<string>((resolve) => (ran = resolve));
  const stop = startPartitionJob(database().db, {
    retentionDays,
    log: { warn: () => {} },
    onRun: (_job, result) => ran(result),
  });
  await expect(outcome).resolves.toBe('ok');
  await stop();
}

describe('retention owners', () => {
  it('has one owner for each day-partitioned table: the telemetry job or one log kind', async () => {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_partitioned_table p join pg_class c on c.oid = p.partrelid order by 1`.execute(
      database().db,
    );
    const owners = [...HISTORY_TABLES, ...Object.values(LOG_KIND_TABLES)];
    expect(new Set(owners).size).toBe(owners.length);
    expect(owners.sort()).toEqual(rows.map((row) => row.name));
  });

  it('keeps the raw packets as long as the communication log setting, past HISTORY_RETENTION_DAYS, and records their drop', async () => {
    const { db } = database();
    const historyDays = loadIngestConfig({}).retentionDays;
    expect(historyDays).toBe(180);
    const day = dayOf(ago(200)).replaceAll('-', '');
    await ensureDayPartitions(db, [dayOf(ago(200))]);
    await db.updateTable('log_retention').set({ days: 400 }).where('kind', '=', 'communication').execute();

    await runPartitionJobOnce(historyDays);
    // The telemetry job drops the point history's day only; the log kinds' days (180 days each) are not its own.
    expect(await existing([`telemetry_history_${day}`])).toEqual([]);
    const logDays = [`module_link_log_${day}`, `raw_packets_${day}`, `report_mode_log_${day}`];
    expect(await existing(logDays)).toEqual(logDays);

    // The log retention job: the packets' day is 200 days old, within the communication log's 400.
    const now = await runLogRetention(db);
    expect(now).not.toContain(`raw_packets_${day}`);
    expect(now).toEqual(expect.arrayContaining([`module_link_log_${day}`, `report_mode_log_${day}`]));
    expect(await existing(logDays)).toEqual([`raw_packets_${day}`]);

    // 201 days on, the day is 401 days old: dropped by the log retention job, and the drop recorded.
    const later = await runLogRetention(db, new Date(Date.now() + 201 * DAY_MS));
    expect(later).toContain(`raw_packets_${day}`);
    expect(await existing([`raw_packets_${day}`])).toEqual([]);
    const run = await db.selectFrom('log_retention_runs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(run).toMatchObject({ error: null, dropped: later });
  });
});

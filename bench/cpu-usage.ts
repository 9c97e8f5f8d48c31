import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used, from /proc; 0 when it cannot be read. */
function processCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The backend processes serving this database (PostgreSQL on this machine only). */
async function backendPids(db: Kysely<DB>): Promise<number[]> {
  const result = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  return result.rows.map((row) => row.pid);
}

/** Measures CPU seconds of this process and of the database backends between start and stop. */
export async function startCpuMeter(db: Kysely<DB> | null) {
  const pids = db ? await backendPids(db) : [];
  const database = () => pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const serverStart = process.cpuUsage();
  const databaseStart = database();
  return () => {
    const server = process.cpuUsage(serverStart);
    return {
      serverSeconds: (server.user + server.system) / 1e6,
      serverSystemSeconds: server.system / 1e6,
      databaseSeconds: database() - databaseStart,
    };
  };
}

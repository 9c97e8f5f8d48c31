import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** Each check of /readyz: the database answers, the migrations it holds are this build's, the broker link is up. */
export interface Readiness {
  ready: boolean;
  database: 'up' | 'down';
  /** current: this build's last migration is the newest applied; ahead: a newer build migrated further (a rolling upgrade). */
  migrations: 'current' | 'behind' | 'ahead' | 'unknown';
  /** off: this server takes no device messages (MQTT_PORT=off without MQTT_URL). */
  broker: 'up' | 'down' | 'off';
}

export interface ReadinessDeps {
  database: Database;
  /** The newest migration file of this build (migrate.ts). */
  latestMigration: string;
  /** Null when this server has no broker to be linked to. */
  brokerUp: (() => boolean) | null;
  /** A database that does not answer within this long counts as down (the pool itself would wait 5 s). */
  timeoutMs?: number;
  /** Answers are reused this long, so a probe storm costs one query a second. */
  cacheMs?: number;
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The readiness check of /readyz: one primary-key lookup (max over schema_migrations' key), cached for a second. */
export function readinessCheck(deps: ReadinessDeps): () => Promise<Readiness> {
  const cacheMs = deps.cacheMs ?? 1000;
  let last: { at: number; answer: Promise<Readiness> } | null = null;

  const check = async (): Promise<Readiness> => {
    const broker = deps.brokerUp === null ? 'off' : deps.brokerUp() ? 'up' : 'down';
    let applied: string | null;
    try {
      const result = await withinTime(
        sql<{ latest: string | null }>`select max(name) as latest from schema_migrations`.execute(deps.database.db),
        deps.timeoutMs ?? 2000,
      );
      applied = result.rows[0]?.latest ?? null;
    } catch {
      return { ready: false, database: 'down', migrations: 'unknown', broker };
    }
    const migrations =
      applied === deps.latestMigration
        ? 'current'
        : applied !== null && applied > deps.latestMigration
          ? 'ahead'
          : 'behind';
    return { ready: migrations !== 'behind' && broker !== 'down', database: 'up', migrations, broker };
  };

  return () => {
    const now = Date.now();
    if (!last || now - last.at >= cacheMs) last = { at: now, answer: check() };
    return last.answer;
  };
}

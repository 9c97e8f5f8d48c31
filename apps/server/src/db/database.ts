import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';
import { assertOutsideTransaction, guardedDialect } from './transaction-guard.ts';

/** An open database: the Kysely handle, a way to run a multi-statement script, and close. */
export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one connection that no other server instance can hold at the same time
   * (a PostgreSQL advisory lock), so that instances starting together migrate one after another.
   */
  exclusively<T>(work: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Runs a query that every call makes as a named prepared statement on PostgreSQL, so each
   * connection parses and plans it once; on PGlite it is an ordinary query.
   */
  prepared<R>(statement: PreparedStatement, parameters: readonly unknown[]): Promise<R[]>;
  /** PGlite only: the data directory as a tarball, which pgliteTemplate opens again (the tests' template). */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections (open, idle, callers waiting for one) and its maximum, for /metrics. */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** How much of the PostgreSQL pool is in use. */
export interface PoolUse {
  open: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Runs a script on the exclusive connection and answers the rows of its last statement. */
export type ScriptRunner = (script: string) => Promise<Record<string, unknown>[]>;

const MIGRATION_LOCK_KEY = 727274001;
/** How long a query waits for a pooled connection before it fails with DATABASE_UNAVAILABLE. */
export const CONNECT_TIMEOUT_MS = 5000;

/** SQL text with $1.. parameters that runs on every call: written once, planned once per connection. */
export interface PreparedStatement {
  name: string;
  text: string;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the PGlite data directory, or null for memory. */
  pgliteDir: string | null;
  poolSize: number;
  /** A PGlite data directory tarball (dumpDataDir) to start from instead of an empty database: the tests' template. */
  pgliteTemplate?: Blob;
  /**
   * Told when PostgreSQL ends an idle pooled connection (a restart, a failover, an administrator's
   * terminate): the pool drops it and opens another when needed. Without a listener the pool's
   * error event would end the process.
   */
  onConnectionLost?: (error: Error) => void;
}

const reportToStderr = (error: Error) => console.error(`PostgreSQL ended an idle connection: ${error.message}`);

/**
 * How values whose drivers' defaults differ are read, the same on both engines (engine-values.int.test.ts holds every
 * column type of the schema to one expectation): bigint ids as text (never lose precision); a date as its
 * 'YYYY-MM-DD' text (node-postgres made it a Date at midnight of the process's zone, PGlite at UTC midnight); bytea as
 * a Buffer (PGlite made it a bare Uint8Array, where `toString('hex')` answers the numbers joined by commas).
 */
const asText = (value: string) => value;
pg.types.setTypeParser(pg.types.builtins.INT8, asText);
pg.types.setTypeParser(pg.types.builtins.DATE, asText);
const PGLITE_PARSERS = {
  [pg.types.builtins.INT8]: asText,
  [pg.types.builtins.DATE]: asText,
  [pg.types.builtins.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex'),
};

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize, options.onConnectionLost ?? reportToStderr)
    : openPglite(options.pgliteDir, options.pgliteTemplate);
}

async function openPostgres(
  connectionString: string,
  max: number,
  onConnectionLost: (error: Error) => void,
): Promise<Database> {
  // A call waits at most this long for a connection (PostgreSQL away, or every connection busy), then fails.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', onConnectionLost);
  // A connection lost while checked out (between the statements of a transaction) emits its error on the
  // client, where the pool does not listen: unheard, it would end the process. The work on it fails instead.
  pool.on('connect', (client) => client.on('error', onConnectionLost));
  const db = new Kysely<DB>({ dialect: guardedDialect(new PostgresDialect({ pool })) });
  return {
    db,
    kind: 'postgres',
    async exclusively(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          return await work(async (script) => {
            const results = await client.query(script);
            const last = Array.isArray(results) ? results.at(-1) : results;
            return (last?.rows ?? []) as Record<string, unknown>[];
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async prepared<R>(statement: PreparedStatement, parameters: readonly unknown[]) {
      assertOutsideTransaction();
      const result = await pool.query({ name: statement.name, text: statement.text, values: [...parameters] });
      return result.rows as R[];
    },
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async close() {
      await db.destroy();
      // Kysely only ends a pool it has used; prepared and exclusive work use the pool directly.
      if (!pool.ended) await pool.end();
    },
  };
}

async function openPglite(dir: string | null, template?: Blob): Promise<Database> {
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create(dir ?? undefined, {
    parsers: PGLITE_PARSERS,
    loadDataDir: template,
  });
  const db = new Kysely<DB>({ dialect: guardedDialect(new PGliteDialect(pglite)) });
  return {
    db,
    kind: 'pglite',
    // One PGlite instance serves one process: nothing else can migrate it at the same time.
    async exclusively(work) {
      return work(async (script) => ((await pglite.exec(script)).at(-1)?.rows ?? []) as Record<string, unknown>[]);
    },
    async prepared<R>(statement: PreparedStatement, parameters: readonly unknown[]) {
      return (await db.executeQuery<R>(CompiledQuery.raw(statement.text, [...parameters]))).rows;
    },
    async dumpDataDir() {
      return pglite.dumpDataDir('none');
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

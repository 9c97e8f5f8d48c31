import { Writable } from 'node:stream';
import { ErrorCode } from '@dcc/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { useErrorEnvelopes } from './error-handler.ts';
import { loggerOptions } from './logger.ts';

const SECRET = 'e10adc3949ba59abbe56e057f20f883e';

/**
 * Item 10 of issue 8: a failed query is answered "Operation failed" and logged, but the log never
 * carries its parameters (a password hash here), whether the driver hangs them on the error
 * (PGlite), quotes them in the message (invalid input) or in the detail (duplicate key).
 */
describe('errors of failed queries in the log', () => {
  let database: Database;
  let app: FastifyInstance;
  const logs: string[] = [];
  beforeAll(async () => {
    // One connection: the temporary table below lives on it.
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null, poolSize: 1 });
    await sql`create temporary table log_probe (secret text primary key)`.execute(database.db);
    await sql`insert into log_probe values (${SECRET})`.execute(database.db);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    app = Fastify({ logger: loggerOptions('info', stream) });
    useErrorEnvelopes(app);
    app.post('/nul', async () => sql`select ${`${SECRET}\u0000`}::text as x`.execute(database.db));
    app.post('/cast', async () => sql`select ${SECRET}::int as x`.execute(database.db));
    app.post('/duplicate', async () => sql`insert into log_probe values (${SECRET})`.execute(database.db));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each([
    ['/nul', '22021'],
    ['/cast', '22P02'],
    ['/duplicate', '23505'],
  ])('%s answers Operation failed and logs the SQLSTATE %s without the parameter', async (url, sqlState) => {
    logs.length = 0;
    const answer = await app.inject({ method: 'POST', url, payload: {} });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ error_code: ErrorCode.INTERNAL, error_msg: 'Operation failed' });
    const line = logs.find((entry) => entry.includes('unexpected error'));
    expect(line, logs.join('\n')).toBeDefined();
    expect(JSON.parse(line!).err).toMatchObject({ code: sqlState });
    expect(line).not.toContain(SECRET);
    expect(line).not.toMatch(/"params"|"parameters"|"query"|"detail"/);
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs work on a connection to the server's base database (create and drop other databases). */
export async function onAdminConnection(baseUrl: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of another database on the server of baseUrl. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database name no other run or file uses at the same time. */
export const uniqueDatabaseName = (prefix: string): string =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/**
 * A fresh PostgreSQL database per test file, created on the server of DATABASE_URL and
 * dropped afterwards, so that runs never see each other's rows. With a template of this run
 * (database-templates.ts) it starts as a copy of it, otherwise empty.
 */
export async function createScratchDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = uniqueDatabaseName('dcc_test');
  await onAdminConnection(baseUrl, async (admin) => {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  });
  return {
    url: databaseUrl(baseUrl, name),
    drop: () =>
      onAdminConnection(baseUrl, async (admin) => {
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

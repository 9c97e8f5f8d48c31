import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { syncButtons } from '../src/db/seed/buttons.ts';
import { seedCatalogDemo } from '../src/db/seed/catalog-demo.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { seedDemoPeople } from '../src/db/seed/demo-people.ts';
import { seedOrganizationDemo } from '../src/db/seed/organization-demo.ts';
import { databaseUrl, onAdminConnection, uniqueDatabaseName } from './test-database.ts';

/** migrated: the schema only (migration tests, servers without demo data); seeded: also the buttons and the demo data. */
export type TemplateKind = 'migrated' | 'seeded';

/** Where this run's templates are: PGlite tarballs by kind, or PostgreSQL template database names by kind. */
interface Templates {
  pglite?: Record<TemplateKind, string>;
  postgres?: Record<TemplateKind, string>;
}

/** Set by the test run's global setup for the worker processes it starts; unset, every database starts empty. */
const TEMPLATES_ENV = 'DCC_TEST_TEMPLATES';

const templates = (): Templates => JSON.parse(process.env[TEMPLATES_ENV] ?? '{}') as Templates;

/**
 * Turns a migrated database into the seeded template: what a test server's own start does before it
 * serves (app.ts prepareDatabase), minus the platform operator check that every start makes with its
 * own configuration. The seeds are idempotent: the server runs them again on its copy and they find their markers.
 */
async function seed(database: Database): Promise<void> {
  await syncButtons(database.db);
  await seedDemo(database.db);
  await seedOrganizationDemo(database.db);
  await seedDemoPeople(database.db);
  await seedCatalogDemo(database.db);
}

async function onDatabase(options: DatabaseOptions, work: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase(options);
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

/** The migrated and the seeded PostgreSQL database of this run, copied with `create database .. template ..`. */
async function buildPostgresTemplates(baseUrl: string): Promise<() => Promise<void>> {
  const run = uniqueDatabaseName('dcc_template');
  const names = { migrated: `${run}_migrated`, seeded: `${run}_seeded` };
  const dropAll = () =>
    onAdminConnection(baseUrl, async (client) => {
      for (const name of Object.values(names)) await client.query(`drop database if exists ${name} with (force)`);
    });
  // Each is closed before it is copied: PostgreSQL copies a template only while nobody is connected to it.
  const build = async (name: string, from: string | null, work: (database: Database) => Promise<unknown>) => {
    await onAdminConnection(
      baseUrl,
      async (client) =>
        void (await client.query(from ? `create database ${name} template ${from}` : `create database ${name}`)),
    );
    await onDatabase(
      { databaseUrl: databaseUrl(baseUrl, name), pgliteDir: null, poolSize: 1 },
      async (database) => void (await work(database)),
    );
  };
  try {
    await build(names.migrated, null, migrate);
    await build(names.seeded, names.migrated, seed);
  } catch (error) {
    await dropAll();
    throw error;
  }
  process.env[TEMPLATES_ENV] = JSON.stringify({ postgres: names } satisfies Templates);
  return dropAll;
}

/**
 * Makes an in-memory PGlite quicker to open as a copy, which every test file's server does (about 0.6 CPU-s a
 * copy before, 0.33 after; docs/PERFORMANCE.md "A test database's copy"): its data directory without the databases
 * template0 and template1 that nothing here uses (a third of the files to unpack), and 16 MB of shared buffers
 * instead of PGlite's 128 MB, which every start fills with zeros (more than the test databases hold in all). And no
 * durability a copy in memory has no use for (full-page images, WAL beyond crash safety, syncs): one pass 4 % shorter.
 */
async function slimForCopies(database: Database): Promise<void> {
  await sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`.execute(
    database.db,
  );
  // Each on its own: DROP DATABASE refuses to run in a transaction block.
  await sql`drop database template0`.execute(database.db);
  await sql`drop database template1`.execute(database.db);
  for (const setting of [
    "shared_buffers = '16MB'",
    'full_page_writes = off',
    'synchronous_commit = off',
    'fsync = off',
    'wal_level = minimal',
    'max_wal_senders = 0',
  ])
    await sql.raw(`alter system set ${setting}`).execute(database.db);
}

/** The migrated and the seeded PGlite data directory of this run, saved as tarballs that each test database opens. */
async function buildPgliteTemplates(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dcc-test-templates-'));
  const files = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const save = async (database: Database, file: string) => {
    const tarball = await database.dumpDataDir!();
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  };
  await onDatabase({ databaseUrl: null, pgliteDir: null, poolSize: 1 }, async (database) => {
    await slimForCopies(database);
    await migrate(database);
    await save(database, files.migrated);
    await seed(database);
    await save(database, files.seeded);
  });
  process.env[TEMPLATES_ENV] = JSON.stringify({ pglite: files } satisfies Templates);
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * Builds this run's templates on the database the tests use (PostgreSQL when DATABASE_URL is set,
 * otherwise PGlite) and answers how to remove them at the end of the run.
 */
export function buildTemplates(): Promise<() => Promise<void>> {
  return process.env.DATABASE_URL ? buildPostgresTemplates(process.env.DATABASE_URL) : buildPgliteTemplates();
}

/** The PostgreSQL template database of this run for the kind, if the run has one. */
export const postgresTemplate = (kind: TemplateKind): string | undefined => templates().postgres?.[kind];

/** Each template's tarball, read once per worker: a Blob is immutable, and every copy reads it afresh. */
const tarballs = new Map<string, Promise<Blob>>();

/** The PGlite data directory of this run's template for the kind, if the run has one. */
export async function pgliteTemplate(kind: TemplateKind): Promise<Blob | undefined> {
  const file = templates().pglite?.[kind];
  if (!file) return undefined;
  if (!tarballs.has(file))
    tarballs.set(
      file,
      readFile(file).then((bytes) => new Blob([bytes])),
    );
  return tarballs.get(file);
}

import { Button } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { newDealer, newMember, newUser } from './factories.ts';
import { loginAs, startTestApp, type TestApp } from './harness.ts';

/** Every button of the catalog pages. */
export const CATALOG_BUTTONS = [Button.SERIES, Button.DATA_TYPES, Button.PRODUCTS, Button.PROTOCOLS];

/**
 * The app of one catalog test file and two callers holding every catalog button: the maker, a
 * member of a level-0 company, and a reader, a member of a level-1 company below it.
 */
export interface CatalogEnv {
  t: TestApp;
  makerName: string;
  asMaker: { sessionid: string; dealersId: string };
  asReader: { sessionid: string; dealersId: string };
}

export function useCatalogApp(): CatalogEnv {
  const env = {} as CatalogEnv;
  beforeAll(async () => {
    env.t = await startTestApp();
    const db = env.t.db;
    const maker = await newDealer(db, { level: 0 });
    const reader = await newDealer(db, { parentId: maker, level: 1 });
    env.makerName = 'Catalog Maker';
    const makerUser = await newUser(db, { realName: env.makerName });
    const readerUser = await newUser(db, { realName: 'Catalog Reader' });
    await newMember(db, maker, makerUser.id, CATALOG_BUTTONS);
    await newMember(db, reader, readerUser.id, CATALOG_BUTTONS);
    env.asMaker = { sessionid: await loginAs(env.t.app, makerUser.phone), dealersId: maker };
    env.asReader = { sessionid: await loginAs(env.t.app, readerUser.phone), dealersId: reader };
  });
  afterAll(async () => env.t.close());
  return env;
}

let sequence = 0;
/** A catalog name no other test uses: letters and digits only, 4-30 long. */
export const uniqueName = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(sequence += 1)}`;

/** A protocol with one version, written directly (the protocol calls belong to another module). */
export async function insertProtocol(db: Kysely<DB>, name = uniqueName('Proto')): Promise<{ protocolId: string; versionId: string; name: string }> {
  const protocol = await db.insertInto('protocols').values({ name, code: name }).returning('id').executeTakeFirstOrThrow();
  const version = await db.insertInto('protocol_versions').values({ protocol_id: protocol.id, name: 'V1.0' }).returning('id').executeTakeFirstOrThrow();
  return { protocolId: protocol.id, versionId: version.id, name };
}

/** A point of a version using a data type, written directly. */
export async function insertPoint(db: Kysely<DB>, versionId: string, address: number, dataTypeId: string | null): Promise<string> {
  const row = await db
    .insertInto('protocol_points')
    .values({ version_id: versionId, address, code: `p${address}`, name: `Point ${address}`, mode: 'R', byte_length: 2, data_type_id: dataTypeId, enum_items: '[]', binary_items: '[]', fault_definitions: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

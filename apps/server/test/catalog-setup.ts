import { Button, addProtocol, importPoints, type ProtocolDetail } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { newDealer, newMember, newUser } from './factories.ts';
import { call, loginAs, startTestApp, type TestApp } from './harness.ts';
import { postMultipart } from './uploads.ts';

/** Every button of the catalog pages. */
export const CATALOG_BUTTONS = [
  Button.PRODUCT_MANAGE,
  Button.SERIES,
  Button.DATA_TYPES,
  Button.PRODUCTS,
  Button.PROTOCOLS,
];

type Caller = { sessionid: string; dealersId: string };

/**
 * The app of one catalog test file and two callers holding every catalog button: the maker, a
 * member of a level-0 company, and a reader, a member of a level-1 company below it.
 */
export interface CatalogEnv {
  t: TestApp;
  makerName: string;
  maker: Caller;
  reader: Caller;
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
    env.maker = { sessionid: await loginAs(env.t.app, makerUser.phone), dealersId: maker };
    env.reader = { sessionid: await loginAs(env.t.app, readerUser.phone), dealersId: reader };
  });
  afterAll(async () => env.t.close());
  return env;
}

let sequence = 0;
/** A catalog name or protocol code no other test uses: letters and digits only, 4-30 long. */
export const uniqueName = (prefix: string): string => `${prefix}${Date.now().toString(36)}${(sequence += 1)}`;

/** Adds a protocol (as the maker) and answers it with its first version. */
export async function newProtocol(
  env: CatalogEnv,
  overrides: Record<string, unknown> = {},
): Promise<ProtocolDetail & { versionId: string }> {
  const added = await call<ProtocolDetail>(
    env.t.app,
    addProtocol,
    { protocolName: 'Test_protocol', protocolCode: uniqueName('T'), ...overrides },
    env.maker,
  );
  if (added.body.error_code !== 0) throw new Error(`addProtocol failed: ${JSON.stringify(added.body)}`);
  const protocol = added.body.objectResult!;
  return { ...protocol, versionId: protocol.versions[0]!.versionId };
}

/** The version of the seeded demo heat-pump protocol (HP-STD). */
export async function demoVersionId(db: Kysely<DB>): Promise<string> {
  const demo = await db
    .selectFrom('protocol_versions as v')
    .innerJoin('protocols as p', 'p.id', 'v.protocol_id')
    .select('v.id')
    .where('p.code', '=', 'HP-STD')
    .executeTakeFirstOrThrow();
  return demo.id;
}

/** A valid point body: a 2-byte read-only number unless told otherwise. */
export const pointBody = (
  address: number,
  pointCode: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  address,
  pointCode,
  pointName: `点位${address}`,
  mode: 'R',
  byteLength: 2,
  ...extra,
});

/** Posts a multipart call the way the console uploads a file: fields first, then `file`. */
export async function postFile(
  env: CatalogEnv,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  options: { language?: string; as?: Caller } = {},
) {
  return postMultipart(env.t.app, importPoints.path, options.as ?? env.maker, fields, file, options.language);
}

import { ErrorCode, type Locale, type ProtocolDetail, type ProtocolVersion } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { assertSameVersion, assertVersionMatched } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { claimUniqueText, deleteUnlessUsed, foundOrFail, type CatalogMaker } from '../catalog/index.ts';
import { devicesReadingVersion, findProtocol, findVersion, touchProtocol, versionNameTaken } from './repo.ts';
import {
  copyPoints,
  deleteProtocolVersionRow,
  insertProtocol,
  insertProtocolVersion,
  lockProtocol,
  protocolVersionCount,
  updateProtocolAtVersion,
  updateProtocolVersionRow,
  type ProtocolEdit,
} from './write-repo.ts';

/** Protocols and their versions as the maker changes them: codes unique ignoring case, one version at least. */

export const protocolOrFail = (db: Kysely<DB>, protocolId: string, locale: Locale): Promise<ProtocolDetail> =>
  foundOrFail(findProtocol(db, protocolId, locale));
const versionOrFail = (db: Kysely<DB>, versionId: string) => foundOrFail(findVersion(db, versionId));

const claimCode = (trx: Kysely<DB>, protocolCode: string, exceptId: string | null) =>
  claimUniqueText(trx, {
    table: 'protocols',
    column: 'code',
    value: protocolCode,
    exceptId,
    taken: ErrorCode.PROTOCOL_CODE_TAKEN,
  });

/**
 * Changes a protocol's versions: inside one transaction the protocol is locked first (NOT_FOUND
 * when it is gone) and recorded as changed by the maker last.
 */
async function changeVersions<T>(
  db: Kysely<DB>,
  maker: CatalogMaker,
  protocolId: string,
  change: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockProtocol(trx, protocolId);
    const result = await change(trx);
    await touchProtocol(trx, protocolId, maker.name);
    return result;
  });
}

/** Adds a protocol with its first version; PROTOCOL_CODE_TAKEN when another has the code. */
export async function addCatalogProtocol(
  db: Kysely<DB>,
  maker: CatalogMaker,
  input: ProtocolEdit & { versionName: string },
  locale: Locale,
): Promise<ProtocolDetail> {
  const id = await db.transaction().execute(async (trx) => {
    await claimCode(trx, input.protocolCode, null);
    const protocolId = await insertProtocol(trx, input, maker.name);
    await insertProtocolVersion(trx, { protocolId, versionName: input.versionName }, maker.name);
    return protocolId;
  });
  return protocolOrFail(db, id, locale);
}

/** Rewrites a protocol at the version the maker read (NOT_FOUND, STALE_VERSION, PROTOCOL_CODE_TAKEN otherwise). */
export async function updateCatalogProtocol(
  db: Kysely<DB>,
  maker: CatalogMaker,
  input: ProtocolEdit & { protocolId: string; version: number },
  locale: Locale,
): Promise<ProtocolDetail> {
  await db.transaction().execute(async (trx) => {
    assertSameVersion(await lockProtocol(trx, input.protocolId), input.version);
    await claimCode(trx, input.protocolCode, input.protocolId);
    assertVersionMatched(await updateProtocolAtVersion(trx, input, input, maker.name));
  });
  return protocolOrFail(db, input.protocolId, locale);
}

/** Deletes a protocol at the version the maker read that no product uses (PROTOCOL_IN_USE with the count otherwise). */
export async function deleteCatalogProtocol(db: Kysely<DB>, input: { protocolId: string; version: number }) {
  await db.transaction().execute(async (trx) => {
    assertSameVersion(await lockProtocol(trx, input.protocolId), input.version);
    await deleteUnlessUsed(trx, {
      table: 'protocols',
      id: input.protocolId,
      usedBy: 'products',
      column: 'protocol_id',
      inUse: ErrorCode.PROTOCOL_IN_USE,
    });
  });
}

/** Adds a version to a protocol, with a copy of another version's points when one is named. */
export async function addCatalogProtocolVersion(
  db: Kysely<DB>,
  maker: CatalogMaker,
  input: { protocolId: string; versionName: string; description: string; copyFromVersionId: string },
): Promise<ProtocolVersion> {
  const id = await changeVersions(db, maker, input.protocolId, async (trx) => {
    let source: string | null = null;
    if (input.copyFromVersionId !== '') {
      const from = await findVersion(trx, input.copyFromVersionId);
      if (!from || from.protocolId !== input.protocolId) fail(ErrorCode.NOT_FOUND);
      source = from.versionId;
    }
    if (await versionNameTaken(trx, input.protocolId, input.versionName, null)) fail(ErrorCode.VERSION_NAME_TAKEN);
    const versionId = await insertProtocolVersion(trx, input, maker.name);
    if (source !== null) await copyPoints(trx, source, versionId, maker.name);
    return versionId;
  });
  return versionOrFail(db, id);
}

/** Renames a version (VERSION_NAME_TAKEN when another version of the protocol has the name). */
export async function updateCatalogProtocolVersion(
  db: Kysely<DB>,
  maker: CatalogMaker,
  input: { versionId: string; versionName: string; description: string },
): Promise<ProtocolVersion> {
  const version = await versionOrFail(db, input.versionId);
  await changeVersions(db, maker, version.protocolId, async (trx) => {
    if (await versionNameTaken(trx, version.protocolId, input.versionName, version.versionId))
      fail(ErrorCode.VERSION_NAME_TAKEN);
    await updateProtocolVersionRow(trx, version.versionId, input);
  });
  return versionOrFail(db, version.versionId);
}

/**
 * Deletes a version unless it is the protocol's last (VERSION_LAST) or devices read their frames with it
 * (PROTOCOL_VERSION_IN_USE with their count): deleting it would switch them to another table unseen.
 */
export async function deleteCatalogProtocolVersion(db: Kysely<DB>, maker: CatalogMaker, versionId: string) {
  const version = await versionOrFail(db, versionId);
  await changeVersions(db, maker, version.protocolId, async (trx) => {
    if ((await protocolVersionCount(trx, version.protocolId)) <= 1) fail(ErrorCode.VERSION_LAST);
    const readers = await devicesReadingVersion(trx, version);
    if (readers > 0) fail(ErrorCode.PROTOCOL_VERSION_IN_USE, { count: readers });
    await deleteProtocolVersionRow(trx, version.versionId);
  });
}

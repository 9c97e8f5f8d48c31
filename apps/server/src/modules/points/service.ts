import {
  ErrorCode,
  MAX_POINTS_PER_VERSION,
  translate,
  type Locale,
  type PointFields,
  type ProtocolPoint,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import { assertSameVersion, assertVersionMatched } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail, type CatalogMaker } from '../catalog/index.ts';
import { diffPoint, recordHistory } from '../point-history/index.ts';
import { touchProtocol } from '../protocols/index.ts';
import { fieldsOf, loadDataTypes, pointById, versionPoints, type StoredDataType } from './point-row.ts';
import { deletePointAtVersion, insertPoint, lockVersion, updatePointAtVersion } from './repo.ts';
import { assertValidTable, compilePoints, pointLabel } from './table-check.ts';

/**
 * The points of a protocol version as the maker changes them, one at a time: each change keeps the version's
 * table valid as a whole, is written to the point history and marks the protocol as changed.
 */

export const pointOrFail = (db: Kysely<DB>, pointId: string, locale: Locale): Promise<ProtocolPoint> =>
  foundOrFail(isIdText(pointId) ? pointById(db, pointId, locale) : Promise.resolve(undefined));

/** The version's table and the catalog's data types, read inside the writer's transaction. */
async function tableOf(
  trx: Kysely<DB>,
  versionId: string,
  locale: Locale,
): Promise<{ points: ProtocolPoint[]; dataTypes: StoredDataType[]; names: Map<string, string> }> {
  const points = await versionPoints(trx, versionId, locale);
  const dataTypes = await loadDataTypes(trx);
  return { points, dataTypes, names: new Map(dataTypes.map((t) => [t.id, t.name])) };
}

const historyOf = (point: { address: number; pointCode: string; pointName: string }) => ({
  address: point.address,
  pointCode: point.pointCode,
  pointName: point.pointName,
});

type StoredPointChange = Awaited<ReturnType<typeof tableOf>> & {
  trx: Kysely<DB>;
  version: { versionId: string; protocolId: string };
  point: ProtocolPoint;
};

/**
 * Changes one stored point as the maker: inside one transaction its version is locked and `change`
 * gets the version's table and the point as it stands there (NOT_FOUND when it is gone), after the
 * point's record version is checked against the one the caller read (STALE_VERSION otherwise).
 * `change` also matches that version in its own statement (assertVersionMatched).
 */
async function changeStoredPoint(
  db: Kysely<DB>,
  locale: Locale,
  edit: { pointId: string; version: number },
  change: (at: StoredPointChange) => Promise<void>,
): Promise<string> {
  const stored = await pointOrFail(db, edit.pointId, locale);
  await db.transaction().execute(async (trx) => {
    const version = await lockVersion(trx, stored.versionId);
    const table = await tableOf(trx, version.versionId, locale);
    const point = table.points.find((p) => p.pointId === stored.pointId);
    if (!point) fail(ErrorCode.NOT_FOUND);
    assertSameVersion(point.version, edit.version);
    await change({ ...table, trx, version, point });
  });
  return stored.pointId;
}

/** Adds a point to a version (TOO_MANY_POINTS past the limit, POINT_INVALID when the table would not compile). */
export async function addCatalogPoint(
  db: Kysely<DB>,
  maker: CatalogMaker,
  locale: Locale,
  input: { versionId: string; point: PointFields },
): Promise<ProtocolPoint> {
  const id = await db.transaction().execute(async (trx) => {
    const version = await lockVersion(trx, input.versionId);
    const { points, dataTypes, names } = await tableOf(trx, version.versionId, locale);
    if (points.length >= MAX_POINTS_PER_VERSION) fail(ErrorCode.TOO_MANY_POINTS, { max: MAX_POINTS_PER_VERSION });
    assertValidTable(locale, [...points.map(fieldsOf), input.point], dataTypes, points.length);
    const pointId = await insertPoint(trx, version.versionId, input.point, maker.name);
    const changes = diffPoint(null, input.point, names);
    await recordHistory(
      trx,
      [{ versionId: version.versionId, pointId, ...historyOf(input.point), action: 'add', changes }],
      maker,
    );
    await touchProtocol(trx, version.protocolId, maker.name);
    return pointId;
  });
  return pointOrFail(db, id, locale);
}

/** Rewrites a point at the version the maker read; an edit that changes nothing writes nothing. */
export async function updateCatalogPoint(
  db: Kysely<DB>,
  maker: CatalogMaker,
  locale: Locale,
  input: { pointId: string; version: number; point: PointFields },
): Promise<ProtocolPoint> {
  const pointId = await changeStoredPoint(
    db,
    locale,
    input,
    async ({ trx, version, point, points, dataTypes, names }) => {
      const table: PointFields[] = points.map((p) => (p.pointId === point.pointId ? input.point : fieldsOf(p)));
      assertValidTable(
        locale,
        table,
        dataTypes,
        points.findIndex((p) => p.pointId === point.pointId),
      );
      const changes = diffPoint(fieldsOf(point), input.point, names);
      if (!changes.length) return;
      assertVersionMatched(
        await updatePointAtVersion(trx, { pointId: point.pointId, version: input.version }, input.point, maker.name),
      );
      await recordHistory(
        trx,
        [
          {
            versionId: version.versionId,
            pointId: point.pointId,
            ...historyOf(input.point),
            action: 'update',
            changes,
          },
        ],
        maker,
      );
      await touchProtocol(trx, version.protocolId, maker.name);
    },
  );
  return pointOrFail(db, pointId, locale);
}

/** Deletes a point at the version the maker read, unless another point of the table refers to it (POINT_INVALID). */
export async function deleteCatalogPoint(
  db: Kysely<DB>,
  maker: CatalogMaker,
  locale: Locale,
  input: { pointId: string; version: number },
): Promise<void> {
  await changeStoredPoint(db, locale, input, async ({ trx, version, point, points, dataTypes, names }) => {
    const rest = points.filter((p) => p.pointId !== point.pointId).map(fieldsOf);
    const result = compilePoints(rest, dataTypes);
    if (!result.ok) {
      const others = [...new Set(result.errors.map((e) => pointLabel(e.address, e.pointCode)))].join(', ');
      fail(ErrorCode.POINT_INVALID, {
        detail: translate(locale, 'catalog.table.referencedBy', {
          point: pointLabel(point.address, point.pointCode),
          others,
        }),
      });
    }
    assertVersionMatched(await deletePointAtVersion(trx, { pointId: point.pointId, version: input.version }));
    const changes = diffPoint(fieldsOf(point), null, names);
    await recordHistory(
      trx,
      [{ versionId: version.versionId, pointId: null, ...historyOf(point), action: 'delete', changes }],
      maker,
    );
    await touchProtocol(trx, version.protocolId, maker.name);
  });
}

import {
  ErrorCode,
  MAX_POINTS_PER_VERSION,
  addPoint,
  deletePoint,
  listPoints,
  pointById as pointByIdCall,
  translate,
  updatePoint,
  type PointFields,
  type ProtocolPoint,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import { assertSameVersion, assertVersionMatched, nextVersion } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { makerScope, operatorName, foundOrFail } from '../catalog/index.ts';
import { diffPoint, recordHistory } from '../point-history/index.ts';
import { findVersion, touchProtocol } from '../protocols/index.ts';
import { fieldsOf, loadDataTypes, pointById, pointColumns, versionPoints, type StoredDataType } from './point-row.ts';
import { listPointPage } from './repo.ts';
import { assertValidTable, compilePoints, pointLabel } from './table-check.ts';

/** Locks a version's row so that its table changes one writer at a time; NOT_FOUND when it is gone. */
export async function lockVersion(
  trx: Kysely<DB>,
  versionId: string,
): Promise<{ versionId: string; protocolId: string }> {
  const row = isIdText(versionId)
    ? await trx
        .selectFrom('protocol_versions')
        .select(['id', 'protocol_id'])
        .where('id', '=', versionId)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row) fail(ErrorCode.NOT_FOUND);
  return { versionId: row.id, protocolId: row.protocol_id };
}

const pointOrFail = (db: Kysely<DB>, pointId: string): Promise<ProtocolPoint> =>
  foundOrFail(isIdText(pointId) ? pointById(db, pointId) : Promise.resolve(undefined));

/** The version's table and the catalog's data types, read inside the writer's transaction. */
async function tableOf(
  trx: Kysely<DB>,
  versionId: string,
): Promise<{ points: ProtocolPoint[]; dataTypes: StoredDataType[]; names: Map<string, string> }> {
  const points = await versionPoints(trx, versionId);
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
  operator: { userId: string; name: string };
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
  ctx: CallContext,
  edit: { pointId: string; version: number },
  change: (at: StoredPointChange) => Promise<void>,
): Promise<string> {
  makerScope(ctx);
  const operator = await operatorName(db, ctx);
  const stored = await pointOrFail(db, edit.pointId);
  await db.transaction().execute(async (trx) => {
    const version = await lockVersion(trx, stored.versionId);
    const table = await tableOf(trx, version.versionId);
    const point = table.points.find((p) => p.pointId === stored.pointId);
    if (!point) fail(ErrorCode.NOT_FOUND);
    assertSameVersion(point.version, edit.version);
    await change({ ...table, trx, operator, version, point });
  });
  return stored.pointId;
}

/** Protocol points of a version (parameter list, point editor). */
export function pointRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listPoints, async (input) => {
      await foundOrFail(findVersion(db, input.versionId));
      return listPointPage(db, input);
    }),
    route(pointByIdCall, (input) => pointOrFail(db, input.pointId)),
    route(addPoint, async (input, ctx) => {
      makerScope(ctx);
      const operator = await operatorName(db, ctx);
      const id = await db.transaction().execute(async (trx) => {
        const version = await lockVersion(trx, input.versionId);
        const { points, dataTypes, names } = await tableOf(trx, version.versionId);
        if (points.length >= MAX_POINTS_PER_VERSION) fail(ErrorCode.TOO_MANY_POINTS, { max: MAX_POINTS_PER_VERSION });
        assertValidTable(ctx.locale, [...points.map(fieldsOf), input.point], dataTypes, points.length);
        const row = await trx
          .insertInto('protocol_points')
          .values({ version_id: version.versionId, ...pointColumns(input.point, operator.name) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const changes = diffPoint(null, input.point, names);
        await recordHistory(
          trx,
          [{ versionId: version.versionId, pointId: row.id, ...historyOf(input.point), action: 'add', changes }],
          operator,
        );
        await touchProtocol(trx, version.protocolId, operator.name);
        return row.id;
      });
      return pointOrFail(db, id);
    }),
    route(updatePoint, async (input, ctx) => {
      const pointId = await changeStoredPoint(
        db,
        ctx,
        input,
        async ({ trx, operator, version, point, points, dataTypes, names }) => {
          const table: PointFields[] = points.map((p) => (p.pointId === point.pointId ? input.point : fieldsOf(p)));
          assertValidTable(
            ctx.locale,
            table,
            dataTypes,
            points.findIndex((p) => p.pointId === point.pointId),
          );
          const changes = diffPoint(fieldsOf(point), input.point, names);
          if (!changes.length) return;
          assertVersionMatched(
            await trx
              .updateTable('protocol_points')
              .set({ ...pointColumns(input.point, operator.name), ...nextVersion, updated_at: new Date() })
              .where('id', '=', point.pointId)
              .where('version', '=', input.version)
              .executeTakeFirst(),
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
            operator,
          );
          await touchProtocol(trx, version.protocolId, operator.name);
        },
      );
      return pointOrFail(db, pointId);
    }),
    route(deletePoint, async (input, ctx) => {
      await changeStoredPoint(db, ctx, input, async ({ trx, operator, version, point, points, dataTypes, names }) => {
        const rest = points.filter((p) => p.pointId !== point.pointId).map(fieldsOf);
        const result = compilePoints(rest, dataTypes);
        if (!result.ok) {
          const others = [...new Set(result.errors.map((e) => pointLabel(e.address, e.pointCode)))].join(', ');
          fail(ErrorCode.POINT_INVALID, {
            detail: translate(ctx.locale, 'catalog.table.referencedBy', {
              point: pointLabel(point.address, point.pointCode),
              others,
            }),
          });
        }
        assertVersionMatched(
          await trx
            .deleteFrom('protocol_points')
            .where('id', '=', point.pointId)
            .where('version', '=', input.version)
            .executeTakeFirst(),
        );
        const changes = diffPoint(fieldsOf(point), null, names);
        await recordHistory(
          trx,
          [{ versionId: version.versionId, pointId: null, ...historyOf(point), action: 'delete', changes }],
          operator,
        );
        await touchProtocol(trx, version.protocolId, operator.name);
      });
      return null;
    }),
  ];
}

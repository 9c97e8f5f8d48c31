import {
  ErrorCode,
  addProtocol,
  addProtocolVersion,
  deleteProtocol,
  deleteProtocolVersion,
  listProtocols,
  protocolById,
  protocolOptions,
  updateProtocol,
  updateProtocolVersion,
  type ProtocolDetail,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import { assertSameVersion, assertVersionMatched, nextVersion } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { makerScope, operatorName, deleteUnlessUsed, foundOrFail, claimUniqueText } from '../catalog/index.ts';
import {
  findProtocol,
  findVersion,
  listProtocolPage,
  protocolOptionList,
  touchProtocol,
  versionNameTaken,
} from './repo.ts';

/** Locks a protocol's row (its versions change under it); NOT_FOUND when it is gone. Answers its record version. */
async function lockProtocol(trx: Kysely<DB>, protocolId: string): Promise<number> {
  const row = isIdText(protocolId)
    ? await trx
        .selectFrom('protocols')
        .select(['id', 'version'])
        .where('id', '=', protocolId)
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row) fail(ErrorCode.NOT_FOUND);
  return row.version;
}

/**
 * Changes a protocol's versions: inside one transaction the protocol is locked first (NOT_FOUND
 * when it is gone) and recorded as changed by the operator last.
 */
async function changeVersions<T>(
  db: Kysely<DB>,
  ctx: CallContext,
  protocolId: string,
  change: (trx: Kysely<DB>, operator: { userId: string; name: string }) => Promise<T>,
): Promise<T> {
  const operator = await operatorName(db, ctx);
  return db.transaction().execute(async (trx) => {
    await lockProtocol(trx, protocolId);
    const result = await change(trx, operator);
    await touchProtocol(trx, protocolId, operator.name);
    return result;
  });
}

const protocolOrFail = (db: Kysely<DB>, protocolId: string): Promise<ProtocolDetail> =>
  foundOrFail(findProtocol(db, protocolId));
const versionOrFail = (db: Kysely<DB>, versionId: string) => foundOrFail(findVersion(db, versionId));

/** Protocols and their versions (protocalManage, B154). */
export function protocolRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listProtocols, (input) => listProtocolPage(db, input)),
    route(protocolOptions, () => protocolOptionList(db)),
    route(protocolById, (input) => protocolOrFail(db, input.protocolId)),
    route(addProtocol, async (input, ctx) => {
      makerScope(ctx);
      const operator = await operatorName(db, ctx);
      const id = await db.transaction().execute(async (trx) => {
        await claimUniqueText(trx, {
          table: 'protocols',
          column: 'code',
          value: input.protocolCode,
          exceptId: null,
          taken: ErrorCode.PROTOCOL_CODE_TAKEN,
        });
        const row = await trx
          .insertInto('protocols')
          .values({
            name: input.protocolName,
            code: input.protocolCode,
            description: input.description,
            creator_name: operator.name,
            modifier_name: operator.name,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('protocol_versions')
          .values({ protocol_id: row.id, name: input.versionName, creator_name: operator.name })
          .execute();
        return row.id;
      });
      return protocolOrFail(db, id);
    }),
    route(updateProtocol, async (input, ctx) => {
      makerScope(ctx);
      const operator = await operatorName(db, ctx);
      await db.transaction().execute(async (trx) => {
        assertSameVersion(await lockProtocol(trx, input.protocolId), input.version);
        await claimUniqueText(trx, {
          table: 'protocols',
          column: 'code',
          value: input.protocolCode,
          exceptId: input.protocolId,
          taken: ErrorCode.PROTOCOL_CODE_TAKEN,
        });
        const result = await trx
          .updateTable('protocols')
          .set({
            name: input.protocolName,
            code: input.protocolCode,
            description: input.description,
            modifier_name: operator.name,
            updated_at: sql`now()`,
            ...nextVersion,
          })
          .where('id', '=', input.protocolId)
          .where('version', '=', input.version)
          .executeTakeFirst();
        assertVersionMatched(result);
      });
      return protocolOrFail(db, input.protocolId);
    }),
    route(deleteProtocol, async (input, ctx) => {
      makerScope(ctx);
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
      return null;
    }),
    route(addProtocolVersion, async (input, ctx) => {
      makerScope(ctx);
      const id = await changeVersions(db, ctx, input.protocolId, async (trx, operator) => {
        let source: string | null = null;
        if (input.copyFromVersionId !== '') {
          const from = await findVersion(trx, input.copyFromVersionId);
          if (!from || from.protocolId !== input.protocolId) fail(ErrorCode.NOT_FOUND);
          source = from.versionId;
        }
        if (await versionNameTaken(trx, input.protocolId, input.versionName, null)) fail(ErrorCode.VERSION_NAME_TAKEN);
        const row = await trx
          .insertInto('protocol_versions')
          .values({
            protocol_id: input.protocolId,
            name: input.versionName,
            description: input.description,
            creator_name: operator.name,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (source !== null) await copyPoints(trx, source, row.id, operator.name);
        return row.id;
      });
      return versionOrFail(db, id);
    }),
    route(updateProtocolVersion, async (input, ctx) => {
      makerScope(ctx);
      const version = await versionOrFail(db, input.versionId);
      await changeVersions(db, ctx, version.protocolId, async (trx) => {
        if (await versionNameTaken(trx, version.protocolId, input.versionName, version.versionId))
          fail(ErrorCode.VERSION_NAME_TAKEN);
        await trx
          .updateTable('protocol_versions')
          .set({ name: input.versionName, description: input.description })
          .where('id', '=', version.versionId)
          .execute();
      });
      return versionOrFail(db, version.versionId);
    }),
    route(deleteProtocolVersion, async (input, ctx) => {
      makerScope(ctx);
      const version = await versionOrFail(db, input.versionId);
      await changeVersions(db, ctx, version.protocolId, async (trx) => {
        const count = await trx
          .selectFrom('protocol_versions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('protocol_id', '=', version.protocolId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) <= 1) fail(ErrorCode.VERSION_LAST);
        await trx.deleteFrom('protocol_versions').where('id', '=', version.versionId).execute();
      });
      return null;
    }),
  ];
}

const COPIED_COLUMNS = sql.raw(
  [
    'address',
    'code',
    'name',
    'en_name',
    'mode',
    'vendor_param',
    'basic_info',
    'end_user_display',
    'client_param',
    'hidden',
    'code_class',
    'byte_length',
    'high_low',
    'high_point',
    'low_point',
    'data_type_id',
    'report_formula',
    'send_formula',
    'fault_type',
    'value_range',
    'unit',
    'default_value',
    'description',
    'en_description',
    'value_kind',
    'enum_items',
    'binary_items',
    'fault_definitions',
  ].join(', '),
);

/** Copies every point of one version into another in one statement. */
async function copyPoints(
  trx: Kysely<DB>,
  fromVersionId: string,
  toVersionId: string,
  modifier: string,
): Promise<void> {
  await sql`
    insert into protocol_points (version_id, modifier_name, ${COPIED_COLUMNS})
    select ${toVersionId}, ${modifier}, ${COPIED_COLUMNS} from protocol_points where version_id = ${fromVersionId} order by address`.execute(
    trx,
  );
}

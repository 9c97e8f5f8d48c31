import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely, type UpdateResult } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import { nextVersion } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

/** The statements that change protocols and their versions (the reads are in repo.ts). */

/** What the maker sets on a protocol. */
export interface ProtocolEdit {
  protocolName: string;
  protocolEnName: string;
  protocolCode: string;
  description: string;
}

/** Locks a protocol's row (its versions change under it); NOT_FOUND when it is gone. Answers its record version. */
export async function lockProtocol(trx: Kysely<DB>, protocolId: string): Promise<number> {
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

/** Adds a protocol made by `makerName`; answers its id. */
export async function insertProtocol(db: Kysely<DB>, edit: ProtocolEdit, makerName: string): Promise<string> {
  const row = await db
    .insertInto('protocols')
    .values({
      name: edit.protocolName,
      en_name: edit.protocolEnName,
      code: edit.protocolCode,
      description: edit.description,
      creator_name: makerName,
      modifier_name: makerName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rewrites a protocol at the record version the maker read, moving it to the next (assertVersionMatched checks the result). */
export function updateProtocolAtVersion(
  db: Kysely<DB>,
  protocol: { protocolId: string; version: number },
  edit: ProtocolEdit,
  makerName: string,
): Promise<UpdateResult> {
  return db
    .updateTable('protocols')
    .set({
      name: edit.protocolName,
      en_name: edit.protocolEnName,
      code: edit.protocolCode,
      description: edit.description,
      modifier_name: makerName,
      updated_at: sql`now()`,
      ...nextVersion,
    })
    .where('id', '=', protocol.protocolId)
    .where('version', '=', protocol.version)
    .executeTakeFirst();
}

/** Adds a version to a protocol; answers its id. */
export async function insertProtocolVersion(
  db: Kysely<DB>,
  version: { protocolId: string; versionName: string; description?: string },
  makerName: string,
): Promise<string> {
  const row = await db
    .insertInto('protocol_versions')
    .values({
      protocol_id: version.protocolId,
      name: version.versionName,
      ...(version.description === undefined ? {} : { description: version.description }),
      creator_name: makerName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renames a version and rewrites its description. */
export async function updateProtocolVersionRow(
  db: Kysely<DB>,
  versionId: string,
  edit: { versionName: string; description: string },
): Promise<void> {
  await db
    .updateTable('protocol_versions')
    .set({ name: edit.versionName, description: edit.description })
    .where('id', '=', versionId)
    .execute();
}

/** How many versions a protocol has. */
export async function protocolVersionCount(db: Kysely<DB>, protocolId: string): Promise<number> {
  const count = await db
    .selectFrom('protocol_versions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('protocol_id', '=', protocolId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** Deletes a version's row. */
export async function deleteProtocolVersionRow(db: Kysely<DB>, versionId: string): Promise<void> {
  await db.deleteFrom('protocol_versions').where('id', '=', versionId).execute();
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
    'en_unit',
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
export async function copyPoints(
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

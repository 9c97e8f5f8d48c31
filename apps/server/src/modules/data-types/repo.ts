import type { DataTypeRecord, listDataTypes } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import { pageWithTotal } from '../../db/page.ts';
import type { DataTypeRules } from './rules.ts';

/** Data types: one list for the whole platform, ordered by sort order, then name. */

/** A list call's request as validated by the contract. */
export type DataTypeFilter = z.output<typeof listDataTypes.request>;

const allDataTypes = (db: Kysely<DB>) => db.selectFrom('data_types as dt');

function selectItem(query: ReturnType<typeof allDataTypes>) {
  return query
    .select([
      'dt.id as dataTypeId',
      'dt.name as dataTypeName',
      'dt.en_name as dataTypeEnName',
      'dt.report_rule as reportRule',
      'dt.send_rule as sendRule',
      'dt.description',
      'dt.signed',
      'dt.sort_order as sortOrder',
      'dt.creator_name as creator',
      'dt.modifier_name as modifier',
      'dt.created_at',
      'dt.updated_at',
      sql<number>`(select count(*) from protocol_points pp where pp.data_type_id = dt.id)::int`.as('pointCount'),
    ])
    .orderBy('dt.sort_order')
    .orderBy('dt.name')
    .orderBy('dt.id');
}

type DataTypeRow = Omit<DataTypeRecord, 'createTime' | 'updateTime'> & { created_at: Date; updated_at: Date };
const toDataType = ({ created_at, updated_at, ...row }: DataTypeRow): DataTypeRecord => ({
  ...row,
  createTime: isoTime(created_at),
  updateTime: isoTime(updated_at),
});

/** One page of data types in list order and how many match. */
export async function listDataTypePage(
  db: Kysely<DB>,
  filter: DataTypeFilter,
): Promise<{ list: DataTypeRecord[]; totalSize: number }> {
  let query = allDataTypes(db);
  if (filter.dataTypeName) {
    const pattern = containsPattern(filter.dataTypeName);
    query = query.where((eb) => eb.or([eb('dt.name', 'ilike', pattern), eb('dt.en_name', 'ilike', pattern)]));
  }
  const { rows, totalSize } = await pageWithTotal(query, selectItem, filter);
  return { list: rows.map(toDataType), totalSize };
}

/** Every data type with its rules, in list order. */
export async function dataTypeOptionList(db: Kysely<DB>): Promise<DataTypeRecord[]> {
  return (await selectItem(allDataTypes(db)).execute()).map(toDataType);
}

/** A data type by id, or undefined for a missing or malformed id. */
export async function findDataType(db: Kysely<DB>, dataTypeId: string): Promise<DataTypeRecord | undefined> {
  if (!isIdText(dataTypeId)) return undefined;
  const row = await selectItem(allDataTypes(db)).where('dt.id', '=', dataTypeId).executeTakeFirst();
  return row && toDataType(row);
}

/** What the maker sets on a data type. */
export type DataTypeEdit = DataTypeRules & { dataTypeEnName: string; description: string };

const editedColumns = (edit: DataTypeEdit) => ({
  name: edit.dataTypeName,
  en_name: edit.dataTypeEnName,
  report_rule: edit.reportRule,
  send_rule: edit.sendRule,
  description: edit.description,
  signed: edit.signed,
  sort_order: edit.sortOrder,
});

/** Adds a data type made by `makerName`; answers its id. */
export async function insertDataType(db: Kysely<DB>, edit: DataTypeEdit, makerName: string): Promise<string> {
  const row = await db
    .insertInto('data_types')
    .values({ ...editedColumns(edit), creator_name: makerName, modifier_name: makerName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rewrites a data type, recording who changed it and when. */
export async function updateDataTypeRow(
  db: Kysely<DB>,
  dataTypeId: string,
  edit: DataTypeEdit,
  makerName: string,
): Promise<void> {
  await db
    .updateTable('data_types')
    .set({ ...editedColumns(edit), modifier_name: makerName, updated_at: sql`now()` })
    .where('id', '=', dataTypeId)
    .execute();
}

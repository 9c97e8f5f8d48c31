import { ErrorCode, type DataTypeRecord, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { claimNames, deleteUnlessUsed, foundOrFail, type CatalogMaker } from '../catalog/index.ts';
import { findDataType, insertDataType, updateDataTypeRow, type DataTypeEdit } from './repo.ts';
import { checkDataTypeRules } from './rules.ts';

/** Data types as the maker changes them: rules the protocol engine compiles, names unique ignoring case. */

const existingDataType = (db: Kysely<DB>, dataTypeId: string): Promise<DataTypeRecord> =>
  foundOrFail(findDataType(db, dataTypeId));

const claimName = (trx: Kysely<DB>, names: { dataTypeName: string; dataTypeEnName: string }, exceptId: string | null) =>
  claimNames(
    trx,
    'data_types',
    { name: names.dataTypeName, enName: names.dataTypeEnName, exceptId },
    { name: ErrorCode.DATA_TYPE_NAME_TAKEN, enName: ErrorCode.DATA_TYPE_EN_NAME_TAKEN },
  );

/** Adds a data type; FORMULA_INVALID for rules that do not compile, DATA_TYPE_NAME_TAKEN for a taken name. */
export async function addCatalogDataType(
  db: Kysely<DB>,
  maker: CatalogMaker,
  locale: Locale,
  edit: DataTypeEdit,
): Promise<DataTypeRecord> {
  checkDataTypeRules(locale, edit);
  const id = await db.transaction().execute(async (trx) => {
    await claimName(trx, edit, null);
    return insertDataType(trx, edit, maker.name);
  });
  return existingDataType(db, id);
}

/** Rewrites a data type; NOT_FOUND when it is gone, then as `addCatalogDataType`. */
export async function updateCatalogDataType(
  db: Kysely<DB>,
  maker: CatalogMaker,
  locale: Locale,
  input: DataTypeEdit & { dataTypeId: string },
): Promise<DataTypeRecord> {
  const dataType = await existingDataType(db, input.dataTypeId);
  checkDataTypeRules(locale, input);
  await db.transaction().execute(async (trx) => {
    await claimName(trx, input, dataType.dataTypeId);
    await updateDataTypeRow(trx, dataType.dataTypeId, input, maker.name);
  });
  return existingDataType(db, dataType.dataTypeId);
}

/** Deletes a data type no point refers to; DATA_TYPE_IN_USE with the count otherwise. */
export async function deleteCatalogDataType(db: Kysely<DB>, dataTypeId: string): Promise<void> {
  const dataType = await existingDataType(db, dataTypeId);
  await db.transaction().execute((trx) =>
    deleteUnlessUsed(trx, {
      table: 'data_types',
      id: dataType.dataTypeId,
      usedBy: 'protocol_points',
      column: 'data_type_id',
      inUse: ErrorCode.DATA_TYPE_IN_USE,
    }),
  );
}
